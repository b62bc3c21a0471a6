// The order list's indexes in the list's own order (bench/server/orders.ts, docs/orders-and-money.md, "Lists of
// millions"): the list reads newest first with the id breaking ties (`create_time desc, id desc`), so after the columns
// a search filters by equality each index holds `create_time, id`, then `is_deleted` for the counts to read the index
// alone (0017_b). A page is then the first entries of one index range, already in order; before, without the id,
// SQLite sorted a whole month of a company's orders for the ten shown and PostgreSQL re-sorted every page.
// `biz_order_created` (`create_time, id, is_deleted`) had that shape already.
import type { Kysely } from 'kysely';

/** Name and the columns filtered by equality before the time. */
const INDEXES: Array<[string, string[]]> = [
  ['biz_order_site_created', ['site_id']],
  ['biz_order_state_created', ['state']],
  ['biz_order_site_state_created', ['site_id', 'state']],
  ['biz_order_phone_created', ['phone_number']],
  ['biz_order_device_created', ['key_pair']],
  ['biz_order_dept_created', ['dept_id']],
  ['biz_order_pay_mode_created', ['pay_mode']],
];

async function replace(db: Kysely<unknown>, name: string, columns: string[]): Promise<void> {
  await db.schema.dropIndex(name).execute();
  await db.schema.createIndex(name).on('biz_order').columns(columns).execute();
}

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const [name, filtered] of INDEXES) await replace(db, name, [...filtered, 'create_time', 'id', 'is_deleted']);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const [name, filtered] of INDEXES) await replace(db, name, [...filtered, 'create_time', 'is_deleted']);
}
