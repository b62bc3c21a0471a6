// The shapes an existing BladeX client (Saber) reads, pinned so that no later change breaks one silently. Each test
// names the screen of the client that depends on it; server/README.md lists them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextId } from '../../../server/platform/db/ids.js';
import { md5Hex } from '../../../server/system/auth/password.js';
import { BASIC, call, flatten, liveIdOf, signIn, startTestServer, type TestServer } from '../harness.js';

type Row = Record<string, unknown>;
interface Node extends Row {
  id: string;
  title: string;
  children?: Node[];
}

let server: TestServer;
let admin: string;

const get = async (url: string, query?: Record<string, string>) =>
  (await call(server, 'GET', url, { token: admin, query })).json();
const post = async (url: string, body?: unknown, query?: Record<string, string>) =>
  (await call(server, 'POST', url, { token: admin, body, query })).json();
const menuId = (code: string) => liveIdOf(server, 'blade_menu', 'code', code);
const topMenuId = () => liveIdOf(server, 'blade_top_menu', 'code', 'administration');

beforeAll(async () => {
  server = await startTestServer();
  admin = await signIn(server);
});
afterAll(() => server.close());

describe('envelope, token and page (every screen)', () => {
  it('wraps answers in {code, success, data, msg} and failures with the HTTP status as code', async () => {
    const answer = await get('/api/blade-system/param/detail', {
      id: await liveIdOf(server, 'blade_param', 'paramKey', 'account.initPassword'),
    });
    expect(Object.keys(answer).sort()).toEqual(['code', 'data', 'msg', 'success']);
    expect(answer).toMatchObject({ code: 200, success: true, msg: '操作成功' });
    const refused = await call(server, 'POST', '/api/blade-system/param/submit', { token: admin, body: {} });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ code: 400, success: false, data: null, msg: '请输入参数名称' });
  });

  it('answers the password grant with the flat token (no envelope)', async () => {
    const response = await call(server, 'POST', '/api/blade-auth/oauth/token', {
      headers: { 'tenant-id': '000000', authorization: BASIC },
      query: { tenantId: '000000', username: 'admin', password: md5Hex('admin'), grant_type: 'password', scope: 'all' },
    });
    const token = response.json();
    expect(token).toMatchObject({
      tenant_id: '000000',
      account: 'admin',
      user_name: 'admin',
      role_name: 'administrator',
      token_type: 'bearer',
      detail: { type: 'web' },
    });
    for (const key of ['access_token', 'refresh_token', 'user_id', 'dept_id', 'post_id', 'role_id']) {
      expect(typeof token[key], key).toBe('string');
    }
    expect(typeof token.expires_in).toBe('number');
    expect(token.post_id).not.toBe('');
  });

  it('answers user-info with userName (the account) and the tenant', async () => {
    const { data } = await get('/api/blade-auth/oauth/user-info');
    expect(data).toMatchObject({ tenantId: '000000', account: 'admin', userName: 'admin', roleName: 'administrator' });
    expect(typeof data.userId).toBe('string');
  });

  it('answers pages as {records, total, size, current, pages, orders, searchCount}', async () => {
    const { data } = await get('/api/blade-system/param/list', { current: '1', size: '2' });
    expect(Object.keys(data).sort()).toEqual(['current', 'orders', 'pages', 'records', 'searchCount', 'size', 'total']);
    expect(data).toMatchObject({ current: 1, size: 2, orders: [], searchCount: true });
    expect(data.records.length).toBeLessThanOrEqual(2);
  });
});

describe('sidebar and buttons (layout)', () => {
  it('answers menu/routes as a tree of menus, children left out on leaves', async () => {
    const routes = (await get('/api/blade-system/menu/routes')).data as Node[];
    const system = routes.find((route) => route.code === 'system') as Node;
    expect(Object.keys(system)).toEqual(
      expect.arrayContaining(['id', 'parentId', 'code', 'name', 'path', 'source', 'sort', 'category', 'alias', 'meta']),
    );
    const region = (system.children ?? []).find((route) => route.code === 'region') as Node;
    expect(region).toMatchObject({ path: '/base/region', category: 1, parentId: system.id });
    expect(region).not.toHaveProperty('children');
    expect(flatten(routes).every((route) => route.category === 1)).toBe(true);
  });

  it('answers menu/buttons as menus holding their buttons, with the codes BladeX clients check', async () => {
    const groups = (await get('/api/blade-system/menu/buttons')).data as Node[];
    const codes = groups.flatMap((group) => (group.children ?? []).map((button) => button.code));
    expect(codes).toEqual(
      expect.arrayContaining([
        'param_add',
        'param_edit',
        'param_delete',
        'param_view',
        'data_scope_setting',
        'api_scope_setting',
        'attach_upload',
        'attach_download',
        'post_add',
      ]),
    );
    expect(codes).not.toContain('attach_add');
  });

  it('stores menu icons as a class list: an element-ui class for BladeX clients, the antd name for ours', async () => {
    const routes = flatten((await get('/api/blade-system/menu/routes')).data as Node[]);
    const system = routes.find((route) => route.code === 'system') as Node;
    expect(system.source).toBe('el-icon-setting SettingOutlined');
    expect(routes.every((route) => /^el-icon-[a-z0-9-]+ [A-Z][A-Za-z]*Outlined$/.test(String(route.source)))).toBe(
      true,
    );
  });
});

