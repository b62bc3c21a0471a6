// Regions keyed by code: the seeded list, the lazy tree, detail, submit with derived levels, and removal.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Api, openApi, pageOf, rowOf, rowsOf } from '../engine/api.js';

let api: Api;
const BASE = '/api/blade-system/region';

beforeAll(async () => {
  api = await openApi();
});
afterAll(async () => api?.close());

describe('reading', () => {
  it('lists regions with filters and the page shape', async () => {
    const page = pageOf(await api.get(`${BASE}/list`, { name: '北京', regionLevel_equal: 1 }));
    expect(page.records.map((row) => [row.code, row.name])).toEqual([['11', '北京市']]);
  });

  it('answers the lazy tree of a parent with hasChildren', async () => {
    const provinces = rowsOf(await api.get(`${BASE}/lazy-tree`));
    expect(provinces.length).toBeGreaterThanOrEqual(31);
    expect(provinces[0]).toMatchObject({ id: '11', parentId: '00', title: '北京市', key: '11', hasChildren: true });
    const cities = rowsOf(await api.get(`${BASE}/lazy-tree`, { parentCode: '44' }));
    expect(cities.map((city) => city.title)).toContain('广州市');
    expect(await api.get(`${BASE}/lazy-tree`, { parentCode: "44' or 1=1" })).toMatchObject({ status: 400 });
  });

  it('answers the detail by code, 404 for an unknown one', async () => {
    expect(rowOf(await api.get(`${BASE}/detail`, { code: '4401' }))).toMatchObject({
      name: '广州市',
      parentCode: '44',
      regionLevel: 2,
      provinceName: '广东省',
      cityName: '广州市',
      townName: '',
    });
    expect(await api.get(`${BASE}/detail`, { code: '999999' })).toMatchObject({ status: 404, msg: '数据不存在' });
    expect(await api.get(`${BASE}/detail`)).toMatchObject({ status: 400, msg: 'code 不能为空' });
  });
});

describe('writing', () => {
  it('names missing fields and an unknown parent', async () => {
    const submit = (body: Record<string, unknown>) => api.post(`${BASE}/submit`, { body });
    expect(await submit({ code: '440106001', parentCode: '440106' })).toMatchObject({ msg: '请输入区划名称' });
    expect(await submit({ name: '石牌街道', parentCode: '440106' })).toMatchObject({ msg: '请输入区划编号' });
    expect(await submit({ code: 'abc', name: 'x', parentCode: '440106' })).toMatchObject({
      status: 400,
      msg: '区划编号格式不正确',
    });
    expect(await submit({ code: '990101', name: 'x', parentCode: '9901' })).toMatchObject({
      status: 400,
      msg: '上级区划不存在: 9901',
    });
  });

  it('adds a town under a district with its lineage, then updates it', async () => {
    const body = { code: '440106001', parentCode: '440106', name: '石牌街道', sort: 1 };
    expect(await api.post(`${BASE}/submit`, { body })).toMatchObject({ status: 200 });
    expect(rowOf(await api.get(`${BASE}/detail`, { code: '440106001' }))).toMatchObject({
      regionLevel: 4,
      ancestors: '00,44,4401,440106',
      provinceCode: '44',
      cityName: '广州市',
      districtCode: '440106',
      townCode: '440106001',
      townName: '石牌街道',
    });
    expect(await api.post(`${BASE}/submit`, { body: { ...body, name: '石牌街', remark: '改名' } })).toMatchObject({
      status: 200,
    });
    expect(rowOf(await api.get(`${BASE}/detail`, { code: '440106001' }))).toMatchObject({
      name: '石牌街',
      townName: '石牌街',
      remark: '改名',
    });
    expect((await api.get(`${BASE}/lazy-tree`, { parentCode: '440106' })).data).toEqual([
      expect.objectContaining({ id: '440106001', hasChildren: false }),
    ]);
  });

  it('refuses to remove a parent and removes a leaf', async () => {
    expect(await api.post(`${BASE}/remove`, { query: { id: '440106' } })).toMatchObject({
      status: 400,
      msg: '请先删除子节点!',
    });
    expect(await api.post(`${BASE}/remove`, { query: { id: '440106001' } })).toMatchObject({ status: 200 });
    expect((await api.get(`${BASE}/detail`, { code: '440106001' })).status).toBe(404);
    expect(await api.post(`${BASE}/remove`, { query: { id: '440106001' } })).toMatchObject({ status: 404 });
  });

  it('refuses the operator, who holds no region grant', async () => {
    expect((await api.get(`${BASE}/lazy-tree`, {}, api.operatorToken)).status).toBe(403);
  });

  it('lets any signed-in caller pick a place: the regions under a parent, or one region by code', async () => {
    const cities = rowsOf(await api.get(`${BASE}/select`, { parentCode: '44' }, api.operatorToken));
    expect(cities.map((city) => city.name)).toContain('广州市');
    expect(rowsOf(await api.get(`${BASE}/select`, { code: '4401' }, api.operatorToken))).toEqual([
      { code: '4401', parentCode: '44', name: '广州市', regionLevel: 2 },
    ]);
    expect((await api.get(`${BASE}/select`, { code: "44' or 1=1" })).status).toBe(400);
  });
});
