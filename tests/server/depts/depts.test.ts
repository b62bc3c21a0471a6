// Department calls: the tree and its lazy forms, page, detail, superior chain, and writes that keep ancestors right.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, liveIdOf, signIn, startTestServer, type TestServer } from '../harness.js';

interface Dept {
  id: string;
  parentId: string;
  deptName: string;
  ancestors: string;
  parentName?: string;
  hasChildren?: boolean;
  title?: string;
  children?: Dept[];
}

let server: TestServer;
let admin: string;
let operator: string;

const deptId = (name: string): Promise<string> => liveIdOf(server, 'blade_dept', 'deptName', name);

const detail = async (id: string): Promise<Dept> =>
  (await call(server, 'GET', '/api/blade-system/dept/detail', { token: admin, query: { id } })).json().data;

beforeAll(async () => {
  server = await startTestServer();
  admin = await signIn(server);
  operator = await signIn(server, 'operator', 'operator');
});
afterAll(() => server.close());

describe('department reads', () => {
  it('lists the tree with parent names and filters by name', async () => {
    const tree = (await call(server, 'GET', '/api/blade-system/dept/list', { token: admin })).json().data as Dept[];
    expect(tree.map((d) => d.deptName)).toEqual(['乐行租赁']);
    expect(tree[0].children?.map((d) => [d.deptName, d.parentName])).toEqual([
      ['儿童医院站点', '乐行租赁'],
      ['万达广场站点', '乐行租赁'],
      ['童乐出行', '乐行租赁'],
    ]);
    const found = (
      await call(server, 'GET', '/api/blade-system/dept/list', { token: admin, query: { deptName: '万达' } })
    ).json().data as Dept[];
    expect(found.map((d) => d.deptName)).toEqual(['万达广场站点']);
  });

  it('pages the departments and refuses a hostile sort key', async () => {
    const page = (
      await call(server, 'GET', '/api/blade-system/dept/page', { token: admin, query: { current: 1, size: 2 } })
    ).json().data;
    expect(page).toMatchObject({ total: 4, size: 2, current: 1, pages: 2 });
    const hostile = await call(server, 'GET', '/api/blade-system/dept/page', {
      token: admin,
      query: { ascs: 'id desc--' },
    });
    expect(hostile.statusCode).toBe(400);
  });

  it('lazy-lists and lazy-trees one level with hasChildren', async () => {
    const roots = (
      await call(server, 'GET', '/api/blade-system/dept/lazy-list', { token: admin, query: { parentId: 0 } })
    ).json().data as Dept[];
    expect(roots.map((d) => [d.deptName, d.hasChildren])).toEqual([['乐行租赁', true]]);
    const sites = (
      await call(server, 'GET', '/api/blade-system/dept/lazy-tree', {
        token: operator,
        query: { parentId: roots[0].id },
      })
    ).json().data as Dept[];
    expect(sites.map((d) => [d.title, d.hasChildren])).toEqual([
      ['儿童医院站点', false],
      ['万达广场站点', false],
      ['童乐出行', false],
    ]);
    const tree = (await call(server, 'GET', '/api/blade-system/dept/tree', { token: operator })).json().data as Dept[];
    expect(tree[0].children?.map((d) => d.title)).toEqual(['儿童医院站点', '万达广场站点', '童乐出行']);
    const bad = await call(server, 'GET', '/api/blade-system/dept/lazy-tree', {
      token: admin,
      query: { parentId: 'x' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msg).toContain('parentId');
  });

  it('answers the superior chain of a department, 404 for an unknown one', async () => {
    const chain = (
      await call(server, 'GET', '/api/blade-system/dept/superior', {
        token: admin,
        query: { site: await deptId('儿童医院站点') },
      })
    ).json().data as Dept[];
    expect(chain.map((d) => d.deptName)).toEqual(['乐行租赁']);
    const unknown = await call(server, 'GET', '/api/blade-system/dept/superior', {
      token: admin,
      query: { site: '7' },
    });
    expect(unknown.json()).toMatchObject({ code: 404, msg: '机构不存在' });
    const missing = await call(server, 'GET', '/api/blade-system/dept/superior', { token: admin });
    expect(missing.json().msg).toContain('site');
  });

  it('refuses department management to the operator', async () => {
    expect((await call(server, 'GET', '/api/blade-system/dept/list', { token: operator })).statusCode).toBe(403);
  });
});

describe('department writes', () => {
  it('adds a department under a site with its ancestors', async () => {
    const site = await deptId('儿童医院站点');
    const root = await deptId('乐行租赁');
    const added = await call(server, 'POST', '/api/blade-system/dept/submit', {
      token: admin,
      body: { parentId: site, deptName: '住院部小组', deptCategory: 3, sort: 1 },
    });
    expect(added.json().success).toBe(true);
    const team = await detail(await deptId('住院部小组'));
    expect(team).toMatchObject({ ancestors: `0,${root},${site}`, parentName: '儿童医院站点', deptCategory: 3 });
  });

  it('moves a department with its descendants in one go', async () => {
    const root = await deptId('乐行租赁');
    const mall = await deptId('万达广场站点');
    const site = await deptId('儿童医院站点');
    const moved = await call(server, 'POST', '/api/blade-system/dept/submit', {
      token: admin,
      body: { id: site, parentId: mall },
    });
    expect(moved.json().success).toBe(true);
    expect((await detail(site)).ancestors).toBe(`0,${root},${mall}`);
    expect((await detail(await deptId('住院部小组'))).ancestors).toBe(`0,${root},${mall},${site}`);
  });

  it('gives every level below a moved department its new chain', async () => {
    const root = await deptId('乐行租赁');
    const under = async (parentId: string, deptName: string): Promise<string> => {
      const added = await call(server, 'POST', '/api/blade-system/dept/submit', {
        token: admin,
        body: { parentId, deptName },
      });
      expect(added.json().success).toBe(true);
      return deptId(deptName);
    };
    const region = await under(root, '南区');
    const branch = await under(region, '南区分部');
    const kiosk = await under(branch, '南区服务点');
    const mall = await deptId('万达广场站点');
    const moved = await call(server, 'POST', '/api/blade-system/dept/submit', {
      token: admin,
      body: { id: region, parentId: mall },
    });
    expect(moved.json().success).toBe(true);
    expect((await detail(branch)).ancestors).toBe(`0,${root},${mall},${region}`);
    expect((await detail(kiosk)).ancestors).toBe(`0,${root},${mall},${region},${branch}`);
    const removed = await call(server, 'POST', '/api/blade-system/dept/remove', {
      token: admin,
      query: { ids: `${region},${branch},${kiosk}` },
    });
    expect(removed.json().success).toBe(true);
  });

  it('refuses a department under itself or its descendants, and bad input', async () => {
    const root = await deptId('乐行租赁');
    const loop = await call(server, 'POST', '/api/blade-system/dept/submit', {
      token: admin,
      body: { id: root, parentId: await deptId('住院部小组') },
    });
    expect(loop.json()).toMatchObject({ code: 400, msg: '上级机构不能是自身或其下级机构' });
    const missing = await call(server, 'POST', '/api/blade-system/dept/submit', {
      token: admin,
      body: { deptCategory: 2 },
    });
    expect(missing.json().msg).toBe('请输入机构名称');
    const tooLong = await call(server, 'POST', '/api/blade-system/dept/submit', {
      token: admin,
      body: { deptName: '长'.repeat(46) },
    });
    expect(tooLong.json().msg).toContain('机构名称');
    const badCategory = await call(server, 'POST', '/api/blade-system/dept/submit', {
      token: admin,
      body: { deptName: '组', deptCategory: 9 },
    });
    expect(badCategory.json().msg).toContain('机构类型');
    const noParent = await call(server, 'POST', '/api/blade-system/dept/submit', {
      token: admin,
      body: { deptName: '组', parentId: '5' },
    });
    expect(noParent.json().msg).toBe('上级机构不存在');
  });

  it('refuses to remove a parent or a department with users, removes an empty leaf', async () => {
    const parent = await call(server, 'POST', '/api/blade-system/dept/remove', {
      token: admin,
      query: { ids: await deptId('万达广场站点') },
    });
    expect(parent.json().msg).toBe('请先删除子节点!');
    const team = await deptId('住院部小组');
    await server.ctx.db
      .updateTable('blade_user')
      .set({ deptId: `1,${team}` })
      .where('account', '=', 'operator')
      .execute();
    const withUsers = await call(server, 'POST', '/api/blade-system/dept/remove', {
      token: admin,
      query: { ids: team },
    });
    expect(withUsers.json().msg).toBe('机构「住院部小组」下仍有用户,请先调整这些用户的机构');
    await server.ctx.db
      .updateTable('blade_user')
      .set({ deptId: await deptId('儿童医院站点') })
      .where('account', '=', 'operator')
      .execute();
    const removed = await call(server, 'POST', '/api/blade-system/dept/remove', { token: admin, query: { ids: team } });
    expect(removed.json().success).toBe(true);
    expect(
      (await call(server, 'GET', '/api/blade-system/dept/detail', { token: admin, query: { id: team } })).statusCode,
    ).toBe(404);
  });

  it("names every department in use in one refusal, and reads whole ids of the users' lists", async () => {
    const add = async (deptName: string): Promise<string> => {
      const added = await call(server, 'POST', '/api/blade-system/dept/submit', { token: admin, body: { deptName } });
      expect(added.json().success).toBe(true);
      return deptId(deptName);
    };
    const east = await add('东门站点');
    const west = await add('西门站点');
    const setOperatorDepts = (deptIds: string | null) =>
      server.ctx.db.updateTable('blade_user').set({ deptId: deptIds }).where('account', '=', 'operator').execute();
    const original = await server.ctx.db
      .selectFrom('blade_user')
      .select('deptId')
      .where('account', '=', 'operator')
      .executeTakeFirstOrThrow();
    await setOperatorDepts(`${east},${west}`);
    const both = await call(server, 'POST', '/api/blade-system/dept/remove', {
      token: admin,
      query: { ids: `${east},${west}` },
    });
    expect(both.statusCode).toBe(400);
    expect(both.json().msg).toMatch(
      /^机构「(东门站点、西门站点|西门站点、东门站点)」下仍有用户,请先调整这些用户的机构$/,
    );
    // Ids that merely begin or end with a department's id do not hold it.
    await setOperatorDepts(`${east}0,9${west}`);
    const freed = await call(server, 'POST', '/api/blade-system/dept/remove', {
      token: admin,
      query: { ids: `${east},${west}` },
    });
    expect(freed.json().success).toBe(true);
    await setOperatorDepts(original.deptId);
  });
});
