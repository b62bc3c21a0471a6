// Split payments (docs/orders-and-money.md): payees (the merchant accounts payments go into), profit-sharing
// receivers, setters (which receiver gets what share of a site's or a company's rental fees) and the records of each
// share sent through the payment provider.
import type { Kysely } from 'kysely';
import { withBase } from './columns.js';

export async function up(db: Kysely<unknown>): Promise<void> {
  await withBase(db.schema.createTable('biz_payee'))
    .addColumn('payee_name', 'varchar(50)', (c) => c.notNull())
    .addColumn('mch_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('company_id', 'bigint')
    .addColumn('remark', 'varchar(500)')
    .execute();
  // `receiver_type`: 1 商户 (MERCHANT_ID), 2 个人 (PERSONAL_OPENID); `relation_type` per dictionary receiver_relation.
  await withBase(db.schema.createTable('biz_receiver'))
    .addColumn('receiver_name', 'varchar(50)', (c) => c.notNull())
    .addColumn('receiver_type', 'integer', (c) => c.notNull())
    .addColumn('account', 'varchar(64)', (c) => c.notNull())
    .addColumn('relation_type', 'integer', (c) => c.notNull())
    .addColumn('remark', 'varchar(500)')
    .execute();
  // `ratio` in ten-thousandths of the fee (万分比), so no share is ever a fraction of a cent's arithmetic.
  await withBase(db.schema.createTable('biz_setter'))
    .addColumn('company_id', 'bigint')
    .addColumn('site_id', 'bigint')
    .addColumn('receiver_id', 'bigint', (c) => c.notNull())
    .addColumn('ratio', 'integer', (c) => c.notNull())
    .addColumn('remark', 'varchar(500)')
    .execute();
  await db.schema.createIndex('biz_setter_site').on('biz_setter').column('site_id').execute();
  await db.schema.createIndex('biz_setter_company').on('biz_setter').column('company_id').execute();
  // One row per receiver of one provider profit-sharing order; `state` per dictionary `result`.
  await withBase(db.schema.createTable('biz_split_record'))
    .addColumn('out_order_no', 'varchar(64)', (c) => c.notNull())
    .addColumn('order_id', 'bigint', (c) => c.notNull())
    .addColumn('out_trade_no', 'varchar(32)', (c) => c.notNull())
    .addColumn('transaction_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('sharing_id', 'varchar(64)')
    .addColumn('receiver_id', 'bigint', (c) => c.notNull())
    .addColumn('receiver_name', 'varchar(50)')
    .addColumn('account', 'varchar(64)')
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addColumn('ratio', 'integer', (c) => c.notNull())
    .addColumn('state', 'varchar(16)', (c) => c.notNull().defaultTo('PROCESSING'))
    .addColumn('finish_time', 'timestamp')
    .execute();
  await db.schema
    .createIndex('biz_split_record_share')
    .on('biz_split_record')
    .columns(['out_order_no', 'receiver_id'])
    .unique()
    .execute();
  await db.schema.createIndex('biz_split_record_trade').on('biz_split_record').column('transaction_id').execute();
  await db.schema.createIndex('biz_split_record_order').on('biz_split_record').column('order_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['biz_split_record', 'biz_setter', 'biz_receiver', 'biz_payee']) {
    await db.schema.dropTable(table).execute();
  }
}
