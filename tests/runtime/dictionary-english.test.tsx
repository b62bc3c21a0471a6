// Dictionary labels follow the console's language: the English the server sends beside each item shows on the
// English screen, the Chinese otherwise, and an item without English keeps its Chinese. One fetch serves both.
import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { clearDictionaries, dictLabel, useDictionary } from '../../runtime/data/dictionary';
import { fakeServer, i18n, Providers } from './support';

let server: ReturnType<typeof fakeServer>;

function NoticeKinds({ values }: { values: string[] }) {
  const items = useDictionary('notice');
  return <p>{values.map((value) => dictLabel(items, value)).join(' / ')}</p>;
}

beforeEach(() => clearDictionaries());
afterEach(() => i18n.changeLanguage('zh'));

it('shows the English of a dictionary item on the English screen and the Chinese on the Chinese one', async () => {
  server = fakeServer({
    'GET /api/blade-system/dict/dictionary': () => [
      { dictKey: '1', dictValue: '发布通知', dictValueEn: 'Announcement' },
      { dictKey: '2', dictValue: '批转通知', dictValueEn: null },
    ],
  });
  render(
    <Providers provider={server.provider}>
      <NoticeKinds values={['1', '2']} />
    </Providers>,
  );
  await screen.findByText('发布通知 / 批转通知');
  await act(() => i18n.changeLanguage('en'));
  await screen.findByText('Announcement / 批转通知');
  expect(server.calls.filter((call) => call.path.endsWith('/dictionary')).length).toBe(1);
});
