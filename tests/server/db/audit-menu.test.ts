// A database seeded before the audit trail gets its screen when it is next started, as a fresh seed has it: 审计日志
// under 系统监控 → 日志管理 with its view button, held by the administrator role only, on the 系统运维 top menu.
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { migrate } from '../../../server/platform/db/migrate.js';
import * as auditMenu from '../../../server/platform/db/migrations/0027_d_audit_menu.js';
import { startTestServer, type TestServer } from '../harness.js';

const CODES = ['log_audit', 'log_audit_view'];

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

/** What a person would see of the screen: where it sits, who holds it, which top menu shows it. */
async function screenAsSeen() {
  const db = server.ctx.db;
  const rows = await db
    .selectFrom('blade_menu as m')
    .innerJoin('blade_menu as p', 'p.id', 'm.parentId')
    .select([
      'm.code',
      'm.name',
      'm.alias',
      'm.path',
      'm.sort',
      'm.category',
      'm.action',
      'm.source',
      'p.code as parent',
    ])
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
    .execute();
  return { rows, holders, tops };
}

it('adds 审计日志 to a database seeded before it, as the seed makes it, for the administrators only', async () => {
  const seeded = await screenAsSeen();
  expect(seeded.rows.map((row) => [row.code, row.name, row.path, row.parent])).toEqual([
    ['log_audit', '审计日志', '/monitor/log/audit', 'log'],
    ['log_audit_view', '查看', null, 'log_audit'],
  ]);
  expect(seeded.holders).toEqual([
    { code: 'log_audit', roleAlias: 'administrator' },
    { code: 'log_audit_view', roleAlias: 'administrator' },
  ]);
  expect(seeded.tops).toEqual([{ code: 'log_audit', top: 'administration' }]);

  await auditMenu.down(server.ctx.db as never);
  await sql`delete from blade_migration where name = '0027_d_audit_menu'`.execute(server.ctx.db);
  expect((await screenAsSeen()).rows).toEqual([]);
  await migrate(server.ctx.db);
  expect(await screenAsSeen()).toEqual(seeded);
});
