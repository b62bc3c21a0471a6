// The console's typed calls (runtime/http/api.ts): what they send, and (checked by the type checker in `npm run
// lint`, each `@ts-expect-error` failing it when the call compiles after all) the calls that drift from the server's
// document and so do not build.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../runtime/http/api';

interface Sent {
  method: string;
  url: string;
  body: unknown;
}

/** Answers every call with `data` and keeps what was sent. */
function serve(data: unknown): Sent[] {
  const sent: Sent[] = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    sent.push({ method: init.method ?? 'GET', url, body: init.body ? JSON.parse(String(init.body)) : undefined });
    return new Response(JSON.stringify({ code: 200, success: true, data, msg: '操作成功' }), {
      headers: { 'Content-Type': 'application/json' },
    });
  });
  return sent;
}

afterEach(() => vi.unstubAllGlobals());

describe('typed calls', () => {
  it('send a list its filters and paging and answer its page', async () => {
    const sent = serve({ records: [], total: 3, size: 1, current: 1, pages: 3 });
    const page = await api.get('/api/blade-system/order/list', {
      phoneNumber_equal: '13800000000',
      current: 1,
      size: 1,
    });
    expect(page.total).toBe(3);
    expect(sent).toEqual([
      {
        method: 'GET',
        url: '/api/blade-system/order/list?phoneNumber_equal=13800000000&current=1&size=1',
        body: undefined,
      },
    ]);
  });

  it('fill a path parameter and post the body', async () => {
    const sent = serve({ accountId: '7', buttons: [], publishState: 2, publishTime: '', updateTime: '' });
    const menu = await api.post('/api/blade-mp/menu/{id}', { buttons: [{ name: '租车' }] }, { params: { id: '7' } });
    expect(menu.publishState).toBe(2);
    expect(sent).toEqual([{ method: 'POST', url: '/api/blade-mp/menu/7', body: { buttons: [{ name: '租车' }] } }]);
  });

  it("answer a write with the whole envelope when the screen shows the server's words", async () => {
    const sent = serve({ accountId: '7', buttons: [], publishState: 1, publishTime: '', updateTime: '' });
    const answer = await api.answered.put('/api/blade-mp/menu/{id}', undefined, { params: { id: '7' } });
    expect(answer.msg).toBe('操作成功');
    expect(answer.data.publishState).toBe(1);
    expect(sent).toEqual([{ method: 'PUT', url: '/api/blade-mp/menu/7', body: undefined }]);
  });

  it('send a write that takes its fields in the query, as BladeX does', async () => {
    const sent = serve(null);
    await api.post('/api/blade-user/grant', undefined, { query: { userIds: '1,2', roleIds: '3' } });
    expect(sent).toEqual([{ method: 'POST', url: '/api/blade-user/grant?userIds=1%2C2&roleIds=3', body: undefined }]);
  });

  it('do not build when they drift from the server', () => {
    // Only the type checker reads these: each call is made inside a function nothing runs.
    const drifted = () => [
      // @ts-expect-error a filter the order list does not declare (phoneNumbr)
      api.get('/api/blade-system/order/list', { phoneNumbr_equal: '13800000000' }),
      // @ts-expect-error a path the server does not have
      api.get('/api/blade-system/order/lists'),
      // @ts-expect-error the studio's page needs its pageId
      api.get('/api/blade-system/studio/page'),
      // @ts-expect-error a rollback names its version as a number
      api.post('/api/blade-system/studio/rollback', { pageId: 'system/param', version: '2' }),
      // @ts-expect-error the account menu's path needs its id
      api.get('/api/blade-mp/menu/{id}', {}, {}),
    ];
    expect(typeof drifted).toBe('function');
  });
});
