// Two people for big payouts (docs/orders-and-money.md, Approvals): a staff refund, a transfer or a withdrawal payout
// above `money.approvalCents` waits in biz_approval until a second person approves it. A database seeded before
// gets the parameter, the 付款审批 screen with its buttons (the administrator role holds them all; the operator
// role sees the screen but may not decide), as a fresh seed has them.
import { type Kysely, sql } from 'kysely';
import { nextId } from '../ids.js';
import type { Database } from '../schema.js';
import { now } from '../time.js';
import { withBase } from './columns.js';

export async function up(db: Kysely<unknown>): Promise<void> {
  await withBase(db.schema.createTable('biz_approval'))
    .addColumn('kind', 'integer', (c) => c.notNull())
    .addColumn('biz_no', 'varchar(64)', (c) => c.notNull())
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addColumn('order_id', 'bigint')
    .addColumn('customer_id', 'bigint')
    .addColumn('withdrawal_id', 'bigint')
    .addColumn('remark', 'varchar(200)')
    .addColumn('ask', 'varchar(1000)', (c) => c.notNull())
    .addColumn('state', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('reason', 'varchar(200)')
    .addColumn('approve_user', 'bigint')
    .addColumn('approve_time', 'timestamp')
    .execute();
  // One payout waits once: a second launch of the same number while it waits is the same request.
  await db.schema
    .createIndex('biz_approval_waiting')
    .on('biz_approval')
    .columns(['kind', 'biz_no'])
    .unique()
    .where(sql.ref('state'), '=', 0)
    .execute();
  await db.schema.createIndex('biz_approval_state').on('biz_approval').columns(['state', 'create_time']).execute();

  const trx = db as Kysely<Database>;
  const trade = await trx.selectFrom('blade_menu').select('id').where('code', '=', 'trade').executeTakeFirst();
  // A fresh database is seeded after the migrations, with all of this.
  if (!trade) return;
  const createTime = now();
  await trx
    .insertInto('blade_param')
    .values({
      id: nextId(),
      paramName: '付款审批金额(分)',
      paramKey: 'money.approvalCents',
      paramValue: '50000',
      remark: '员工退款、转账、提现打款超过此金额(分)时需另一人审批',
      createTime,
    })
    .execute();
  const screen = nextId();
  const approve = nextId();
  const reject = nextId();
  const view = nextId();
  const menu = { isOpen: 1, remark: null, createTime, keepAlive: 1 };
  await trx
    .insertInto('blade_menu')
    .values(
      [
        {
          ...menu,
          id: screen,
          parentId: trade.id,
          code: 'approval',
          name: '付款审批',
          alias: 'approval',
          path: '/business/approval',
          source: 'el-icon-s-check AuditOutlined',
          sort: 20,
          category: 1,
          action: 0,
          keepAlive: 2,
        },
        button(view, screen, 'approval_view', '查看', 'approvalView', 1),
        button(approve, screen, 'approval_approve', '审批通过', 'approvalApprove', 2),
        button(reject, screen, 'approval_reject', '审批驳回', 'approvalReject', 3),
      ].map((row) => ({ ...menu, ...row })),
    )
    .execute();
  const grant = async (alias: string, menuIds: number[]) => {
    const role = await trx.selectFrom('blade_role').select('id').where('roleAlias', '=', alias).executeTakeFirst();
    if (!role) return;
    await trx
      .insertInto('blade_role_menu')
      .values(menuIds.map((menuId) => ({ id: nextId(), menuId, roleId: role.id })))
      .execute();
  };
  await grant('administrator', [screen, view, approve, reject]);
  await grant('operator', [screen, view]);
  const top = await trx.selectFrom('blade_top_menu').select('id').where('code', '=', 'operation').executeTakeFirst();
  if (top)
    await trx
      .insertInto('blade_top_menu_setting')
      .values({ id: nextId(), topMenuId: top.id, menuId: screen })
      .execute();
}

function button(id: number, parentId: number, code: string, name: string, alias: string, sort: number) {
  return { id, parentId, code, name, alias, path: null, source: null, sort, category: 2, action: 2 };
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('biz_approval').execute();
}
