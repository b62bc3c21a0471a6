// A database seeded before the process management screens gets them when it is next started, as a fresh seed has
// them: under 工作流, with their view buttons, held by the administrators only, on the 业务运营 top menu.
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { migrate } from '../../../server/platform/db/migrate.js';
import * as screens from '../../../server/platform/db/migrations/0024_g_flow_screens.js';
import { startTestServer, type TestServer } from '../harness.js';

const CODES = ['flow_model', 'flow_model_view', 'flow_deploy', 'flow_deploy_view', 'flow_follow', 'flow_follow_view'];

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

/** What a person would see of the screens: where they sit, who holds them, which top menu shows them. */
async function screensAsSeen() {
  const db = server.ctx.db;
  const rows = await db
    .selectFrom('blade_menu as m')
    .innerJoin('blade_menu as p', 'p.id', 'm.parentId')
    .select(['m.code', 'm.name', 'm.path', 'm.sort', 'm.category', 'm.source', 'p.code as parent'])
    .where('m.code', 'in', CODES)
    .orderBy('m.code')
    .execute();
  const holders = await db
    .selectFrom('blade_role_menu as rm')
    .innerJoin('blade_menu as m', 'm.id', 'rm.menuId')
    .innerJoin('blade_role as r', 'r.id', 'rm.roleId')
    .select(['m.code', 'r.roleAlias'])
    .where('m.code', 'in', CODES)
    .orderBy('m.code')
    .execute();
  const tops = await db
    .selectFrom('blade_top_menu_setting as s')
    .innerJoin('blade_menu as m', 'm.id', 's.menuId')
    .innerJoin('blade_top_menu as t', 't.id', 's.topMenuId')
    .select(['m.code', 't.code as top'])
    .where('m.code', 'in', CODES)
    .orderBy('m.code')
    .execute();
  return { rows, holders, tops };
}

it('adds the three screens to a database seeded before them, as the seed makes them', async () => {
  const seeded = await screensAsSeen();
  expect(seeded.rows.filter((row) => row.category === 1).map((row) => [row.name, row.path, row.parent])).toEqual([
    ['部署管理', '/flow/deploy', 'work'],
    ['流程跟踪', '/flow/follow', 'work'],
    ['模型管理', '/flow/model', 'work'],
  ]);
  expect(new Set(seeded.holders.map((row) => row.roleAlias))).toEqual(new Set(['administrator']));

  await screens.down(server.ctx.db as never);
  await sql`delete from blade_migration where name = '0024_g_flow_screens'`.execute(server.ctx.db);
  expect((await screensAsSeen()).rows).toEqual([]);
  await migrate(server.ctx.db);
  expect(await screensAsSeen()).toEqual(seeded);
});