describe('role grant (角色管理 → 权限设置)', () => {
  it('answers grant-tree and role-tree-keys as {menu, dataScope, apiScope} plus the app menus', async () => {
    const tree = (await get('/api/blade-system/menu/grant-tree')).data;
    expect(Object.keys(tree).sort()).toEqual(['apiScope', 'appMenu', 'dataScope', 'menu']);
    expect(tree.menu[0]).toMatchObject({ id: expect.any(String), title: expect.any(String), key: expect.any(String) });
    const keys = (
      await get('/api/blade-system/menu/role-tree-keys', {
        roleIds: await liveIdOf(server, 'blade_role', 'roleAlias', 'operator'),
      })
    ).data;
    expect(Object.keys(keys).sort()).toEqual(['apiScope', 'appMenu', 'dataScope', 'menu']);
    expect(keys.menu.length).toBeGreaterThan(0);
    expect(keys.menu.every((id: unknown) => typeof id === 'string')).toBe(true);
  });

  it('keeps the scopes of a kind the grant body leaves out', async () => {
    const roleId = await liveIdOf(server, 'blade_role', 'roleAlias', 'operator');
    const scope = await server.ctx.db
      .selectFrom('blade_scope_data')
      .select('id')
      .where('isDeleted', '=', 0)
      .executeTakeFirstOrThrow();
    const menuIds = (await get('/api/blade-system/menu/role-tree-keys', { roleIds: roleId })).data.menu;
    expect(
      await post('/api/blade-system/role/grant', {
        roleIds: [roleId],
        menuIds,
        dataScopeIds: [String(scope.id)],
        apiScopeIds: [],
      }),
    ).toMatchObject({ success: true });
    expect(await post('/api/blade-system/role/grant', { roleIds: [roleId], menuIds })).toMatchObject({ success: true });
    const keys = (await get('/api/blade-system/menu/role-tree-keys', { roleIds: roleId })).data;
    expect(keys.dataScope).toEqual([String(scope.id)]);
    expect(keys.menu.sort()).toEqual([...menuIds].sort());
  });

  it('answers role/tree-by-id without the role and its descendants (parent-role picker)', async () => {
    const operator = await liveIdOf(server, 'blade_role', 'roleAlias', 'operator');
    const child = await post('/api/blade-system/role/submit', {
      parentId: operator,
      roleName: '站点运营',
      roleAlias: 'site_operator',
      sort: 1,
    });
    const all = flatten((await get('/api/blade-system/role/tree-by-id')).data as Node[]).map((node) => node.title);
    expect(all).toEqual(['超级管理员', '运营人员', '站点运营', '站点经理']);
    const tree = (await get('/api/blade-system/role/tree-by-id', { roleId: operator })).data as Node[];
    expect(flatten(tree).map((node) => node.title)).toEqual(['超级管理员', '站点经理']);
    expect(tree[0]).toMatchObject({ key: expect.any(String), value: expect.any(String), parentId: '0' });
    await post('/api/blade-system/role/remove', undefined, { ids: child.data.id });
  });
});

