// The payment sandbox's own records (docs/orders-and-money.md): what the payment provider would know of each
// payment and refund, and the notification nonces already accepted, so two instances share one sandbox.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('biz_pay_sim')
    .addColumn('id', 'bigint', (c) => c.primaryKey())
    .addColumn('kind', 'varchar(8)', (c) => c.notNull())
    .addColumn('out_no', 'varchar(64)', (c) => c.notNull())
    .addColumn('out_trade_no', 'varchar(32)', (c) => c.notNull())
    .addColumn('provider_no', 'varchar(64)', (c) => c.notNull())
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addColumn('state', 'varchar(16)', (c) => c.notNull())
    .addColumn('outcome', 'varchar(16)', (c) => c.notNull())
    .addColumn('due_time', 'timestamp', (c) => c.notNull())
    .addColumn('notified', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('create_time', 'timestamp', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('biz_pay_sim_no').on('biz_pay_sim').columns(['kind', 'out_no']).unique().execute();
  await db.schema.createIndex('biz_pay_sim_trade').on('biz_pay_sim').column('out_trade_no').execute();
  await db.schema.createIndex('biz_pay_sim_due').on('biz_pay_sim').columns(['notified', 'due_time']).execute();

  await db.schema
    .createTable('biz_pay_nonce')
    .addColumn('nonce', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('create_time', 'timestamp', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('biz_pay_nonce').execute();
  await db.schema.dropTable('biz_pay_sim').execute();
}
