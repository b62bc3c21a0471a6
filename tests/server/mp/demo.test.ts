// SEED_DEMO's official account: one account whose fans are already synced with the simulated platform, messages
// to answer (one past the 48-hour window), articles, auto-replies for 押金/退款/故障 and a published menu that the
// platform accepts again.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Api, openApi, pageOf, rowOf } from '../engine/api.js';
import { call } from '../harness.js';

let api: Api;
let accountId: string;

beforeAll(async () => {
  api = await openApi({ SEED_DEMO: 'true', LOCK_SIMULATOR_DELAY_MS: '0' });
  accountId = String(pageOf(await api.get('/api/mp/wxaccount/list')).records[0].id);
});
afterAll(async () => api?.close());

const put = (url: string) => call(api.server, 'PUT', url, { token: api.adminToken }).then((r) => r.json());

describe('demo official account', () => {
  it('has an account, three dozen fans in step with the platform, messages, materials and auto-replies', async () => {
    expect(pageOf(await api.get('/api/mp/wxaccountfans/page')).total).toBeGreaterThanOrEqual(30);
    const sync = await api.post(`/api/mp/wxaccountfans/sync/${accountId}`);
    expect(sync.data).toMatchObject({ added: 0, total: pageOf(await api.get('/api/mp/wxaccountfans/page')).total });
    expect(pageOf(await api.get('/api/mp/wxfansmsg/page', { replyState_equal: 0 })).total).toBeGreaterThan(2);
    expect(pageOf(await api.get('/api/mp/wxmaterial/page')).total).toBe(3);
    const keywords = pageOf(await api.get('/api/mp/wxautoreply/page', { replyKind_equal: 2 })).records.map(
      (row) => row.keyword,
    );
    expect(keywords.sort()).toEqual(['退款', '押金', '故障'].sort());
  });

  it('answers a recent question and refuses one past 48 hours', async () => {
    const waiting = pageOf(await api.get('/api/mp/wxfansmsg/page', { replyState_equal: 0, size: 100 })).records;
    const recent = waiting.find((row) => row.content === '押金可以免吗');
    const old = waiting.find((row) => row.content === '万达广场站点几点关门');
    const reply = (id: unknown) => api.post('/api/mp/wxfansmsgres', { body: { fansMsgId: id, content: '您好' } });
    expect(await reply(recent?.id)).toMatchObject({ status: 200 });
    expect(await reply(old?.id)).toMatchObject({ status: 400, msg: expect.stringMatching(/^45015 /) });
  });

  it('has a published menu the platform accepts', async () => {
    const menu = rowOf(await api.get(`/api/blade-mp/menu/${accountId}`));
    expect(menu).toMatchObject({ publishState: 1 });
    expect(await put(`/api/blade-mp/menu/${accountId}`)).toMatchObject({ code: 200, msg: '发布成功' });
  });
});
