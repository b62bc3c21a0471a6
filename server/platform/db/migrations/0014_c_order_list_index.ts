// The order list as staff search it — one site, one state, a date range, newest first — read from one index range,
// for the page and for its total, at a million orders (bench/server/orders.ts).
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('biz_order_site_state_created')
    .on('biz_order')
    .columns(['site_id', 'state', 'create_time'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('biz_order_site_state_created').execute();
}
