// The order list's counts read only its indexes (bench/server/orders.ts, docs/orders-and-money.md): every list
// query carries `is_deleted = 0`, and with that column missing from the indexes each count looked up every matching
// row in the table (a month of orders, or every order when the screen opens unfiltered). The column goes last, so
// every query the indexes served before keeps its prefix.
import type { Kysely } from 'kysely';

const INDEXES: Array<[string, string[]]> = [
  ['biz_order_created', ['create_time', 'id']],
  ['biz_order_site_created', ['site_id', 'create_time']],
  ['biz_order_state_created', ['state', 'create_time']],
  ['biz_order_site_state_created', ['site_id', 'state', 'create_time']],
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const [name, columns] of INDEXES) {
    await db.schema.dropIndex(name).execute();
    await db.schema
      .createIndex(name)
      .on('biz_order')
      .columns([...columns, 'is_deleted'])
      .execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const [name, columns] of INDEXES) {
    await db.schema.dropIndex(name).execute();
    await db.schema.createIndex(name).on('biz_order').columns(columns).execute();
  }
}
