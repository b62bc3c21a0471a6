// Payouts to one payee, or by one requester, take turns (server/money/approvals/payout-turns.ts): a row per turn held,
// so the day's totals a payout is judged by include the one before it on every instance.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('biz_payout_turn')
    .addColumn('turn_key', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('holder', 'bigint', (c) => c.notNull())
    .addColumn('until', 'timestamp', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('biz_payout_turn').execute();
}
