// Clients, top menus, data scopes, API scopes and notices through the engine, each with its specific rules.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Api, openApi, pageOf, type Row, rowOf } from '../engine/api.js';

let api: Api;

beforeAll(async () => {
  api = await openApi();
});
afterAll(async () => api?.close());

const firstOf = async (list: string, query: Record<string, string | number>): Promise<Row> =>
  pageOf(await api.get(list, query)).records[0];

describe('clients', () => {
  const BASE = '/api/blade-system/client';
  const client = {
    clientId: 'pos',
    clientSecret: 'pos_secret',
    scope: 'all',
    authorizedGrantTypes: 'password,refresh_token',
    accessTokenValidity: 3600,
    refreshTokenValidity: 604800,
  };

  it('lists the seeded saber client', async () => {
    expect(await firstOf(`${BASE}/list`, { clientId_equal: 'saber' })).toMatchObject({
      clientId: 'saber',
      accessTokenValidity: 3600,
    });
  });

  it('adds a client, refuses a second with the same id, and names bad lifetimes', async () => {
    expect(await api.post(`${BASE}/submit`, { body: client })).toMatchObject({ status: 200 });
    expect(await api.post(`${BASE}/submit`, { body: client })).toMatchObject({ status: 400, msg: '客户端id已存在' });
    expect(
      await api.post(`${BASE}/submit`, { body: { ...client, clientId: 'x', accessTokenValidity: 10 } }),
    ).toMatchObject({ status: 400, msg: '令牌过期秒数不能小于 60' });
    expect(
      await api.post(`${BASE}/submit`, { body: { ...client, clientId: 'y', refreshTokenValidity: 'forever' } }),
    ).toMatchObject({ status: 400, msg: '刷新令牌过期秒数必须是整数' });
    const { clientSecret: _, ...withoutSecret } = client;
    expect(await api.post(`${BASE}/submit`, { body: { ...withoutSecret, clientId: 'z' } })).toMatchObject({
      msg: '请输入客户端密钥',
    });
  });

  it('updates the lifetimes of a client by id', async () => {
    const row = await firstOf(`${BASE}/list`, { clientId_equal: 'pos' });
    expect(await api.post(`${BASE}/submit`, { body: { id: row.id, accessTokenValidity: 7200 } })).toMatchObject({
      status: 200,
    });
    expect(rowOf(await api.get(`${BASE}/detail`, { id: String(row.id) }))).toMatchObject({
      clientId: 'pos',
      accessTokenValidity: 7200,
    });
  });
});

describe('top menus', () => {
  const BASE = '/api/blade-system/topmenu';
  it('adds, lists by sort, updates and removes', async () => {
    expect(await api.post(`${BASE}/submit`, { body: { code: 'zz_ops', name: '运营', sort: 2 } })).toMatchObject({
      status: 200,
    });
    expect(
      await api.post(`${BASE}/submit`, { body: { code: 'zz_sys', name: '系统', sort: 1, source: 'setting' } }),
    ).toMatchObject({ status: 200 });
    expect(await api.post(`${BASE}/submit`, { body: { code: 'x', name: 'x' } })).toMatchObject({
      msg: '请输入菜单排序',
    });
    const page = pageOf(await api.get(`${BASE}/list`, { code_likeright: 'zz_' }));
    expect(page.records.map((row) => row.code)).toEqual(['zz_sys', 'zz_ops']);
    expect(await api.post(`${BASE}/remove`, { query: { ids: String(page.records[1].id) } })).toMatchObject({
      status: 200,
    });
    expect(pageOf(await api.get(`${BASE}/list`, { code_likeright: 'zz_' })).total).toBe(1);
  });
});

describe('data scopes and API scopes', () => {
  it('adds a data scope of a menu and refuses an unknown rule type', async () => {
    const menu = await api.server.ctx.db
      .selectFrom('blade_menu')
      .select('id')
      .where('code', '=', 'notice')
      .executeTakeFirstOrThrow();
    const scope = {
      menuId: String(menu.id),
      resourceCode: 'notice',
      scopeName: '本部门可见',
      scopeColumn: 'create_dept',
    };
    expect(await api.post('/api/blade-system/data-scope/submit', { body: { ...scope, scopeType: 9 } })).toMatchObject({
      status: 400,
      msg: '规则类型必须是以下值之一: 1, 2, 3, 4, 5',
    });
    expect(await api.post('/api/blade-system/data-scope/submit', { body: { ...scope, scopeType: 3 } })).toMatchObject({
      status: 200,
    });
    expect(await firstOf('/api/blade-system/data-scope/list', { menuId: String(menu.id) })).toMatchObject({
      scopeName: '本部门可见',
      scopeType: 3,
      menuId: String(menu.id),
      scopeValue: '',
    });
  });

  it('adds an API scope and names its missing path', async () => {
    const body = { menuId: '1', resourceCode: 'param', scopeName: '参数接口', scopeType: 1 };
    expect(await api.post('/api/blade-system/api-scope/submit', { body })).toMatchObject({ msg: '请输入权限路径' });
    expect(
      await api.post('/api/blade-system/api-scope/submit', {
        body: { ...body, scopePath: '/api/blade-system/param/**' },
      }),
    ).toMatchObject({ status: 200 });
    expect(
      await firstOf('/api/blade-system/api-scope/list', { scopePath_likeright: '/api/blade-system/param' }),
    ).toMatchObject({ scopeName: '参数接口', menuId: '1' });
  });
});

describe('notices', () => {
  const BASE = '/api/blade-desk/notice';
  it('adds notices and finds them by category and release day', async () => {
    const add = (title: string, category: number, releaseTime: string) =>
      api.post(`${BASE}/submit`, { body: { title, category, releaseTime, content: '<p>正文</p>' } });
    expect(await add('推车消毒安排', 1, '2026-03-01')).toMatchObject({ status: 200 });
    expect(await add('陪护床价格调整', 6, '2026-03-02 09:30:00')).toMatchObject({ status: 200 });
    expect(await add('错误日期', 1, '2026/03/02')).toMatchObject({ status: 400, msg: '通知时间格式不正确' });
    expect(await add('错误类型', 7, '2026-03-02')).toMatchObject({ status: 400 });
    const march2 = pageOf(
      await api.get(`${BASE}/list`, { releaseTime_datege: '2026-03-02', releaseTime_datele: '2026-03-02' }),
    );
    expect(march2.records.map((row) => row.title)).toEqual(['陪护床价格调整']);
    expect(await firstOf(`${BASE}/list`, { category: 1, title_like: '消毒' })).toMatchObject({
      releaseTime: '2026-03-01 00:00:00',
    });
  });
});
