// A list's rows are shown with the names their dictionaries give their codes: the rows wait for the dictionaries the
// columns show (runtime/crud/fields.ts columnDictionaries), so a cell never shows 1 and then 高层. A dictionary that
// fails leaves the codes, and the rows still come.
import { render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { clearDictionaries } from '../../runtime/data/dictionary';
import DefinitionPage from '../../runtime/page/DefinitionPage';
import { fakeServer, i18n, Providers, pageOf } from './support';

const rows = [{ id: '1', category: 1, postCode: 'ceo', postName: '总经理', sort: 1 }];
const categories = [{ dictKey: '1', dictValue: '高层' }];

/** Holds a dictionary's answer until `answer` is called. */
function heldDictionary(items: unknown) {
  let answer: () => void = () => undefined;
  const held = new Promise<unknown>((resolve) => {
    answer = () => resolve(items);
  });
  return { answer: () => answer(), handler: () => held };
}

beforeEach(() => {
  i18n.changeLanguage('zh');
  clearDictionaries();
});

const settle = () => new Promise((resolve) => setTimeout(resolve, 50));

describe('rows and their dictionaries', () => {
  it('shows the rows only with their dictionary names', async () => {
    const dictionary = heldDictionary(categories);
    const server = fakeServer({
      'GET /api/blade-system/post/list': ({ query }) => pageOf(rows, query),
      'GET /api/blade-system/dict/dictionary': dictionary.handler,
    });
    render(
      <Providers provider={server.provider}>
        <DefinitionPage pageId="system/post" />
      </Providers>,
    );
    await screen.findAllByText('岗位名称');
    await settle();
    // The list has answered; its rows wait for the dictionary.
    expect(server.calls.some((call) => call.path === '/api/blade-system/post/list')).toBe(true);
    expect(screen.queryByText('总经理')).toBeNull();
    dictionary.answer();
    expect(await screen.findByText('总经理')).toBeTruthy();
    expect(screen.getAllByText('高层').length).toBeGreaterThan(0);
  });

  it('shows the rows with their codes when a dictionary fails', async () => {
    const server = fakeServer({
      'GET /api/blade-system/post/list': ({ query }) => pageOf(rows, query),
      'GET /api/blade-system/dict/dictionary': () => {
        throw { code: 500, msg: '服务器开小差了' };
      },
    });
    render(
      <Providers provider={server.provider}>
        <DefinitionPage pageId="system/post" />
      </Providers>,
    );
    expect(await screen.findByText('总经理')).toBeTruthy();
    expect(screen.queryByText('高层')).toBeNull();
  });
});
