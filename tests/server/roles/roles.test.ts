// Role calls and grants: tree, detail, add/edit/remove with their refusals, the grant dialog's trees and keys,
// role/grant and topmenu/grant, and what the operator role may not do.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextId } from '../../../server/platform/db/ids.js';
import { call, flatten, liveIdOf, signIn, startTestServer, type TestServer } from '../harness.js';

interface Node {
  id: string;
  title: string;
  children?: Node[];
}

let server: TestServer;
let admin: string;
let operator: string;

const menuId = async (code: string): Promise<string> => {
  const row = await server.ctx.db
    .selectFrom('blade_menu')
    .select('id')
    .where('code', '=', code)
    .executeTakeFirstOrThrow();
  return String(row.id);
};

const roleId = (alias: string): Promise<string> => liveIdOf(server, 'blade_role', 'roleAlias', alias);

beforeAll(async () => {
  server = await startTestServer();
  admin = await signIn(server);
  operator = await signIn(server, 'operator', 'operator');
});
afterAll(() => server.close());

describe('role lists', () => {
  it('lists the roles as a tree, filters them, and answers select nodes', async () => {
    const list = (await call(server, 'GET', '/api/blade-system/role/list', { token: admin })).json().data;
    expect(list.map((r: { roleName: string }) => r.roleName)).toEqual(['超级管理员', '运营人员', '站点经理']);
    const filtered = (
      await call(server, 'GET', '/api/blade-system/role/list', { token: admin, query: { roleAlias: 'oper' } })
    ).json().data;
    expect(filtered.map((r: { roleAlias: string }) => r.roleAlias)).toEqual(['operator']);
    const tree = (await call(server, 'GET', '/api/blade-system/role/tree', { token: operator })).json().data as Node[];
    expect(tree.map((n) => n.title)).toEqual(['超级管理员', '运营人员', '站点经理']);
  });

  it('shows a role, 404 for an unknown id', async () => {
    const detail = (
      await call(server, 'GET', '/api/blade-system/role/detail', {
        token: admin,
        query: { id: await roleId('operator') },
      })
    ).json().data;
    expect(detail).toMatchObject({ roleName: '运营人员', roleAlias: 'operator', parentId: '0', parentName: '' });
    expect(
      (await call(server, 'GET', '/api/blade-system/role/detail', { token: admin, query: { id: 42 } })).statusCode,
    ).toBe(404);
  });

  it('refuses role management to the operator', async () => {
    expect((await call(server, 'GET', '/api/blade-system/role/list', { token: operator })).statusCode).toBe(403);
  });
});

describe('role/submit and remove', () => {
  it('adds a child role, refuses a duplicate alias, a missing name and a loop', async () => {
    const parentId = await roleId('operator');
    const added = await call(server, 'POST', '/api/blade-system/role/submit', {
      token: admin,
      body: { parentId, roleName: '站点巡检', roleAlias: 'inspector', sort: 3 },
    });
    expect(added.json().success).toBe(true);
    const duplicate = await call(server, 'POST', '/api/blade-system/role/submit', {
      token: admin,
      body: { roleName: '又一个', roleAlias: 'inspector' },
    });
    expect(duplicate.json()).toMatchObject({ code: 400, msg: '角色别名已存在' });
    const missing = await call(server, 'POST', '/api/blade-system/role/submit', {
      token: admin,
      body: { roleAlias: 'x' },
    });
    expect(missing.json().msg).toBe('请输入角色名称');
    const loop = await call(server, 'POST', '/api/blade-system/role/submit', {
      token: admin,
      body: { id: parentId, parentId: await roleId('inspector') },
    });
    expect(loop.json().msg).toBe('上级角色不能是自身或其下级角色');
    const list = (await call(server, 'GET', '/api/blade-system/role/list', { token: admin })).json().data;
    expect(list[1].children.map((r: { roleName: string; parentName: string }) => [r.roleName, r.parentName])).toEqual([
      ['站点巡检', '运营人员'],
    ]);
  });

  it('refuses to remove a parent role and a role users still hold, removes a free one', async () => {
    const parent = await call(server, 'POST', '/api/blade-system/role/remove', {
      token: admin,
      query: { ids: await roleId('operator') },
    });
    expect(parent.json().msg).toBe('请先删除子节点!');
    const inspector = await roleId('inspector');
    const held = await call(server, 'POST', '/api/blade-system/role/remove', {
      token: admin,
      query: { ids: await roleId('administrator') },
    });
    expect(held.statusCode).toBe(400);
    expect(held.json().msg).toContain('超级管理员');
    const removed = await call(server, 'POST', '/api/blade-system/role/remove', {
      token: admin,
      query: { ids: inspector },
    });
    expect(removed.json().success).toBe(true);
  });
});

