// Transfers (docs/orders-and-money.md): the merchant paying a customer from its own account to the customer's WeChat
// change (compensation, a prize), through a provider transfer batch whose number is the transfer's, so a retry never
// pays twice.
import type { Kysely } from 'kysely';
import { withBase } from './columns.js';

export async function up(db: Kysely<unknown>): Promise<void> {
  // `state`: 0 转账中, 1 已到账, 2 转账失败.
  await withBase(db.schema.createTable('biz_transfer'))
    .addColumn('out_batch_no', 'varchar(32)', (c) => c.notNull().unique())
    .addColumn('customer_id', 'bigint', (c) => c.notNull())
    .addColumn('nick_name', 'varchar(64)')
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addColumn('remark', 'varchar(80)', (c) => c.notNull())
    .addColumn('batch_id', 'varchar(64)')
    .addColumn('state', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('reason', 'varchar(255)')
    .addColumn('success_time', 'timestamp')
    .execute();
  await db.schema.createIndex('biz_transfer_created').on('biz_transfer').columns(['create_time', 'id']).execute();
  await db.schema.createIndex('biz_transfer_customer').on('biz_transfer').column('customer_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('biz_transfer').execute();
}
