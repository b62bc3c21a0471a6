// Money that waits on the payment provider is brought to a final state by the recovery worker (server/money/recovery/):
// each record it looks at has a claim row here, so of several instances one asks the provider at a time, and the
// next attempt backs off. The sandbox counts the deliveries of each notification, as the real service retries one
// until it is acknowledged (docs/orders-and-money.md, Recovery). A console seeded before gets the refund list's
// 查询结果 button (refund_sync), granted to the roles that may launch refunds; a fresh one has it from the seed.
import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import { nextId } from '../ids.js';
import { formatDateTime } from '../time.js';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('biz_recovery')
    .addColumn('kind', 'varchar(16)', (c) => c.notNull())
    .addColumn('out_no', 'varchar(64)', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_time', 'timestamp', (c) => c.notNull())
    .addColumn('last_error', 'varchar(500)')
    .addColumn('update_time', 'timestamp', (c) => c.notNull())
    .addPrimaryKeyConstraint('biz_recovery_pk', ['kind', 'out_no'])
    .execute();
  await db.schema
    .alterTable('biz_pay_sim')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await addSyncButton(db);
}

async function addSyncButton(db: Kysely<unknown>): Promise<void> {
  const menu = await sql<{ id: number }>`
    select id from blade_menu where code = 'refund' and category = 1 and is_deleted = 0`.execute(db);
  const held = await sql<{ id: number }>`
    select id from blade_menu where code = 'refund_sync' and is_deleted = 0`.execute(db);
  const parent = menu.rows[0];
  if (!parent || held.rows.length > 0) return;
  const id = nextId();
  await sql`
    insert into blade_menu (id, parent_id, code, name, alias, sort, category, action, is_open, keep_alive, create_time)
    values (${id}, ${parent.id}, 'refund_sync', '查询结果', 'refundSync', 3, 2, 2, 1, 1, ${formatDateTime(new Date())})
  `.execute(db);
  const roles = await sql<{ roleId: number }>`
    select distinct rm.role_id as "roleId" from blade_role_menu rm
    join blade_menu m on m.id = rm.menu_id where m.code = 'refund_launch'`.execute(db);
  for (const { roleId } of roles.rows) {
    await sql`insert into blade_role_menu (id, role_id, menu_id) values (${nextId()}, ${roleId}, ${id})`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from blade_role_menu where menu_id in (select id from blade_menu where code = 'refund_sync')`.execute(
    db,
  );
  await sql`delete from blade_menu where code = 'refund_sync'`.execute(db);
  await db.schema.alterTable('biz_pay_sim').dropColumn('attempts').execute();
  await db.schema.dropTable('biz_recovery').execute();
}