describe('top-menu grant (顶部菜单 → 菜单配置)', () => {
  it('answers grant-top-tree and top-tree-keys as {menu: [...]}', async () => {
    const tree = (await get('/api/blade-system/menu/grant-top-tree')).data;
    expect(Object.keys(tree)).toEqual(['menu']);
    expect((tree.menu as Node[]).map((node) => node.title)).toContain('系统管理');
    const keys = (await get('/api/blade-system/menu/top-tree-keys', { topMenuIds: await topMenuId() })).data;
    expect(Object.keys(keys)).toEqual(['menu']);
    expect(keys.menu).toContain(await menuId('post'));
  });

  it('refuses a grant without menuIds and keeps the grants; an empty menuIds clears them on purpose', async () => {
    const top = await topMenuId();
    const before = (await get('/api/blade-system/menu/top-tree-keys', { topMenuIds: top })).data.menu as string[];
    const missing = await call(server, 'POST', '/api/blade-system/topmenu/grant', {
      token: admin,
      body: { topMenuIds: [top] },
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().msg).toBe('menuIds 不能为空');
    expect((await get('/api/blade-system/menu/top-tree-keys', { topMenuIds: top })).data.menu).toEqual(before);
    expect(await post('/api/blade-system/topmenu/grant', { topMenuIds: [top], menuIds: [] })).toMatchObject({
      success: true,
    });
    expect((await get('/api/blade-system/menu/top-tree-keys', { topMenuIds: top })).data.menu).toEqual([]);
    expect(await post('/api/blade-system/topmenu/grant', { topMenuIds: [top], menuIds: before })).toMatchObject({
      success: true,
    });
    expect(
      ((await get('/api/blade-system/menu/top-tree-keys', { topMenuIds: top })).data.menu as string[]).sort(),
    ).toEqual([...before].sort());
  });
});

describe('tree submits answer the saved record (add dialogs of 菜单, 机构, 角色, 字典, 行政区划)', () => {
  it('menu/submit answers the new menu with its id', async () => {
    const saved = await post('/api/blade-system/menu/submit', {
      parentId: await menuId('system'),
      code: 'compat_menu',
      name: '兼容菜单',
      path: '/system/compat',
      category: 1,
      sort: 99,
    });
    expect(saved).toMatchObject({ success: true, data: { code: 'compat_menu', name: '兼容菜单', category: 1 } });
    expect(saved.data.id).toBe(await menuId('compat_menu'));
    const edited = await post('/api/blade-system/menu/submit', { id: saved.data.id, name: '兼容菜单二' });
    expect(edited.data).toMatchObject({ id: saved.data.id, name: '兼容菜单二', code: 'compat_menu' });
  });

  it('dept/submit answers id, tenantId and deptCategoryName', async () => {
    const saved = await post('/api/blade-system/dept/submit', {
      parentId: '0',
      deptName: '兼容机构',
      fullName: '兼容机构全称',
      deptCategory: 2,
      sort: 9,
    });
    expect(saved.data).toMatchObject({ tenantId: '000000', deptCategoryName: '部门', deptName: '兼容机构' });
    expect(saved.data.id).toBe(await liveIdOf(server, 'blade_dept', 'deptName', '兼容机构'));
  });

  it('role, dict and region submits answer the saved record too', async () => {
    const role = await post('/api/blade-system/role/submit', {
      parentId: '0',
      roleName: '兼容角色',
      roleAlias: 'compat',
      sort: 9,
    });
    expect(role.data).toMatchObject({
      id: await liveIdOf(server, 'blade_role', 'roleAlias', 'compat'),
      roleAlias: 'compat',
    });
    const dict = await post('/api/blade-system/dict/submit', {
      parentId: '0',
      code: 'compat',
      dictKey: '-1',
      dictValue: '兼容字典',
      sort: 1,
      isSealed: 0,
    });
    expect(dict.data).toMatchObject({ code: 'compat', dictValue: '兼容字典', id: expect.any(String) });
    const region = await post('/api/blade-system/region/submit', {
      code: '99',
      parentCode: '00',
      name: '兼容省',
      sort: 1,
    });
    expect(region.data).toMatchObject({ code: '99', name: '兼容省', parentCode: '00' });
  });
});

describe('dictionary trees (字典 → 新增子项)', () => {
  it('answers dict/tree and dict-biz/tree whole, whatever code says', async () => {
    const whole = flatten((await get('/api/blade-system/dict/tree')).data as Node[]);
    const withCode = flatten((await get('/api/blade-system/dict/tree', { code: 'DICT' })).data as Node[]);
    expect(withCode.map((node) => node.id)).toEqual(whole.map((node) => node.id));
    expect(whole.map((node) => node.title)).toEqual(expect.arrayContaining(['性别', '男', '岗位类型', '高层']));
    const biz = await get('/api/blade-system/dict-biz/tree', { code: 'DICT' });
    expect(biz).toMatchObject({ success: true });
    expect(Array.isArray(biz.data)).toBe(true);
  });
});

describe('posts (岗位管理, the user form)', () => {
  it('answers post/select, list, page and detail with the seeded posts', async () => {
    const select = (await get('/api/blade-system/post/select')).data as Row[];
    expect(select.map((row) => row.postName)).toEqual([
      '总经理',
      '运营经理',
      '财务主管',
      '站点主管',
      '运维专员',
      '客服专员',
    ]);
    expect(select[0]).toMatchObject({ id: expect.any(String), postCode: 'gm', category: 1, tenantId: '000000' });
    const page = (await get('/api/blade-system/post/page', { current: '1', size: '2' })).data;
    expect(page).toMatchObject({ total: 6, size: 2 });
    expect(
      (await get('/api/blade-system/post/list', { postName: '专员' })).data.records.map((row: Row) => row.postCode),
    ).toEqual(['maintainer', 'service']);
    expect((await get('/api/blade-system/post/detail', { id: String(select[0].id) })).data).toMatchObject({
      postName: '总经理',
    });
  });

  it('adds, edits and removes a post, refusing a taken code, a missing name and a post still held', async () => {
    const added = await post('/api/blade-system/post/submit', {
      category: 3,
      postCode: 'cleaner',
      postName: '保洁员',
      sort: 7,
    });
    expect(added).toMatchObject({ success: true });
    const id = await liveIdOf(server, 'blade_post', 'postCode', 'cleaner');
    expect(
      await post('/api/blade-system/post/submit', { category: 3, postCode: 'cleaner', postName: '保洁' }),
    ).toMatchObject({ code: 400, msg: '岗位编号已存在' });
    expect(await post('/api/blade-system/post/submit', { category: 3, postCode: 'x1' })).toMatchObject({
      code: 400,
      msg: '请输入岗位名称',
    });
    expect(await post('/api/blade-system/post/submit', { id, postName: '保洁主管' })).toMatchObject({ success: true });
    const gm = await liveIdOf(server, 'blade_post', 'postCode', 'gm');
    expect(await post('/api/blade-system/post/remove', undefined, { ids: gm })).toMatchObject({
      code: 400,
      msg: '岗位「总经理」仍有用户在任,请先调整这些用户的岗位',
    });
    expect(await post('/api/blade-system/post/remove', undefined, { ids: id })).toMatchObject({ success: true });
    expect((await get('/api/blade-system/post/select')).data.map((row: Row) => row.postCode)).not.toContain('cleaner');
  });

  it('keeps several posts on a user and answers postName and tenantName in user records', async () => {
    const [gm, service] = await Promise.all([
      liveIdOf(server, 'blade_post', 'postCode', 'gm'),
      liveIdOf(server, 'blade_post', 'postCode', 'service'),
    ]);
    const added = await post('/api/blade-user/submit', {
      account: 'compat_user',
      password: 'compat-pass',
      name: 'compat',
      realName: '兼容',
      userType: 1,
      roleId: await liveIdOf(server, 'blade_role', 'roleAlias', 'operator'),
      deptId: await liveIdOf(server, 'blade_dept', 'deptName', '乐行租赁'),
      postId: `${gm},${service}`,
    });
    expect(added).toMatchObject({ success: true });
    const { records } = (await get('/api/blade-user/page', { account: 'compat_user' })).data;
    expect(records[0]).toMatchObject({
      postId: `${gm},${service}`,
      postName: '总经理,客服专员',
      tenantId: '000000',
      tenantName: '乐行租赁',
    });
  });
});

describe('tenants (login page, user, role and department screens)', () => {
  it('answers tenant/select with the one tenant and tenant/info with an empty object', async () => {
    expect((await get('/api/blade-system/tenant/select')).data).toEqual([
      { tenantId: '000000', tenantName: '乐行租赁' },
    ]);
    const info = await call(server, 'GET', '/api/blade-system/tenant/info', { query: { domain: 'localhost' } });
    expect(info.json()).toEqual({ code: 200, success: true, data: {}, msg: '操作成功' });
  });
});

describe('money calls (转账记录, 付款审批)', () => {
  it('answers a payout filed for approval as a success envelope with data null, and refusals as the envelope', async () => {
    const customerId = nextId();
    await server.ctx.db
      .insertInto('biz_customer')
      .values({ id: customerId, nickName: '兼容', openId: 'o-compat' })
      .execute();
    const launched = await call(server, 'POST', '/api/blade-system/pay/transfers', {
      token: admin,
      body: { customerId: String(customerId), amount: 50001, outBatchNo: 'Tcompat0001', remark: '赔偿' },
    });
    expect(launched.statusCode).toBe(200);
    expect(launched.json()).toEqual({
      code: 200,
      success: true,
      data: null,
      msg: '金额超过 ¥500.00, 已提交审批, 需另一人审批后付款',
    });
    const id = await liveIdOf(server, 'biz_approval', 'bizNo', 'Tcompat0001');
    const own = await call(server, 'POST', '/api/blade-system/approval/approve', { token: admin, query: { id } });
    expect(own.json()).toEqual({
      code: 400,
      success: false,
      data: null,
      msg: '不能审批自己发起的付款, 请由另一人审批',
    });
    // A button the role lacks is refused before the input is read, with the same 403 envelope as before.
    const operator = await signIn(server, 'operator', 'operator');
    const refused = await call(server, 'POST', '/api/blade-system/approval/approve', { token: operator });
    expect(refused.json()).toEqual({ code: 403, success: false, data: null, msg: '缺少访问权限' });
  });
});
