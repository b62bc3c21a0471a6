// What the real Saber 2.8 client does that once lost data or stuck a screen: its 权限设置 sends back only the keys
// its checkbox tree shows checked, its tree screens search and add with an empty parentId, its dictionary screens
// ask for child lists with parentId=-1 before a root is picked, and 附件管理 uploads to put-file-attach.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, flatten, liveIdOf, signIn, startTestServer, type TestServer } from '../harness.js';

interface Node {
  id: string;
  children?: Node[];
}

let server: TestServer;
let admin: string;

const get = async (url: string, query?: Record<string, string>) =>
  (await call(server, 'GET', url, { token: admin, query })).json();
const post = async (url: string, body?: unknown) => (await call(server, 'POST', url, { token: admin, body })).json();

beforeAll(async () => {
  server = await startTestServer();
  admin = await signIn(server);
});
afterAll(() => server.close());

/** The screens a role holds, by code. */
const grantedScreens = async (roleId: string): Promise<string[]> =>
  (
    await server.ctx.db
      .selectFrom('blade_role_menu')
      .innerJoin('blade_menu', 'blade_menu.id', 'blade_role_menu.menuId')
      .select('blade_menu.code')
      .where('blade_role_menu.roleId', '=', Number(roleId))
      .where('blade_menu.category', '=', 1)
      .execute()
  )
    .map((row) => String(row.code))
    .sort();

/** What an element-ui tree sends from getCheckedKeys(): the checked keys and everything below them. */
function checkedByTree(tree: Node[], keys: string[]): string[] {
  const checked = new Set(keys);
  const walk = (nodes: Node[], above: boolean) => {
    for (const node of nodes) {
      const on = above || checked.has(node.id);
      if (on) checked.add(node.id);
      walk(node.children ?? [], on);
    }
  };
  walk(tree, false);
  return [...checked];
}

/** Every menu row a role holds, buttons included. */
const grantedRows = async (roleId: string): Promise<string[]> =>
  (await server.ctx.db.selectFrom('blade_role_menu').select('menuId').where('roleId', '=', Number(roleId)).execute())
    .map((row) => String(row.menuId))
    .sort();

describe('权限设置 saved unchanged', () => {
  it('changes nothing for 站点经理, whose screens show their view buttons checked without holding them', async () => {
    const roleId = await liveIdOf(server, 'blade_role', 'roleAlias', 'site_manager');
    const before = await grantedRows(roleId);
    const tree = (await get('/api/blade-system/menu/grant-tree')).data.menu as Node[];
    const keys = (await get('/api/blade-system/menu/role-tree-keys', { roleIds: roleId })).data.menu as string[];
    const sent = checkedByTree(tree, keys);
    // The premise: the dialog sends back buttons the role does not hold.
    expect(sent.filter((id) => !before.includes(id)).length).toBeGreaterThan(0);
    expect(await post('/api/blade-system/role/grant', { roleIds: [roleId], menuIds: sent })).toMatchObject({
      success: true,
    });
    expect(await grantedRows(roleId)).toEqual(before);
  });

  it('keeps every screen of a role granted a read-only screen without its view button', async () => {
    const roleId = await liveIdOf(server, 'blade_role', 'roleAlias', 'site_manager');
    const screen = await liveIdOf(server, 'blade_menu', 'code', 'work_send');
    const view = await liveIdOf(server, 'blade_menu', 'code', 'work_send_view');
    await server.ctx.db
      .deleteFrom('blade_role_menu')
      .where('roleId', '=', Number(roleId))
      .where('menuId', '=', Number(view))
      .execute();
    const before = await grantedScreens(roleId);
    expect(before).toContain('work_send');
    const tree = (await get('/api/blade-system/menu/grant-tree')).data.menu as Node[];
    const keys = (await get('/api/blade-system/menu/role-tree-keys', { roleIds: roleId })).data.menu as string[];
    expect(keys).toContain(screen);
    const sent = checkedByTree(tree, keys);
    expect(await post('/api/blade-system/role/grant', { roleIds: [roleId], menuIds: sent })).toMatchObject({
      success: true,
    });
    expect(await grantedScreens(roleId)).toEqual(before);
  });

  it('keeps a granted screen the tree cannot show checked when the grant names nothing of it', async () => {
    const roleId = await liveIdOf(server, 'blade_role', 'roleAlias', 'operator');
    const param = await liveIdOf(server, 'blade_menu', 'code', 'param');
    const buttons = await server.ctx.db
      .selectFrom('blade_menu')
      .select('id')
      .where('parentId', '=', Number(param))
      .execute();
    await server.ctx.db
      .deleteFrom('blade_role_menu')
      .where('roleId', '=', Number(roleId))
      .where(
        'menuId',
        'in',
        buttons.map((button) => button.id),
      )
      .execute();
    const before = await grantedScreens(roleId);
    expect(before).toContain('param');
    const keys = (await get('/api/blade-system/menu/role-tree-keys', { roleIds: roleId })).data.menu as string[];
    expect(keys).not.toContain(param);
    const tree = (await get('/api/blade-system/menu/grant-tree')).data.menu as Node[];
    await post('/api/blade-system/role/grant', { roleIds: [roleId], menuIds: checkedByTree(tree, keys) });
    expect(await grantedScreens(roleId)).toEqual(before);
    expect(flatten(tree).length).toBeGreaterThan(0);
  });
});

