// Menu calls: the editor's lists and writes, and the shell's routes, buttons and top menus, for admin and operator.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, flatten, liveIdOf, signIn, startTestServer, type TestServer } from '../harness.js';

interface MenuItem {
  id: string;
  parentId: string;
  code: string;
  name: string;
  path: string;
  category: number;
  hasChildren?: boolean;
  meta?: { i18n?: string; keepAlive?: boolean };
  children?: MenuItem[];
}

let server: TestServer;
let admin: string;
let operator: string;

const idOf = (code: string): Promise<string> => liveIdOf(server, 'blade_menu', 'code', code);

beforeAll(async () => {
  server = await startTestServer();
  admin = await signIn(server);
  operator = await signIn(server, 'operator', 'operator');
});
afterAll(() => server.close());

describe('menu/routes', () => {
  it('gives the admin the whole menu tree in sort order, leaves without children', async () => {
    const response = await call(server, 'GET', '/api/blade-system/menu/routes', { token: admin });
    expect(response.statusCode).toBe(200);
    const routes = response.json().data as MenuItem[];
    expect(routes.map((r) => r.name)).toEqual([
      '业务管理',
      '公众号',
      '统计报表',
      '工作流',
      '工作台',
      '系统管理',
      '权限管理',
      '资源管理',
      '系统监控',
    ]);
    const user = flatten<MenuItem>(routes).find((r) => r.path === '/system/user');
    expect(user).toMatchObject({ name: '用户管理', code: 'user', category: 1, meta: { i18n: 'user' } });
    expect(user && 'children' in user).toBe(false);
    expect(typeof user?.id).toBe('string');
    expect(flatten<MenuItem>(routes).every((r) => r.category === 1)).toBe(true);
  });

  it('marks business screens to keep their state and leaves system screens fresh, as each menu row says', async () => {
    const routes = flatten<MenuItem>(
      (await call(server, 'GET', '/api/blade-system/menu/routes', { token: admin })).json().data as MenuItem[],
    );
    expect(routes.find((r) => r.path === '/business/order')?.meta).toEqual({ i18n: 'order', keepAlive: true });
    expect(routes.find((r) => r.path === '/mp/wxaccount')?.meta?.keepAlive).toBe(true);
    expect(routes.find((r) => r.path === '/system/param')?.meta).toEqual({ i18n: 'param' });

    const param = await idOf('param');
    const detail = (
      await call(server, 'GET', '/api/blade-system/menu/detail', { token: admin, query: { id: param } })
    ).json().data;
    const saved = await call(server, 'POST', '/api/blade-system/menu/submit', {
      token: admin,
      body: { ...detail, keepAlive: 2 },
    });
    expect(saved.statusCode).toBe(200);
    const after = flatten<MenuItem>(
      (await call(server, 'GET', '/api/blade-system/menu/routes', { token: admin })).json().data as MenuItem[],
    );
    expect(after.find((r) => r.path === '/system/param')?.meta?.keepAlive).toBe(true);
    const refused = await call(server, 'POST', '/api/blade-system/menu/submit', {
      token: admin,
      body: { ...detail, keepAlive: 3 },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().msg).toContain('页面缓存');
  });

  it('gives the operator only the business area and the parameter screen', async () => {
    const routes = (await call(server, 'GET', '/api/blade-system/menu/routes', { token: operator })).json()
      .data as MenuItem[];
    expect(routes.map((r) => r.name)).toEqual(['业务管理', '公众号', '统计报表', '工作流', '工作台', '系统管理']);
    const system = routes.find((r) => r.code === 'system');
    expect(system?.children?.map((c) => c.name)).toEqual(['参数管理']);
  });

  it('limits the routes to a top menu when topMenuId is given', async () => {
    const tops = (await call(server, 'GET', '/api/blade-system/menu/top-menu', { token: admin })).json().data as {
      id: string;
      name: string;
    }[];
    expect(tops.map((t) => t.name)).toEqual(['业务运营', '系统运维']);
    const routes = (
      await call(server, 'GET', '/api/blade-system/menu/routes', { token: admin, query: { topMenuId: tops[1].id } })
    ).json().data as MenuItem[];
    expect(routes.map((r) => r.name)).toEqual(['工作台', '系统管理', '权限管理', '资源管理', '系统监控']);
  });

  it('refuses a malformed topMenuId and a missing token', async () => {
    const bad = await call(server, 'GET', '/api/blade-system/menu/routes', {
      token: admin,
      query: { topMenuId: '1 or 1=1' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msg).toContain('topMenuId');
    expect((await call(server, 'GET', '/api/blade-system/menu/routes')).statusCode).toBe(401);
    const forged = await call(server, 'GET', '/api/blade-system/menu/routes', { token: `${admin.slice(0, -4)}AAAA` });
    expect(forged.statusCode).toBe(401);
    expect(forged.json().code).toBe(401);
  });
});

describe('menu/buttons and top-menu', () => {
  it('groups the operator buttons under their menus, without param_delete', async () => {
    const groups = (await call(server, 'GET', '/api/blade-system/menu/buttons', { token: operator })).json()
      .data as MenuItem[];
    const codes = groups.flatMap((g) => (g.children ?? []).map((b) => b.code));
    expect(codes).toEqual(expect.arrayContaining(['param_add', 'param_view', 'order_finish', 'equ_unlock']));
    expect(codes).not.toContain('param_delete');
    expect(groups.every((g) => g.category === 1 && (g.children ?? []).every((b) => b.category === 2))).toBe(true);
  });

  it('shows the operator the top menus holding its screens, each with only its own screens', async () => {
    const tops = (await call(server, 'GET', '/api/blade-system/menu/top-menu', { token: operator })).json().data as {
      id: string;
      name: string;
    }[];
    expect(tops.map((t) => t.name)).toEqual(['业务运营', '系统运维']);
    const routes = (
      await call(server, 'GET', '/api/blade-system/menu/routes', { token: operator, query: { topMenuId: tops[1].id } })
    ).json().data as MenuItem[];
    expect(routes.map((r) => r.name)).toEqual(['工作台', '系统管理']);
  });
});

describe('menu lists', () => {
  it('lists the whole tree and filters by name', async () => {
    const all = (await call(server, 'GET', '/api/blade-system/menu/list', { token: admin })).json().data as MenuItem[];
    expect(flatten<MenuItem>(all).some((m) => m.code === 'param_delete')).toBe(true);
    const found = (
      await call(server, 'GET', '/api/blade-system/menu/list', { token: admin, query: { name: '参数' } })
    ).json().data as MenuItem[];
    expect(found.map((m) => m.name)).toEqual(['参数管理']);
  });

  it('treats SQL-looking filter text as plain text', async () => {
    const response = await call(server, 'GET', '/api/blade-system/menu/list', {
      token: admin,
      query: { name: "' or '1'='1" },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data ?? []).toEqual([]);
  });

  it('lazy-lists one level with hasChildren', async () => {
    const roots = (
      await call(server, 'GET', '/api/blade-system/menu/lazy-list', { token: admin, query: { parentId: 0 } })
    ).json().data as MenuItem[];
    expect(roots[0]).toMatchObject({ name: '业务管理', hasChildren: true });
    const param = await idOf('param');
    const buttons = (
      await call(server, 'GET', '/api/blade-system/menu/lazy-list', { token: admin, query: { parentId: param } })
    ).json().data as MenuItem[];
    expect(buttons.map((b) => b.code)).toEqual(['param_add', 'param_edit', 'param_delete', 'param_view']);
    expect(buttons.every((b) => b.hasChildren === false)).toBe(true);
    const menusOnly = (
      await call(server, 'GET', '/api/blade-system/menu/lazy-menu-list', { token: admin, query: { parentId: param } })
    ).json().data;
    expect(menusOnly ?? []).toEqual([]);
    const system = (
      await call(server, 'GET', '/api/blade-system/menu/lazy-menu-list', {
        token: admin,
        query: { parentId: await idOf('system') },
      })
    ).json().data as MenuItem[];
    expect(system.find((m) => m.code === 'param')?.hasChildren).toBe(false);
    const bad = await call(server, 'GET', '/api/blade-system/menu/lazy-list', {
      token: admin,
      query: { parentId: '0 or 1=1' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msg).toContain('parentId');
  });

  it('pages the menus (buttons excluded) and bounds the page size', async () => {
    const page = (
      await call(server, 'GET', '/api/blade-system/menu/menu-list', { token: admin, query: { current: 1, size: 5 } })
    ).json().data as { records: MenuItem[]; total: number; size: number };
    expect(page.records).toHaveLength(5);
    expect(page.records.every((m) => m.category === 1)).toBe(true);
    expect(page.total).toBeGreaterThan(60);
    const tooBig = await call(server, 'GET', '/api/blade-system/menu/menu-list', {
      token: admin,
      query: { size: 100000 },
    });
    expect(tooBig.statusCode).toBe(400);
    expect(tooBig.json().msg).toContain('size');
    const hostileSort = await call(server, 'GET', '/api/blade-system/menu/menu-list', {
      token: admin,
      query: { descs: 'name;drop table blade_menu' },
    });
    expect(hostileSort.statusCode).toBe(400);
  });

  it('answers tree nodes with string ids', async () => {
    const tree = (await call(server, 'GET', '/api/blade-system/menu/tree', { token: admin })).json().data as {
      id: string;
      key: string;
      value: string;
      title: string;
      children?: unknown[];
    }[];
    expect(tree[0]).toMatchObject({ title: '业务管理', hasChildren: true });
    expect(tree[0].key).toBe(tree[0].id);
    expect(JSON.stringify(tree)).not.toContain('"param_add"');
  });

  it('shows a menu with its parent name, 404 for an unknown id, 400 for a bad one', async () => {
    const detail = (
      await call(server, 'GET', '/api/blade-system/menu/detail', { token: admin, query: { id: await idOf('param') } })
    ).json().data;
    expect(detail).toMatchObject({ name: '参数管理', parentName: '系统管理', path: '/system/param' });
    expect(
      (await call(server, 'GET', '/api/blade-system/menu/detail', { token: admin, query: { id: 1 } })).statusCode,
    ).toBe(404);
    const bad = await call(server, 'GET', '/api/blade-system/menu/detail', { token: admin, query: { id: 'abc' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msg).toContain('id');
  });

  it('refuses the menu editor calls to the operator', async () => {
    const response = await call(server, 'GET', '/api/blade-system/menu/list', { token: operator });
    expect(response.statusCode).toBe(403);
  });
});

describe('menu/submit and remove', () => {
  it('adds, edits and removes a menu', async () => {
    const system = await idOf('system');
    const body = {
      parentId: system,
      code: 'report_extra',
      name: '额外报表',
      path: '/system/extra',
      category: 1,
      sort: 99,
    };
    const added = await call(server, 'POST', '/api/blade-system/menu/submit', { token: admin, body });
    expect(added.json()).toMatchObject({ success: true, msg: '操作成功' });
    const id = await idOf('report_extra');
    const edited = await call(server, 'POST', '/api/blade-system/menu/submit', {
      token: admin,
      body: { id, name: '更多报表' },
    });
    expect(edited.statusCode).toBe(200);
    const detail = (await call(server, 'GET', '/api/blade-system/menu/detail', { token: admin, query: { id } })).json()
      .data;
    expect(detail).toMatchObject({ name: '更多报表', code: 'report_extra' });
    const removed = await call(server, 'POST', '/api/blade-system/menu/remove', { token: admin, query: { ids: id } });
    expect(removed.json().success).toBe(true);
    expect(
      (await call(server, 'GET', '/api/blade-system/menu/detail', { token: admin, query: { id } })).statusCode,
    ).toBe(404);
  });

  it('refuses a duplicate code, a missing name, a wrong type and a button as parent', async () => {
    const duplicate = await call(server, 'POST', '/api/blade-system/menu/submit', {
      token: admin,
      body: { code: 'param', name: '重复', category: 1 },
    });
    expect(duplicate.statusCode).toBe(400);
    expect(duplicate.json().msg).toBe('菜单编号已存在');
    const missing = await call(server, 'POST', '/api/blade-system/menu/submit', {
      token: admin,
      body: { code: 'x1', category: 1 },
    });
    expect(missing.json().msg).toBe('请输入菜单名称');
    const wrongType = await call(server, 'POST', '/api/blade-system/menu/submit', {
      token: admin,
      body: { code: 'x2', name: 'x', category: 'menu' },
    });
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json().msg).toContain('菜单类型');
    const underButton = await call(server, 'POST', '/api/blade-system/menu/submit', {
      token: admin,
      body: { code: 'x3', name: 'x', category: 2, parentId: await idOf('param_add') },
    });
    expect(underButton.json().msg).toBe('按钮下不能再添加菜单或按钮');
  });

  it('refuses to move a menu under itself or its descendants', async () => {
    const response = await call(server, 'POST', '/api/blade-system/menu/submit', {
      token: admin,
      body: { id: await idOf('system'), parentId: await idOf('param') },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().msg).toBe('上级菜单不能是自身或其下级菜单');
  });

  it('refuses to remove a menu that has children, and an unknown or malformed id', async () => {
    const parent = await call(server, 'POST', '/api/blade-system/menu/remove', {
      token: admin,
      query: { ids: await idOf('param') },
    });
    expect(parent.statusCode).toBe(400);
    expect(parent.json().msg).toBe('请先删除子节点!');
    expect(
      (await call(server, 'POST', '/api/blade-system/menu/remove', { token: admin, query: { ids: '1' } })).statusCode,
    ).toBe(404);
    const malformed = await call(server, 'POST', '/api/blade-system/menu/remove', {
      token: admin,
      query: { ids: '1;delete' },
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().msg).toContain('ids');
  });
});
