// A recharge paid another amount than asked is not credited but kept for staff as 3 金额不符 (docs/orders-and-money.md,
// "A payment of another amount"): the item joins dictionary `recharge_state` of a database seeded before it. A new
// database gets it from dictionaries/recharge_state.json when it is seeded, after the migrations.
import { type Kysely, sql } from 'kysely';
import { nextId } from '../ids.js';
import { formatDateTime } from '../time.js';

const CODE = 'recharge_state';
const KEY = '3';

export async function up(db: Kysely<unknown>): Promise<void> {
  const { rows: roots } = await sql<{ id: number }>`
    select id from blade_dict where code = ${CODE} and parent_id = 0 and dict_key = '-1' and is_deleted = 0
  `.execute(db);
  const root = roots[0];
  if (!root) return;
  const { rows: present } = await sql`select id from blade_dict where code = ${CODE} and dict_key = ${KEY}`.execute(db);
  if (present.length > 0) return;
  await sql`
    insert into blade_dict (id, parent_id, code, dict_key, dict_value, dict_value_en, sort, create_time)
    values (${nextId()}, ${Number(root.id)}, ${CODE}, ${KEY}, '金额不符', 'Amount mismatch', 4,
      ${formatDateTime(new Date())})
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from blade_dict where code = ${CODE} and dict_key = ${KEY}`.execute(db);
}
