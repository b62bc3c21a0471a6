// Reconciliation against WeChat Pay's own bills (docs/orders-and-money.md, Bills): a row per bill day, claimed by
// the instance that downloads it (the intent, so a pass that died mid-way is finished by the next), the differences
// found that day, and when the payment sandbox decided each of its records (its bills' 交易时间). A database seeded
// before gets the 对账差异 screen and its buttons (administrators decide; the operator role sees the screen), as a
// fresh seed has them (facts/menu-tree.ts).
import type { Kysely } from 'kysely';
import { nextId } from '../ids.js';
import type { Database } from '../schema.js';
import { now } from '../time.js';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('biz_bill_day')
    .addColumn('day', 'varchar(10)', (c) => c.primaryKey())
    // running (claimed, `until` the claim's end), done, failed (its reason in last_error; the next pass tries again).
    .addColumn('state', 'varchar(12)', (c) => c.notNull())
    .addColumn('holder', 'varchar(40)', (c) => c.notNull())
    .addColumn('until', 'timestamp', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('trade_rows', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('fund_rows', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('differences', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_error', 'varchar(500)')
    .addColumn('finish_time', 'timestamp')
    .addColumn('update_time', 'timestamp', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('biz_bill_difference')
    .addColumn('id', 'bigint', (c) => c.primaryKey())
    .addColumn('tenant_id', 'varchar(12)', (c) => c.notNull().defaultTo('000000'))
    .addColumn('day', 'varchar(10)', (c) => c.notNull())
    // Dictionary bill_difference_kind: 1 我方缺失, 2 对方缺失, 3 金额不符, 4 状态不符.
    .addColumn('kind', 'integer', (c) => c.notNull())
    // payment, refund, split or payout.
    .addColumn('business', 'varchar(12)', (c) => c.notNull())
    .addColumn('out_no', 'varchar(64)', (c) => c.notNull())
    .addColumn('our_amount', 'bigint')
    .addColumn('our_state', 'varchar(32)')
    .addColumn('their_no', 'varchar(64)')
    .addColumn('their_amount', 'bigint')
    .addColumn('their_state', 'varchar(32)')
    .addColumn('amount_difference', 'bigint', (c) => c.notNull().defaultTo(0))
    // Dictionary bill_difference_state: 0 未处理, 1 已处理.
    .addColumn('state', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('note', 'varchar(500)')
    .addColumn('handle_user', 'bigint')
    .addColumn('handle_time', 'timestamp')
    .addColumn('create_time', 'timestamp', (c) => c.notNull())
    .addColumn('is_deleted', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('biz_bill_difference_day').on('biz_bill_difference').columns(['day', 'state']).execute();

  await db.schema.alterTable('biz_pay_sim').addColumn('finish_time', 'timestamp').execute();

  const trx = db as Kysely<Database>;
  const trade = await trx.selectFrom('blade_menu').select('id').where('code', '=', 'trade').executeTakeFirst();
  // A fresh database is seeded after the migrations, with all of this.
  if (!trade) return;
  const taken = await trx.selectFrom('blade_menu').select('id').where('code', '=', 'bill').executeTakeFirst();
  if (taken) return;
  const createTime = now();
  const base = { isOpen: 1, remark: null, createTime, keepAlive: 1 };
  const screen = nextId();
  const view = nextId();
  const handle = nextId();
  const run = nextId();
  const button = (id: number, code: string, name: string, alias: string, sort: number, action: number) => ({
    ...base,
    id,
    parentId: screen,
    code,
    name,
    alias,
    path: null,
    source: null,
    sort,
    category: 2,
    action,
  });
  await trx
    .insertInto('blade_menu')
    .values([
      {
        ...base,
        id: screen,
        parentId: trade.id,
        code: 'bill',
        name: '对账差异',
        alias: 'bill',
        path: '/business/bill',
        source: 'el-icon-s-data ReconciliationOutlined',
        sort: 21,
        category: 1,
        action: 0,
      },
      button(view, 'bill_view', '查看', 'billView', 1, 2),
      button(handle, 'bill_handle', '标记已处理', 'billHandle', 2, 2),
      button(run, 'bill_reconcile', '立即对账', 'billReconcile', 3, 1),
    ])
    .execute();
  const grant = async (alias: string, menuIds: number[]) => {
    const role = await trx
      .selectFrom('blade_role')
      .select('id')
      .where('roleAlias', '=', alias)
      .where('isDeleted', '=', 0)
      .executeTakeFirst();
    if (!role) return;
    await trx
      .insertInto('blade_role_menu')
      .values(menuIds.map((menuId) => ({ id: nextId(), menuId, roleId: role.id })))
      .execute();
  };
  await grant('administrator', [screen, view, handle, run]);
  await grant('operator', [screen, view]);
  const top = await trx.selectFrom('blade_top_menu').select('id').where('code', '=', 'operation').executeTakeFirst();
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
    .where('code', 'in', ['bill', 'bill_view', 'bill_handle', 'bill_reconcile'])
    .execute();
  const ids = menus.map((menu) => menu.id);
  if (ids.length) {
    await trx.deleteFrom('blade_role_menu').where('menuId', 'in', ids).execute();
    await trx.deleteFrom('blade_top_menu_setting').where('menuId', 'in', ids).execute();
    await trx.deleteFrom('blade_menu').where('id', 'in', ids).execute();
  }
  await db.schema.alterTable('biz_pay_sim').dropColumn('finish_time').execute();
  await db.schema.dropTable('biz_bill_difference').execute();
  await db.schema.dropTable('biz_bill_day').execute();
}
