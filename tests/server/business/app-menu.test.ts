// App menus: an app's entries (saves, required messages in both languages, unique codes, the app they belong to),
// the refusal to remove an app that still has menus, their grant to roles in their own table, the grant dialog's
// `appMenu` tree and keys, and the menus an app shows the signed-in person.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addRole, addUser, grantCode } from '../auth/fixtures.js';
import { type Api, openApi, pageOf, type Row, rowsOf } from '../engine/api.js';
import { call, signIn } from '../harness.js';
import { idOfNew } from './rental-api.js';

let api: Api;
let fieldApp: string;
let customerApp: string;
const menus: Record<string, string> = {};
const APP = '/api/blade-system/app';
const APP_MENU = '/api/blade-system/app-menu';

const addMenu = (appId: string, code: string, menuName: string, extra: Row = {}) =>
  idOfNew(api, APP_MENU, { appId, code, menuName, path: `/field/${code}`, ...extra }, 'menuName');

beforeAll(async () => {
  api = await openApi();
  fieldApp = await idOfNew(api, APP, { appName: '乐行运维H5', appKey: 'h5-field', appKind: 3 }, 'appName');
  customerApp = await idOfNew(api, APP, { appName: '乐行租赁小程序', appKey: 'wx-rent', appKind: 1 }, 'appName');
  menus.unlock = await addMenu(fieldApp, 'unlock', '开锁', { menuNameEn: 'Unlock', sort: 1 });
  menus.fault = await addMenu(fieldApp, 'fault', '故障上报', { sort: 2 });
  menus.inspect = await addMenu(fieldApp, 'inspect', '巡检', { sort: 3, enabled: 0 });
  menus.scan = await addMenu(customerApp, 'scan', '扫码租借', { path: '/pages/scan/index' });
});
afterAll(async () => api?.close());

describe('app menus', () => {
  it('lists an app’s menus in their order, with the fields as saved', async () => {
    const page = pageOf(await api.get(`${APP_MENU}/list`, { appId: fieldApp }));
    expect(page.records.map((row) => row.menuName)).toEqual(['开锁', '故障上报', '巡检']);
    expect(page.records[0]).toMatchObject({
      appId: fieldApp,
      code: 'unlock',
      menuNameEn: 'Unlock',
      path: '/field/unlock',
      sort: 1,
      enabled: 1,
    });
  });

  it('asks for each required field in Chinese and English', async () => {
    const valid: Row = { appId: fieldApp, menuName: '盘点', code: 'count', path: '/field/count' };
    const required: Array<[string, string]> = [
      ['appId', '请选择所属应用'],
      ['menuName', '请输入菜单名称'],
      ['code', '请输入菜单编号'],
      ['path', '请输入页面路径'],
    ];
    for (const [field, message] of required) {
      const body = Object.fromEntries(Object.entries(valid).filter(([key]) => key !== field));
      expect(await api.post(`${APP_MENU}/submit`, { body }), field).toMatchObject({ status: 400, msg: message });
    }
    const noName = await call(api.server, 'POST', `${APP_MENU}/submit`, {
      token: api.adminToken,
      body: { appId: fieldApp, code: 'count', path: '/field/count' },
      headers: { 'accept-language': 'en' },
    });
    expect(noName.json().msg).toBe('Please enter menu name');
  });

  it('refuses a code the app already has, an unknown app and a bad sort', async () => {
    const twice = await api.post(`${APP_MENU}/submit`, {
      body: { appId: fieldApp, code: 'unlock', menuName: '开锁2', path: '/x' },
    });
    expect(twice).toMatchObject({ status: 400, msg: '该应用已有此菜单编号' });
    const otherApp = await api.post(`${APP_MENU}/submit`, {
      body: { appId: customerApp, code: 'unlock', menuName: '开锁', path: '/pages/unlock' },
    });
    expect(otherApp).toMatchObject({ status: 200, success: true });
    const unknown = await api.post(`${APP_MENU}/submit`, {
      body: { appId: '123', code: 'x', menuName: '未知', path: '/x' },
    });
    expect(unknown).toMatchObject({ status: 400, msg: '所属应用不存在' });
    const badSort = await api.post(`${APP_MENU}/submit`, {
      body: { appId: fieldApp, code: 'y', menuName: '排序错', path: '/y', sort: 'first' },
    });
    expect(badSort.status).toBe(400);
    expect(badSort.msg).toContain('排序');
  });

  it('refuses removing an app that still has menus', async () => {
    const refused = await api.post(`${APP}/remove`, { query: { ids: fieldApp } });
    expect(refused).toMatchObject({ status: 400, msg: '应用下还有菜单,请先删除菜单' });
  });

  it('needs the app screen to list and its buttons to write', async () => {
    const role = await addRole(api.server, 'app_reader');
    await grantCode(api.server, role, 'app');
    await addUser(api.server, { account: 'app-reader', password: 'reader-1', roleIds: [role] });
    const token = await signIn(api.server, 'app-reader', 'reader-1');
    expect(pageOf(await api.get(`${APP_MENU}/list`, { appId: fieldApp }, token)).total).toBe(3);
    const write = await api.post(`${APP_MENU}/submit`, {
      body: { appId: fieldApp, code: 'z', menuName: '无权', path: '/z' },
      token,
    });
    expect(write.status).toBe(403);
    const nobody = await addRole(api.server, 'nobody');
    await addUser(api.server, { account: 'nobody', password: 'nobody-1', roleIds: [nobody] });
    const nobodyToken = await signIn(api.server, 'nobody', 'nobody-1');
    expect(await api.get(`${APP_MENU}/list`, {}, nobodyToken)).toMatchObject({ status: 403 });
  });
});

