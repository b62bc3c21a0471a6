// A published version the console cannot draw is not a broken screen: the console reports it to the server, draws the
// newest version before it that it can draw (or the shipped file), and tells the person which it shows. The server's
// side (what it serves below a version, what the studio shows) is tests/server/studio/definition-limits.test.ts.
import { render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import shipped from '../../../pages/system/post.json';
import { builtins } from '../../../runtime/builtins';
import { i18n } from '../../../runtime/i18n/texts';
import DefinitionPage from '../../../runtime/page/DefinitionPage';
import { type PublishedAnswer, setPublishedSource } from '../../../runtime/page/published';
import { createRegistry, formatter } from '../../../runtime/registry';
import { fakeServer, Providers, pageOf } from '../support';

type Page = typeof shipped;

/** post.json with its name column called `name`, changed by `change` too. */
function version(name: string, change: (page: Page) => void = () => undefined): Page {
  const page = structuredClone(shipped);
  page.blocks[0].columns[2].label = { zh: name, en: name };
  change(page);
  return page;
}

const failures: { pageId: string; version: number; path: string }[] = [];
let asked: (number | undefined)[] = [];

/** Serves the newest of `versions` below the version asked, as the server does; passedOver as it would say it. */
function serve(versions: Record<number, unknown>, passedOver?: PublishedAnswer['passedOver']) {
  setPublishedSource({
    published: async (_pageId, below) => {
      asked.push(below);
      const numbers = Object.keys(versions)
        .map(Number)
        .filter((number) => below === undefined || number < below)
        .sort((a, b) => b - a);
      const newest = numbers[0];
      const answer = { version: newest ?? 0, definition: newest ? structuredClone(versions[newest]) : null };
      return below === undefined && passedOver ? { ...answer, passedOver } : answer;
    },
    failed: async (pageId, failed, problem) => failures.push({ pageId, version: failed, path: problem.path }),
  });
}

const rows = [{ id: '1', category: 1, postCode: 'ceo', postName: '总经理', sort: 1 }];
const server = () => fakeServer({ 'GET /api/blade-system/post/list': ({ query }) => pageOf(rows, query) });

/** A formatter that throws as it draws, as a runtime error in a real one would. */
const throwing = createRegistry(builtins, {
  formatters: {
    explode: formatter({
      Cell: () => {
        throw new Error('cannot draw this cell');
      },
    }),
  },
});

beforeEach(() => {
  failures.length = 0;
  asked = [];
  i18n.changeLanguage('zh');
});
afterEach(() => setPublishedSource(undefined));

describe('a published version that cannot be drawn', () => {
  it('draws the version before one naming a formatter this console lacks, says so, and reports it', async () => {
    serve({
      1: version('名称一'),
      2: version('名称二', (page) => Object.assign(page.blocks[0].columns[2], { format: 'thermometer' })),
    });
    render(
      <Providers provider={server().provider}>
        <DefinitionPage pageId="system/post" />
      </Providers>,
    );
    expect(await screen.findByText('此页面第 2 版无法显示,现显示第 1 版;已告知页面工作室。')).toBeTruthy();
    expect(await screen.findAllByText('名称一')).not.toEqual([]);
    expect(screen.queryAllByText('名称二')).toEqual([]);
    expect(failures).toEqual([{ pageId: 'system/post', version: 2, path: '/blocks/0/columns/2/format' }]);
    expect(asked).toEqual([undefined, 2]);
  });

  it('draws the shipped file when every version holds code or passes a limit, in English too', async () => {
    await i18n.changeLanguage('en');
    serve({
      1: version('java\tscript:alert(1)'),
      2: version('名称二', (page) => {
        page.blocks[0].columns = Array.from({ length: 3000 }, (_, index) => ({
          field: `f${index}`,
          label: { zh: '列', en: 'C' },
        })) as Page['blocks'][0]['columns'];
      }),
    });
    render(
      <Providers provider={server().provider}>
        <DefinitionPage pageId="system/post" />
      </Providers>,
    );
    expect(
      await screen.findByText(
        'Version 2 of this page cannot be drawn; the built-in page is shown instead. The page studio has been told.',
      ),
    ).toBeTruthy();
    expect(await screen.findAllByText('Name')).not.toEqual([]);
    expect(failures).toEqual([
      { pageId: 'system/post', version: 2, path: '/blocks/0/columns' },
      { pageId: 'system/post', version: 1, path: '/blocks/0/columns/2/label/zh' },
    ]);
  });

  it('tells the person of a version the server passed over', async () => {
    serve({ 1: version('名称一') }, { version: 2, problems: [{ path: '/id', message: 'x', zh: 'x' }] });
    render(
      <Providers provider={server().provider}>
        <DefinitionPage pageId="system/post" />
      </Providers>,
    );
    expect(await screen.findByText('此页面第 2 版无法显示,现显示第 1 版;已告知页面工作室。')).toBeTruthy();
    expect(await screen.findAllByText('名称一')).not.toEqual([]);
    // The server knows already: nothing is reported again.
    expect(failures).toEqual([]);
  });

  it('reports a version that throws while drawn and draws the one before it', async () => {
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      serve({
        1: version('名称一'),
        2: version('名称二', (page) => Object.assign(page.blocks[0].columns[2], { format: 'explode' })),
      });
      render(
        <Providers provider={server().provider} registry={throwing}>
          <DefinitionPage pageId="system/post" />
        </Providers>,
      );
      expect(await screen.findByText('此页面第 2 版无法显示,现显示第 1 版;已告知页面工作室。')).toBeTruthy();
      expect(await screen.findAllByText('名称一')).not.toEqual([]);
      await waitFor(() => expect(failures).toEqual([{ pageId: 'system/post', version: 2, path: '/' }]));
    } finally {
      quiet.mockRestore();
    }
  });

  it('draws a version that passes as it is, with no notice', async () => {
    serve({ 1: version('名称一'), 2: version('名称二') });
    render(
      <Providers provider={server().provider}>
        <DefinitionPage pageId="system/post" />
      </Providers>,
    );
    expect(await screen.findAllByText('名称二')).not.toEqual([]);
    expect(screen.queryByText(/无法显示/)).toBeNull();
    expect(failures).toEqual([]);
  });
});
