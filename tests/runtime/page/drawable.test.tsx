// A reload reads its screen's definition before the console's first drawing (runtime/page/drawable.ts): that drawing
// holds the screen instead of a spinner, nothing is asked for twice, and a read made ahead is drawn once, only while
// fresh. The browser's side (the reload on the real server) is tests/e2e/shell.test.ts.
import { render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { builtins } from '../../../runtime/builtins';
import { configureRuntime, createRegistry, prepareScreen } from '../../../runtime/index';
import DefinitionPage from '../../../runtime/page/DefinitionPage';
import { drawableAhead, forgetAhead } from '../../../runtime/page/drawable';
import { setPublishedSource } from '../../../runtime/page/published';
import { fakeServer, i18n, Providers, pageOf } from '../support';

const rows = [{ id: '1', category: 1, postCode: 'ceo', postName: '总经理', sort: 1 }];
let published = 0;
let server: ReturnType<typeof fakeServer>;

beforeEach(() => {
  i18n.changeLanguage('zh');
  published = 0;
  server = fakeServer({ 'GET /api/blade-system/post/list': ({ query }) => pageOf(rows, query) });
  const registry = createRegistry(builtins);
  configureRuntime({ provider: server.provider, registry });
  // No version is published: the shipped file is drawn.
  setPublishedSource({
    published: async () => {
      published += 1;
      return { version: 0, definition: null };
    },
    failed: async () => undefined,
  });
});
afterEach(() => {
  forgetAhead('system/post');
  setPublishedSource(undefined);
  vi.restoreAllMocks();
});

const listCalls = () => server.calls.filter((call) => call.path === '/api/blade-system/post/list').length;

const drawn = () =>
  render(
    <Providers provider={server.provider}>
      <DefinitionPage pageId="system/post" />
    </Providers>,
  );

describe('a screen read before the console draws it', () => {
  it('is drawn with the first drawing, its definition and first page asked for once', async () => {
    await prepareScreen('system/post');
    expect(published).toBe(1);
    expect(listCalls()).toBe(1);
    drawn();
    // At once: the screen's search and headings, not a spinner in their place.
    expect(screen.queryAllByText('岗位名称')).not.toEqual([]);
    expect(await screen.findByText('总经理')).toBeTruthy();
    expect(published).toBe(1);
    expect(listCalls()).toBe(1);
  });

  it('is drawn once: the screen opened again reads anew', async () => {
    await prepareScreen('system/post');
    drawn().unmount();
    drawn();
    expect(await screen.findByText('总经理')).toBeTruthy();
    expect(published).toBe(2);
  });

  it('is kept for its own screen only, and only for ten seconds', async () => {
    await prepareScreen('system/post');
    expect(drawableAhead('system/dept')).toBeUndefined();
    expect(drawableAhead('system/post')).toBeDefined();
    const now = performance.now();
    vi.spyOn(performance, 'now').mockReturnValue(now + 10_000);
    expect(drawableAhead('system/post')).toBeUndefined();
  });

  it('is what spares the first drawing its spinner: unread, the screen is drawn once its definition comes', async () => {
    drawn();
    expect(screen.queryAllByText('岗位名称')).toEqual([]);
    expect(await screen.findByText('总经理')).toBeTruthy();
    expect(published).toBe(1);
  });
});
