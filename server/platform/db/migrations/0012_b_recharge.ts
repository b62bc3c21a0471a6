// Recharges (docs/orders-and-money.md): a customer paying money into the wallet through the payment provider, with
// the bonus of the recharge activity running when it was paid. The recharge number is the payment's outTradeNo.
import type { Kysely } from 'kysely';
import { withBase } from './columns.js';

export async function up(db: Kysely<unknown>): Promise<void> {
  // `state`: 0 待支付, 1 已到账, 2 已关闭.
  await withBase(db.schema.createTable('biz_recharge'))
    .addColumn('recharge_no', 'varchar(32)', (c) => c.notNull().unique())
    .addColumn('customer_id', 'bigint', (c) => c.notNull())
    .addColumn('wallet_id', 'bigint', (c) => c.notNull())
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addColumn('bonus_amount', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('activity_id', 'bigint')
    .addColumn('transaction_id', 'varchar(64)')
    .addColumn('state', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('success_time', 'timestamp')
    .execute();
  await db.schema.createIndex('biz_recharge_created').on('biz_recharge').columns(['create_time', 'id']).execute();
  await db.schema.createIndex('biz_recharge_customer').on('biz_recharge').column('customer_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('biz_recharge').execute();
}
