// An action's address may carry a value in its path, as the spec's calls take an id (`qr/{id}`): filled from the
// row, encoded, with the query and body beside it as before.
import { expect, it } from 'vitest';
import { sendRequest } from '../../runtime/actions/request';
import type { Action } from '../../runtime/schema/types';
import { fakeServer } from './support';

it('fills a value of the row into the path, encoded, beside the query', async () => {
  const server = fakeServer({ 'POST /api/mp/wxaccount/qr/7%2F8': () => ({ url: 'https://mp.test/qr' }) });
  const action = {
    id: 'qr',
    label: '生成二维码',
    permission: true,
    request: { url: '/api/mp/wxaccount/qr/{{row.id}}', query: { scene: { var: 'row.scene' } } },
  } as unknown as Action;
  const answer = await sendRequest(server.provider, action, { row: { id: '7/8', scene: 'site-12' } });
  expect(answer.data).toEqual({ url: 'https://mp.test/qr' });
  expect(server.calls[0]).toMatchObject({
    method: 'POST',
    path: '/api/mp/wxaccount/qr/7%2F8',
    query: { scene: 'site-12' },
  });
});
