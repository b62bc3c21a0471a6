// 审计日志 (docs/audit.md) under 系统监控 → 日志管理 on a database seeded before: the screen and its view button,
// granted to the administrator role only, and shown under the 系统运维 top menu, as a fresh seed has them
// (facts/menu-tree.ts).
import type { Kysely } from 'kysely';
import { nextId } from '../ids.js';
import type { Database } from '../schema.js';
import { now } from '../time.js';

export async function up(db: Kysely<unknown>): Promise<void> {
  const trx = db as Kysely<Database>;
  const logs = await trx.selectFrom('blade_menu').select('id').where('code', '=', 'log').executeTakeFirst();
  // A fresh database is seeded after the migrations, with all of this.
  if (!logs) return;
  const taken = await trx.selectFrom('blade_menu').select('id').where('code', '=', 'log_audit').executeTakeFirst();
  if (taken) return;
  const base = { isOpen: 1, remark: null, createTime: now(), keepAlive: 1 };
  const screen = nextId();
  const view = nextId();
  await trx
    .insertInto('blade_menu')
    .values([
      {
        ...base,
        id: screen,
        parentId: logs.id,
        code: 'log_audit',
        name: '审计日志',
        alias: 'logAudit',
        path: '/monitor/log/audit',
        source: 'el-icon-s-check AuditOutlined',
        sort: 4,
        category: 1,
        action: 0,
      },
      {
        ...base,
        id: view,
        parentId: screen,
        code: 'log_audit_view',
        name: '查看',
        alias: 'logAuditView',
        path: null,
        source: null,
        sort: 1,
        category: 2,
        action: 2,
      },
    ])
    .execute();
  const admin = await trx
    .selectFrom('blade_role')
    .select('id')
    .where('roleAlias', '=', 'administrator')
    .where('isDeleted', '=', 0)
    .executeTakeFirst();
  if (admin)
    await trx
      .insertInto('blade_role_menu')
      .values([screen, view].map((menuId) => ({ id: nextId(), menuId, roleId: admin.id })))
      .execute();
  const top = await trx
    .selectFrom('blade_top_menu')
    .select('id')
    .where('code', '=', 'administration')
    .executeTakeFirst();
  if (top)
    await trx
      .insertInto('blade_top_menu_setting')
      .values({ id: nextId(), topMenuId: top.id, menuId: screen })
      .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const trx = db as Kysely<Database>;
  const menus = await trx
    .selectFrom('blade_menu')
    .select('id')
    .where('code', 'in', ['log_audit', 'log_audit_view'])
    .execute();
  const ids = menus.map((menu) => menu.id);
  if (ids.length === 0) return;
  await trx.deleteFrom('blade_role_menu').where('menuId', 'in', ids).execute();
  await trx.deleteFrom('blade_top_menu_setting').where('menuId', 'in', ids).execute();
  await trx.deleteFrom('blade_menu').where('id', 'in', ids).execute();
}
