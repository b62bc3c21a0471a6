// Withdrawals (docs/orders-and-money.md): a customer's request to take own money out of the wallet, frozen while
// staff review it and paid out by a transfer batch whose number is the withdrawal's, so a retry never pays twice.
import type { Kysely } from 'kysely';
import { withBase } from './columns.js';

export async function up(db: Kysely<unknown>): Promise<void> {
  // `state`: 0 待审核, 1 已打款, 2 已驳回, 3 打款失败, 4 打款中.
  await withBase(db.schema.createTable('biz_withdrawal'))
    .addColumn('customer_id', 'bigint', (c) => c.notNull())
    .addColumn('wallet_id', 'bigint', (c) => c.notNull())
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addColumn('out_batch_no', 'varchar(32)', (c) => c.notNull().unique())
    .addColumn('batch_id', 'varchar(64)')
    .addColumn('state', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('reason', 'varchar(255)')
    .addColumn('audit_user', 'bigint')
    .addColumn('audit_time', 'timestamp')
    .execute();
  await db.schema
    .createIndex('biz_withdrawal_state_created')
    .on('biz_withdrawal')
    .columns(['state', 'create_time'])
    .execute();
  await db.schema.createIndex('biz_withdrawal_customer').on('biz_withdrawal').column('customer_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('biz_withdrawal').execute();
}