describe('an empty parentId means absent', () => {
  it.each([
    ['/api/blade-system/menu/lazy-list', { name: '菜单' }],
    ['/api/blade-system/menu/lazy-menu-list', { name: '菜单' }],
    ['/api/blade-system/dept/lazy-list', { deptName: '' }],
    ['/api/blade-system/dept/lazy-tree', {}],
  ])('%s searches with parentId=', async (url, filters) => {
    const answer = await get(url, { parentId: '', ...filters });
    expect(answer).toMatchObject({ code: 200, success: true });
    expect((answer.data as unknown[]).length).toBeGreaterThan(0);
  });
});

describe('an empty parentId on add means the top level', () => {
  it.each([
    [
      'menu',
      { code: 'saber_top', name: '顶层菜单', path: '/saber-top', category: 1, sort: 1 },
      'blade_menu',
      'code',
      'saber_top',
    ],
    ['role', { roleName: '顶层角色', roleAlias: 'saber_top', sort: 1 }, 'blade_role', 'roleAlias', 'saber_top'],
    [
      'dept',
      { deptName: '顶层机构', fullName: '顶层机构', deptCategory: 1, sort: 1 },
      'blade_dept',
      'deptName',
      '顶层机构',
    ],
  ])('%s/submit with parentId "" adds a root', async (name, row, table, column, value) => {
    const saved = await post(`/api/blade-system/${name}/submit`, { parentId: '', ...row });
    expect(saved).toMatchObject({ code: 200, success: true });
    const id = await liveIdOf(server, table, column, value);
    const stored = await server.ctx.db
      .selectFrom(table as 'blade_menu')
      .select('parentId')
      .where('id', '=', Number(id))
      .executeTakeFirstOrThrow();
    expect(Number(stored.parentId)).toBe(0);
  });
});

describe('dictionary child lists asked with parentId=-1', () => {
  it.each(['dict', 'dict-biz'])('%s/child-list lists the roots', async (name) => {
    const root = { parentId: '0', code: 'saber_root', dictKey: '-1', dictValue: '萨伯字典', sort: 1, isSealed: 0 };
    expect(await post(`/api/blade-system/${name}/submit`, root)).toMatchObject({ success: true });
    const answer = await get(`/api/blade-system/${name}/child-list`, { parentId: '-1', current: '1', size: '10' });
    expect(answer).toMatchObject({ code: 200, success: true });
    const rows = answer.data as Array<{ parentId: string; dictKey: string; code: string }>;
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((row) => row.parentId === '0' && row.dictKey === '-1')).toBe(true);
    expect(rows.map((row) => row.code)).toContain('saber_root');
  });
});

describe('附件管理 upload', () => {
  it('stores a file through put-file-attach and records its attachment', async () => {
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
      'base64',
    );
    const boundary = '----saberattach';
    const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="logo.png"\r\nContent-Type: image/png\r\n\r\n`;
    const response = await call(server, 'POST', '/api/blade-resource/oss/endpoint/put-file-attach', {
      token: admin,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      body: Buffer.concat([Buffer.from(head), png, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    });
    expect(response.statusCode).toBe(200);
    const data = response.json().data;
    expect(data).toMatchObject({ originalName: 'logo.png', attachId: expect.any(String), link: expect.any(String) });
    const attach = await get('/api/blade-resource/attach/detail', { id: data.attachId });
    expect(attach.data).toMatchObject({ originalName: 'logo.png', extension: 'png' });
  });
});
