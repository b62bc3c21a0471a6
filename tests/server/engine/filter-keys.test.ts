// A list call naming a filter its route does not declare is refused, naming the key and the nearest declared one,
// instead of answering every row as if the filter had matched.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../harness.js';
import { type Api, openApi, pageOf } from './api.js';

let api: Api;
const PARAMS = '/api/blade-system/param/list';

beforeAll(async () => {
  api = await openApi();
  for (const paramKey of ['filter.one', 'filter.two']) {
    const body = { paramName: paramKey, paramKey, paramValue: 'v' };
    expect((await api.post('/api/blade-system/param/submit', { body })).status).toBe(200);
  }
});
afterAll(async () => api?.close());

describe('unknown filter keys', () => {
  it('refuses a misspelt suffixed key, naming it and the key meant, where the right key filters', async () => {
    const all = pageOf(await api.get(PARAMS, { size: 100 })).total;
    const right = await api.get(PARAMS, { paramKey_equal: 'filter.one' });
    expect(pageOf(right).total).toBe(1);
    expect(all).toBeGreaterThan(1);
    const typo = await api.get(PARAMS, { paramKy_equal: 'filter.one' });
    expect(typo).toMatchObject({ status: 400, success: false });
    expect(typo.msg).toBe('未知的查询条件 paramKy_equal, 是否想用 paramKey_equal?');
  });

  it('refuses order/list?phoneNumbr_equal, suggesting phoneNumber_equal, in English when asked', async () => {
    const query = { phoneNumbr_equal: '13800000000' };
    const chinese = await api.get('/api/blade-system/order/list', query);
    expect(chinese).toMatchObject({ status: 400, msg: '未知的查询条件 phoneNumbr_equal, 是否想用 phoneNumber_equal?' });
    const english = await call(api.server, 'GET', '/api/blade-system/order/list', {
      token: api.adminToken,
      query,
      headers: { 'accept-language': 'en' },
    });
    expect(english.json().msg).toBe('Unknown filter phoneNumbr_equal; did you mean phoneNumber_equal?');
    expect((await api.get('/api/blade-system/order/list', { phoneNumber_equal: '13800000000' })).status).toBe(200);
  });

  it('refuses a misspelt plain key and one far from every filter, without a guess for the latter', async () => {
    expect((await api.get(PARAMS, { paramNme: 'x' })).msg).toBe('未知的查询条件 paramNme, 是否想用 paramName?');
    expect((await api.get(PARAMS, { zzz_like: 'x' })).msg).toBe('未知的查询条件 zzz_like');
  });

  it('takes paging, sorting, every suffix of a declared field and the keys the route declares', async () => {
    const query = {
      current: 1,
      size: 10,
      descs: 'create_time',
      paramName: 'filter',
      paramKey_likeright: 'filter.',
      param_key_notequal: 'filter.two',
      createTime_datege: '2000-01-01',
    };
    const answer = await api.get(PARAMS, query);
    expect(answer.status).toBe(200);
    expect(pageOf(answer).records.map((row) => row.paramKey)).toEqual(['filter.one']);
  });
});
