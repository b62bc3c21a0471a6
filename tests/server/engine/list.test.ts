// The engine's list on a real resource (parameters): paging, filters, sort keys and the wire form of rows.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextId } from '../../../server/platform/db/ids.js';
import { now } from '../../../server/platform/db/time.js';
import { type Api, openApi, pageOf, rowOf } from './api.js';

let api: Api;
const LIST = '/api/blade-system/param/list';
const HOSTILE = "O'Brien'); DROP TABLE blade_param;--";

const names = async (query: Record<string, string | number>): Promise<string[]> => {
  const answer = await api.get(LIST, { size: 100, ...query });
  expect(answer.status).toBe(200);
  return pageOf(answer).records.map((row) => String(row.paramName));
};

beforeAll(async () => {
  api = await openApi();
  const add = (paramName: string, paramKey: string, remark?: string) =>
    api.post('/api/blade-system/param/submit', {
      body: { paramName, paramKey, paramValue: 'v', ...(remark ? { remark } : {}) },
    });
  expect((await add('满100%_折扣', 'test.discount', '促销')).status).toBe(200);
  expect((await add(HOSTILE, 'test.hostile')).status).toBe(200);
  expect((await add('普通参数', 'test.plain')).status).toBe(200);
});
afterAll(async () => api?.close());

