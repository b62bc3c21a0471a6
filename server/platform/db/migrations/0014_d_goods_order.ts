// Goods orders (docs/orders-and-money.md): a customer buying shop goods in the app (a rain cover, a bottle of
// water), paid through the payment provider; what was bought is copied onto the order so it keeps what was sold.
import type { Kysely } from 'kysely';
import { withBase } from './columns.js';

export async function up(db: Kysely<unknown>): Promise<void> {
  // `state` per dictionary goods_order_state: 0 待支付, 1 已支付, 2 已完成, 3 已取消, 4 已退款.
  await withBase(db.schema.createTable('biz_goods_order'))
    .addColumn('out_trade_no', 'varchar(32)', (c) => c.notNull().unique())
    .addColumn('transaction_id', 'varchar(64)')
    .addColumn('customer_id', 'bigint', (c) => c.notNull())
    .addColumn('nick_name', 'varchar(64)')
    .addColumn('phone_number', 'varchar(30)')
    .addColumn('goods_id', 'bigint', (c) => c.notNull())
    .addColumn('goods_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('price', 'bigint', (c) => c.notNull())
    .addColumn('quantity', 'integer', (c) => c.notNull())
    .addColumn('total_amount', 'bigint', (c) => c.notNull())
    .addColumn('state', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('pay_time', 'timestamp')
    .addColumn('remark', 'varchar(255)')
    .execute();
  await db.schema.createIndex('biz_goods_order_created').on('biz_goods_order').columns(['create_time', 'id']).execute();
  await db.schema.createIndex('biz_goods_order_customer').on('biz_goods_order').column('customer_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('biz_goods_order').execute();
}
