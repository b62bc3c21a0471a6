// The order list searched by what the customer says — their phone, the device's number — and by company or pay mode,
// newest first, each read from one index range for the page and its total at a million orders (bench/server/orders.ts).
// `is_deleted` goes last, as in 0017_b, so the counts read the index alone.
import type { Kysely } from 'kysely';

const INDEXES: Array<[string, string[]]> = [
  ['biz_order_phone_created', ['phone_number', 'create_time', 'is_deleted']],
  ['biz_order_device_created', ['key_pair', 'create_time', 'is_deleted']],
  ['biz_order_dept_created', ['dept_id', 'create_time', 'is_deleted']],
  ['biz_order_pay_mode_created', ['pay_mode', 'create_time', 'is_deleted']],
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const [name, columns] of INDEXES) await db.schema.createIndex(name).on('biz_order').columns(columns).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const [name] of INDEXES) await db.schema.dropIndex(name).execute();
}
