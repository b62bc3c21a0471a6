// Money that waits on the payment provider is brought to a final state by the recovery worker (server/recovery/):
// each record it looks at has a claim row here, so of several instances one asks the provider at a time, and the
// next attempt backs off. The sandbox counts the deliveries of each notification, as the real service retries one
// until it is acknowledged (docs/orders-and-money.md, Recovery).
import type { Kysely } from 'kysely';

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
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('biz_pay_sim').dropColumn('attempts').execute();
  await db.schema.dropTable('biz_recovery').execute();
}