describe('granting app menus', () => {
  let role: number;
  let token: string;

  beforeAll(async () => {
    role = await addRole(api.server, 'field_staff', '运维人员');
    await addUser(api.server, { account: 'fieldman', password: 'field-1', roleIds: [role] });
    token = await signIn(api.server, 'fieldman', 'field-1');
  });

  it('answers the grant tree’s appMenu: each app with its menus, in the contract’s node shape', async () => {
    const data = (await api.get('/api/blade-system/menu/grant-tree')).data as Record<string, Row[]>;
    expect(Object.keys(data)).toEqual(['menu', 'dataScope', 'apiScope', 'appMenu']);
    const field = data.appMenu.find((node) => node.id === fieldApp);
    expect(field).toEqual({
      id: fieldApp,
      parentId: '0',
      title: '乐行运维H5',
      key: fieldApp,
      value: fieldApp,
      hasChildren: true,
      children: [
        {
          id: menus.unlock,
          parentId: fieldApp,
          title: '开锁',
          key: menus.unlock,
          value: menus.unlock,
          hasChildren: false,
        },
        {
          id: menus.fault,
          parentId: fieldApp,
          title: '故障上报',
          key: menus.fault,
          value: menus.fault,
          hasChildren: false,
        },
        {
          id: menus.inspect,
          parentId: fieldApp,
          title: '巡检',
          key: menus.inspect,
          value: menus.inspect,
          hasChildren: false,
        },
      ].map((node) => expect.objectContaining(node)),
    });
  });

  it('stores appMenuIds apart from the menus and answers them as the appMenu keys', async () => {
    const granted = await api.post('/api/blade-system/role/grant', {
      body: { roleIds: [String(role)], menuIds: [], appMenuIds: [menus.unlock, menus.fault] },
    });
    expect(granted).toMatchObject({ status: 200, success: true });
    const stored = await api.server.ctx.db
      .selectFrom('blade_role_menu')
      .select('menuId')
      .where('roleId', '=', role)
      .execute();
    expect(stored).toEqual([]);
    const keys = (await api.get('/api/blade-system/menu/role-tree-keys', { roleIds: String(role) })).data as Row;
    expect(Object.keys(keys)).toEqual(['menu', 'dataScope', 'apiScope', 'appMenu']);
    expect(keys).toMatchObject({ menu: [], dataScope: [], apiScope: [] });
    expect((keys.appMenu as string[]).sort()).toEqual([menus.unlock, menus.fault].sort());
  });

  it('keeps the app menus when a grant leaves appMenuIds out', async () => {
    await api.post('/api/blade-system/role/grant', { body: { roleIds: [String(role)], menuIds: [] } });
    const keys = (await api.get('/api/blade-system/menu/role-tree-keys', { roleIds: String(role) })).data as Row;
    expect(keys.appMenu).toHaveLength(2);
  });

  it('refuses an unknown app menu, naming the field, and changes nothing', async () => {
    const refused = await api.post('/api/blade-system/role/grant', {
      body: { roleIds: [String(role)], menuIds: [], appMenuIds: [menus.unlock, fieldApp] },
    });
    expect(refused).toMatchObject({ status: 400, msg: `appMenuIds 包含不存在的数据: ${fieldApp}` });
    const keys = (await api.get('/api/blade-system/menu/role-tree-keys', { roleIds: String(role) })).data as Row;
    expect(keys.appMenu).toHaveLength(2);
  });

  it('answers an app the signed-in person’s enabled menus, and every enabled one to the administrator', async () => {
    const mine = await api.get(`${APP_MENU}/routes`, { appId: fieldApp }, token);
    expect(rowsOf(mine)).toEqual([
      { id: menus.unlock, code: 'unlock', name: '开锁', nameEn: 'Unlock', path: '/field/unlock', icon: '', sort: 1 },
      { id: menus.fault, code: 'fault', name: '故障上报', nameEn: '', path: '/field/fault', icon: '', sort: 2 },
    ]);
    expect(rowsOf(await api.get(`${APP_MENU}/routes`, { appId: customerApp }, token))).toEqual([]);
    const all = rowsOf(await api.get(`${APP_MENU}/routes`, { appId: fieldApp }));
    expect(all.map((menu) => menu.code)).toEqual(['unlock', 'fault']);
    expect(await api.get(`${APP_MENU}/routes`, { appId: '99' }, token)).toMatchObject({
      status: 400,
      msg: '所属应用不存在',
    });
    expect(await api.get(`${APP_MENU}/routes`, {}, token)).toMatchObject({ status: 400, msg: '请选择应用' });
  });

  it('forgets the grants of a removed app menu', async () => {
    const removed = await api.post(`${APP_MENU}/remove`, { query: { ids: menus.fault } });
    expect(removed).toMatchObject({ status: 200, success: true });
    const keys = (await api.get('/api/blade-system/menu/role-tree-keys', { roleIds: String(role) })).data as Row;
    expect(keys.appMenu).toEqual([menus.unlock]);
  });

  it('lets a non-administrator hand on only the app menus its own roles hold', async () => {
    const granter = await addRole(api.server, 'granter');
    for (const code of ['role', 'role_grant']) await grantCode(api.server, granter, code);
    await api.server.ctx.db
      .insertInto('blade_role_app_menu')
      .values({ id: Date.now(), roleId: granter, appMenuId: Number(menus.unlock) })
      .execute();
    await addUser(api.server, { account: 'granter', password: 'grant-1', roleIds: [granter] });
    const granterToken = await signIn(api.server, 'granter', 'grant-1');
    const tree = (await api.get('/api/blade-system/menu/grant-tree', {}, granterToken)).data as Record<string, Row[]>;
    expect(tree.appMenu.map((app) => (app.children as Row[]).map((menu) => menu.title))).toEqual([['开锁']]);
    const beyond = await api.post('/api/blade-system/role/grant', {
      body: { roleIds: [String(role)], menuIds: [], appMenuIds: [menus.scan] },
      token: granterToken,
    });
    expect(beyond).toMatchObject({ status: 403, msg: '不能授予超出自身权限的菜单' });
  });
});