describe('page shape and paging', () => {
  it('answers the BladeX page with string ids and null-to-empty', async () => {
    const page = pageOf(await api.get(LIST, { paramKey_likeright: 'test.', current: 1, size: 2 }));
    expect(page).toMatchObject({ total: 3, size: 2, current: 1, pages: 2, orders: [], searchCount: true });
    expect(page.records).toHaveLength(2);
    const plain = pageOf(await api.get(LIST, { paramKey_equal: 'test.plain' })).records[0];
    expect(typeof plain.id).toBe('string');
    expect(plain.createUser).toMatch(/^\d+$/);
    expect(plain.remark).toBe('');
    expect(plain.createTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(plain.status).toBe(1);
    expect(plain).not.toHaveProperty('password');
  });

  it('leaves the total uncounted when asked not to count it, as MyBatis-Plus does', async () => {
    const first = pageOf(await api.get(LIST, { paramKey_likeright: 'test.', current: 1, size: 2 }));
    const second = pageOf(
      await api.get(LIST, { paramKey_likeright: 'test.', current: 2, size: 2, searchCount: 'false' }),
    );
    expect(second).toMatchObject({ total: 0, pages: 0, current: 2, size: 2, searchCount: false });
    expect(second.records.map((row) => row.id)).not.toContain(first.records[0].id);
    expect(second.records).toHaveLength(1);
  });

  it('answers the second page and an empty page past the end', async () => {
    const second = pageOf(await api.get(LIST, { paramKey_likeright: 'test.', current: 2, size: 2 }));
    expect(second.records).toHaveLength(1);
    const beyond = pageOf(await api.get(LIST, { paramKey_likeright: 'test.', current: 9, size: 2 }));
    expect(beyond).toMatchObject({ records: [], total: 3, current: 9 });
  });

  it('reads the page after a known row as the numbered page (an export reading on without skipping)', async () => {
    const search = { paramKey_likeright: 'test.', descs: 'paramKey', size: 1 };
    const numbered = [1, 2, 3].map(async (current) => pageOf(await api.get(LIST, { ...search, current })).records);
    const [first, second, third] = await Promise.all(numbered);
    const after = pageOf(await api.get(LIST, { ...search, afterId: String(first[0].id), size: 2 }));
    expect(after.records.map((row) => row.paramKey)).toEqual([second[0].paramKey, third[0].paramKey]);
    expect(after.total).toBe(3);
    expect(await api.get(LIST, { afterId: 'x' })).toMatchObject({ status: 400 });
  });

  it('bounds the page size to 1..1000 and names the key', async () => {
    expect(await api.get(LIST, { size: 1001 })).toMatchObject({ status: 400, msg: 'size 不能大于 1000' });
    expect(await api.get(LIST, { size: 0 })).toMatchObject({ status: 400, msg: 'size 不能小于 1' });
    expect(await api.get(LIST, { size: 'ten' })).toMatchObject({ status: 400, msg: 'size 必须是整数' });
    expect(await api.get(LIST, { current: -1 })).toMatchObject({ status: 400, msg: 'current 不能小于 1' });
  });
});

describe('filters', () => {
  it('treats a bare field as a contains search with % and _ taken literally', async () => {
    expect(await names({ paramName: '100%_' })).toEqual(['满100%_折扣']);
    expect(await names({ paramName: '%' })).toEqual(['满100%_折扣']);
  });

  it('keeps SQL-looking text as data, stored and matched verbatim', async () => {
    expect(await names({ paramName_equal: HOSTILE })).toEqual([HOSTILE]);
    const page = pageOf(await api.get(LIST, { paramKey_equal: 'test.hostile' }));
    expect(rowOf(await api.get('/api/blade-system/param/detail', { id: String(page.records[0].id) })).paramName).toBe(
      HOSTILE,
    );
    expect((await api.get(LIST, { paramName: "' OR 1=1 --" })).data).toMatchObject({ total: 0 });
  });

  it('applies the operator suffixes', async () => {
    expect(await names({ paramKey_likeleft: '.plain' })).toEqual(['普通参数']);
    expect((await names({ paramKey_likeright: 'test.', paramKey_notequal: 'test.plain' })).sort()).toEqual(
      [HOSTILE, '满100%_折扣'].sort(),
    );
    expect(await names({ paramKey_likeright: 'test.', paramName_notlike: '参数', remark_notnull: '1' })).toEqual([
      '满100%_折扣',
    ]);
    expect((await names({ paramKey_likeright: 'test.', remark_null: '1' })).sort()).toEqual(
      [HOSTILE, '普通参数'].sort(),
    );
    expect(await names({ paramKey_likeright: 'test.', paramKey_ge: 'test.p', paramKey_lt: 'test.q' })).toEqual([
      '普通参数',
    ]);
    expect(await names({ paramKey_equal: 'test.plain', paramName_ignore: 'anything' })).toEqual(['普通参数']);
  });

  it('skips empty values and refuses unknown keys instead of reading them as SQL', async () => {
    const all = (await api.get(LIST, { size: 100 })).data as { total: number };
    const empty = await api.get(LIST, { size: 100, paramName: '' });
    expect(empty.status).toBe(200);
    expect(pageOf(empty).total).toBe(all.total);
    const hostile = await api.get(LIST, { 'paramName); DROP TABLE blade_param;--': 'x' });
    expect(hostile).toMatchObject({ status: 400, msg: '未知的查询条件 paramName); DROP TABLE blade_param;--' });
    expect((await api.get(LIST, { nosuchfield_equal: '1' })).status).toBe(400);
    expect(pageOf(await api.get(LIST, { size: 100 })).total).toBe(all.total);
  });

  it('filters dates by day, the end day included, and names a bad date', async () => {
    const today = now().slice(0, 10);
    const seeded = await names({ paramKey_likeright: 'test.', createTime_dategt: today, createTime_datelt: today });
    expect(seeded).toHaveLength(3);
    expect(await names({ paramKey_likeright: 'test.', createTime_datelt: '2000-01-01' })).toEqual([]);
    expect(await names({ paramKey_likeright: 'test.', createTime_datege: '2000-01-01 00:00:00' })).toHaveLength(3);
    expect(await api.get(LIST, { createTime_dategt: '2024-13-45' })).toMatchObject({
      status: 400,
      msg: 'createTime_dategt 日期格式应为 yyyy-MM-dd 或 yyyy-MM-dd HH:mm:ss',
    });
  });

  it('refuses a non-number for a number field and a fuzzy search on it', async () => {
    expect(await api.get(LIST, { status_equal: '1 or 1=1' })).toMatchObject({
      status: 400,
      msg: 'status_equal 必须是整数',
    });
    expect(await api.get(LIST, { status_like: '1' })).toMatchObject({ status: 400, msg: 'status_like 不支持模糊查询' });
    expect(await names({ paramKey_likeright: 'test.', status: 1 })).toHaveLength(3);
  });
});

describe('sorting', () => {
  it('sorts by whitelisted camelCase or snake_case names', async () => {
    expect(await names({ paramKey_likeright: 'test.', ascs: 'param_key' })).toEqual([
      '满100%_折扣',
      HOSTILE,
      '普通参数',
    ]);
    expect(await names({ paramKey_likeright: 'test.', descs: 'paramKey' })).toEqual([
      '普通参数',
      HOSTILE,
      '满100%_折扣',
    ]);
  });

  it('refuses hostile or unknown sort keys with a 400 naming the key', async () => {
    expect(await api.get(LIST, { descs: 'id;drop table blade_param' })).toMatchObject({
      status: 400,
      msg: 'descs 不支持按 id;drop table blade_param 排序',
    });
    expect(await api.get(LIST, { ascs: 'password' })).toMatchObject({
      status: 400,
      msg: 'ascs 不支持按 password 排序',
    });
    expect(await api.get(LIST, { ascs: 'tenant_id' })).toMatchObject({ status: 400 });
    expect((await api.get(LIST, { size: 1 })).status).toBe(200);
  });
});

describe('a selection of more than ten thousand rows', () => {
  it('answers a page with a total of at least 10,001 and nothing but the rows in it', async () => {
    const db = api.server.ctx.db;
    const start = Date.parse('2026-01-01T00:00:00Z');
    const rows = Array.from({ length: 10_020 }, (_, at) => ({
      id: nextId(),
      paramName: `批量参数${at}`,
      paramKey: `bulk.${at}`,
      paramValue: 'v',
      createTime: new Date(start + at * 60_000).toISOString().slice(0, 19).replace('T', ' '),
    }));
    for (let at = 0; at < rows.length; at += 500)
      await db
        .insertInto('blade_param')
        .values(rows.slice(at, at + 500))
        .execute();

    const page = pageOf(await api.get(LIST, { paramKey_likeright: 'bulk.', current: 2, size: 10 }));
    expect(page.total).toBeGreaterThanOrEqual(10_001);
    expect(page.records).toHaveLength(10);
    expect(Object.keys(page.records[0]).sort()).toEqual(
      Object.keys(rowOf(await api.get(`/api/blade-system/param/detail`, { id: String(page.records[0].id) }))).sort(),
    );
    expect(pageOf(await api.get(LIST, { paramKey_likeright: 'bulk.none' }))).toMatchObject({ records: [], total: 0 });
  });
});