describe('grant dialog', () => {
  it('answers the grant tree with menus and the scopes under their menus', async () => {
    const param = await menuId('param');
    const scopeId = nextId();
    await server.ctx.db
      .insertInto('blade_scope_data')
      .values({ id: scopeId, menuId: Number(param), resourceCode: 'param', scopeName: '本部门参数', scopeType: 3 })
      .execute();
    const data = (await call(server, 'GET', '/api/blade-system/menu/grant-tree', { token: admin })).json().data;
    expect(flatten<Node>(data.menu).some((n) => n.title === '新增' && typeof n.id === 'string')).toBe(true);
    expect(data.dataScope.map((n: Node) => n.title)).toEqual(['业务管理', '统计报表', '工作台', '系统管理']);
    const userScopes = flatten<Node>(data.dataScope)
      .find((n) => n.title === '用户管理')
      ?.children?.map((n) => n.title);
    expect(userScopes).toEqual(['全部用户', '本人用户', '本机构用户', '本机构及子级用户']);
    expect(flatten<Node>(data.dataScope).find((n) => n.id === String(scopeId))?.title).toBe('本部门参数');
    expect(data.apiScope).toEqual([]);
  });

  it('answers the checked keys of a role and refuses bad roleIds', async () => {
    const keys = (
      await call(server, 'GET', '/api/blade-system/menu/role-tree-keys', {
        token: admin,
        query: { roleIds: await roleId('operator') },
      })
    ).json().data;
    expect(keys.menu).toContain(await menuId('param_add'));
    expect(keys.menu).toContain(await menuId('order'));
    expect(keys.menu).not.toContain(await menuId('param_delete'));
    // Partly granted menus are left out so a checkbox tree shows them half-checked, not with every child checked.
    expect(keys.menu).not.toContain(await menuId('param'));
    expect(keys.menu).not.toContain(await menuId('system'));
    expect(keys).toMatchObject({ dataScope: [], apiScope: [] });
    const bad = await call(server, 'GET', '/api/blade-system/menu/role-tree-keys', {
      token: admin,
      query: { roleIds: 'x' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msg).toContain('roleIds');
  });

  it('replaces a role grant: the operator then holds param_delete and can remove a parameter', async () => {
    const operatorRole = await roleId('operator');
    const before = (
      await call(server, 'GET', '/api/blade-system/menu/role-tree-keys', {
        token: admin,
        query: { roleIds: operatorRole },
      })
    ).json().data.menu as string[];
    const denied = await call(server, 'POST', '/api/blade-system/param/remove', {
      token: operator,
      query: { ids: '1' },
    });
    expect(denied.statusCode).toBe(403);
    const scope = await server.ctx.db.selectFrom('blade_scope_data').select('id').executeTakeFirstOrThrow();
    const granted = await call(server, 'POST', '/api/blade-system/role/grant', {
      token: admin,
      body: {
        roleIds: [operatorRole],
        menuIds: [...before, await menuId('param_delete')],
        dataScopeIds: [String(scope.id)],
      },
    });
    expect(granted.json()).toMatchObject({ success: true, msg: '操作成功' });
    const keys = (
      await call(server, 'GET', '/api/blade-system/menu/role-tree-keys', {
        token: admin,
        query: { roleIds: operatorRole },
      })
    ).json().data;
    expect(keys.menu).toContain(await menuId('param_delete'));
    expect(keys.menu).toContain(await menuId('param'));
    expect(keys.dataScope).toEqual([String(scope.id)]);
    const allowed = await call(server, 'POST', '/api/blade-system/param/remove', {
      token: operator,
      query: { ids: '1' },
    });
    expect(allowed.statusCode).not.toBe(403);
    await call(server, 'POST', '/api/blade-system/role/grant', {
      token: admin,
      body: { roleIds: [operatorRole], menuIds: before },
    });
    const again = await call(server, 'POST', '/api/blade-system/param/remove', {
      token: operator,
      query: { ids: '1' },
    });
    expect(again.statusCode).toBe(403);
  });

  it('refuses a grant without roles, with unknown menus, or from a caller without role_grant', async () => {
    const noRoles = await call(server, 'POST', '/api/blade-system/role/grant', {
      token: admin,
      body: { roleIds: [], menuIds: [] },
    });
    expect(noRoles.statusCode).toBe(400);
    expect(noRoles.json().msg).toContain('roleIds');
    const unknown = await call(server, 'POST', '/api/blade-system/role/grant', {
      token: admin,
      body: { roleIds: [await roleId('operator')], menuIds: ['12345'] },
    });
    expect(unknown.json().msg).toBe('menuIds 包含不存在的数据: 12345');
    const wrongType = await call(server, 'POST', '/api/blade-system/role/grant', {
      token: admin,
      body: { roleIds: 'all', menuIds: [] },
    });
    expect(wrongType.statusCode).toBe(400);
    const denied = await call(server, 'POST', '/api/blade-system/role/grant', {
      token: operator,
      body: { roleIds: [await roleId('operator')], menuIds: [] },
    });
    expect(denied.statusCode).toBe(403);
  });
});

describe('top-menu grant', () => {
  it('answers the top tree and keys, and replaces a top menu menus', async () => {
    const tree = (await call(server, 'GET', '/api/blade-system/menu/grant-top-tree', { token: admin })).json().data
      .menu as Node[];
    expect(tree.map((n) => n.title)).toContain('系统管理');
    expect(JSON.stringify(tree)).not.toContain('"新增"');
    const top = await server.ctx.db
      .selectFrom('blade_top_menu')
      .select('id')
      .where('code', '=', 'operation')
      .executeTakeFirstOrThrow();
    const keys = (
      await call(server, 'GET', '/api/blade-system/menu/top-tree-keys', { token: admin, query: { topMenuIds: top.id } })
    ).json().data.menu as string[];
    expect(keys).toContain(await menuId('order'));
    const missing = await call(server, 'GET', '/api/blade-system/menu/top-tree-keys', { token: admin });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().msg).toContain('topMenuIds');
    const granted = await call(server, 'POST', '/api/blade-system/topmenu/grant', {
      token: admin,
      body: { topMenuIds: [String(top.id)], menuIds: [await menuId('hos_report')] },
    });
    expect(granted.json().success).toBe(true);
    const routes = (
      await call(server, 'GET', '/api/blade-system/menu/routes', { token: admin, query: { topMenuId: top.id } })
    ).json().data;
    expect(
      routes.map((r: { name: string; children: { name: string }[] }) => [r.name, r.children.map((c) => c.name)]),
    ).toEqual([['统计报表', ['医院报表']]]);
    const after = (
      await call(server, 'GET', '/api/blade-system/menu/top-tree-keys', { token: admin, query: { topMenuIds: top.id } })
    ).json().data.menu as string[];
    expect(after.sort()).toEqual([await menuId('report'), await menuId('hos_report')].sort());
  });

  it('refuses an unknown top menu, a missing field and a caller without topmenu_setting', async () => {
    const unknown = await call(server, 'POST', '/api/blade-system/topmenu/grant', {
      token: admin,
      body: { topMenuIds: ['99'], menuIds: [] },
    });
    expect(unknown.json().msg).toBe('topMenuIds 包含不存在的数据: 99');
    const missing = await call(server, 'POST', '/api/blade-system/topmenu/grant', {
      token: admin,
      body: { topMenuIds: ['99'] },
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().msg).toContain('menuIds');
    const denied = await call(server, 'POST', '/api/blade-system/topmenu/grant', {
      token: operator,
      body: { topMenuIds: ['99'], menuIds: [] },
    });
    expect(denied.statusCode).toBe(403);
  });
});
