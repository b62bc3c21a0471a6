// Orders and money: customers, wallets, the append-only ledger, rental orders, payments and refunds
// (docs/orders-and-money.md). Amounts are integer cents; every business number is unique, which makes each
// movement idempotent.
import type { ColumnDefinitionBuilder, Kysely } from 'kysely';
import { sql } from 'kysely';
import { withBase } from './columns.js';

/** An amount in cents, zero until set. */
const zero = (column: ColumnDefinitionBuilder) => column.notNull().defaultTo(0);

export async function up(db: Kysely<unknown>): Promise<void> {
  await withBase(db.schema.createTable('biz_customer'))
    .addColumn('nick_name', 'varchar(64)')
    .addColumn('phone_number', 'varchar(30)')
    .addColumn('open_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('app_id', 'bigint')
    .addColumn('avatar', 'varchar(500)')
    .execute();
  await db.schema
    .createIndex('biz_customer_open_id_live')
    .on('biz_customer')
    .column('open_id')
    .unique()
    .where(sql.ref('is_deleted'), '=', 0)
    .execute();
  await db.schema.createIndex('biz_customer_phone').on('biz_customer').column('phone_number').execute();

  // A cache of its ledger sums, changed only together with a ledger row.
  await withBase(db.schema.createTable('biz_wallet'))
    .addColumn('customer_id', 'bigint', (c) => c.notNull().unique())
    .addColumn('amount', 'bigint', zero)
    .addColumn('person_amount', 'bigint', zero)
    .addColumn('plat_amount', 'bigint', zero)
    .execute();

  // Append-only: never updated, never deleted. Account 0 is the merchant's own account.
  await db.schema
    .createTable('biz_ledger')
    .addColumn('id', 'bigint', (c) => c.primaryKey())
    .addColumn('account', 'bigint', (c) => c.notNull())
    .addColumn('kind', 'varchar(20)', (c) => c.notNull())
    .addColumn('biz_no', 'varchar(64)', (c) => c.notNull())
    .addColumn('person_delta', 'bigint', zero)
    .addColumn('plat_delta', 'bigint', zero)
    .addColumn('order_id', 'bigint')
    .addColumn('create_time', 'timestamp', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('biz_ledger_movement')
    .on('biz_ledger')
    .columns(['account', 'kind', 'biz_no'])
    .unique()
    .execute();
  await db.schema.createIndex('biz_ledger_order').on('biz_ledger').column('order_id').execute();

  // Who rented what where, and the price plan in force at the start: copied, so the record stays what happened
  // and the list needs no joins at a million rows.
  await withBase(db.schema.createTable('biz_order'))
    .addColumn('out_trade_no', 'varchar(32)', (c) => c.notNull().unique())
    .addColumn('transaction_id', 'varchar(64)')
    .addColumn('customer_id', 'bigint', (c) => c.notNull())
    .addColumn('nickname', 'varchar(64)')
    .addColumn('phone_number', 'varchar(30)')
    .addColumn('equ_id', 'bigint', (c) => c.notNull())
    .addColumn('key_pair', 'varchar(64)', (c) => c.notNull())
    .addColumn('batch', 'varchar(64)')
    .addColumn('site_id', 'bigint', (c) => c.notNull())
    .addColumn('site_name', 'varchar(100)')
    .addColumn('dept_id', 'bigint', (c) => c.notNull())
    .addColumn('dept_name', 'varchar(100)')
    .addColumn('type_id', 'bigint', (c) => c.notNull())
    .addColumn('pay_mode', 'integer', (c) => c.notNull())
    .addColumn('free_minutes', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('first_minutes', 'integer', (c) => c.notNull())
    .addColumn('first_price', 'bigint', zero)
    .addColumn('unit_minutes', 'integer', (c) => c.notNull())
    .addColumn('unit_price', 'bigint', zero)
    .addColumn('daily_cap', 'bigint')
    .addColumn('amount', 'bigint', zero)
    .addColumn('total_amount', 'bigint', zero)
    .addColumn('act_amount', 'bigint')
    .addColumn('refunded_amount', 'bigint', zero)
    .addColumn('start_time', 'timestamp')
    .addColumn('end_time', 'timestamp')
    .addColumn('description', 'varchar(64)')
    .addColumn('state', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('success_time', 'timestamp')
    .addColumn('trade_state_desc', 'varchar(64)')
    .execute();
  // The order list filters by date range, state and site, newest first.
  await db.schema.createIndex('biz_order_created').on('biz_order').columns(['create_time', 'id']).execute();
  await db.schema.createIndex('biz_order_site_created').on('biz_order').columns(['site_id', 'create_time']).execute();
  await db.schema.createIndex('biz_order_state_created').on('biz_order').columns(['state', 'create_time']).execute();
  await db.schema.createIndex('biz_order_transaction').on('biz_order').column('transaction_id').execute();
  await db.schema.createIndex('biz_order_customer').on('biz_order').column('customer_id').execute();

  // One row per prepay sent to the payment provider: a rental's deposit, a recharge, a goods order.
  await db.schema
    .createTable('biz_payment')
    .addColumn('id', 'bigint', (c) => c.primaryKey())
    .addColumn('out_trade_no', 'varchar(32)', (c) => c.notNull().unique())
    .addColumn('purpose', 'varchar(16)', (c) => c.notNull())
    .addColumn('ref_id', 'bigint', (c) => c.notNull())
    .addColumn('customer_id', 'bigint', (c) => c.notNull())
    .addColumn('amount', 'bigint', zero)
    .addColumn('prepay_id', 'varchar(64)')
    .addColumn('transaction_id', 'varchar(64)')
    .addColumn('trade_state', 'varchar(16)', (c) => c.notNull())
    .addColumn('success_time', 'timestamp')
    .addColumn('create_time', 'timestamp', (c) => c.notNull())
    .addColumn('update_time', 'timestamp')
    .execute();

  // Refunds are never removed; `status` is the refund's own (0 处理中, 1 已完成, 2 退款关闭, 3 异常).
  await db.schema
    .createTable('biz_refund')
    .addColumn('id', 'bigint', (c) => c.primaryKey())
    .addColumn('tenant_id', 'varchar(12)', (c) => c.notNull().defaultTo('000000'))
    .addColumn('order_id', 'bigint', (c) => c.notNull())
    .addColumn('out_trade_no', 'varchar(32)', (c) => c.notNull())
    .addColumn('transaction_id', 'varchar(64)')
    .addColumn('out_refund_no', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('refund_id', 'varchar(64)')
    .addColumn('amount', 'bigint', zero)
    .addColumn('reason', 'varchar(255)')
    .addColumn('channel', 'varchar(20)')
    .addColumn('user_received_account', 'varchar(100)')
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('success_time', 'timestamp')
    .addColumn('create_user', 'bigint')
    .addColumn('create_time', 'timestamp', (c) => c.notNull())
    .addColumn('update_time', 'timestamp')
    .execute();
  await db.schema.createIndex('biz_refund_order').on('biz_refund').column('order_id').execute();
  await db.schema.createIndex('biz_refund_transaction').on('biz_refund').column('transaction_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['biz_refund', 'biz_payment', 'biz_order', 'biz_ledger', 'biz_wallet', 'biz_customer']) {
    await db.schema.dropTable(table).execute();
  }
}
