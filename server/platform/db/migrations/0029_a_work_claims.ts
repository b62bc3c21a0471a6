// Background passes on several instances take each piece of work through one lease table (server/platform/work/claims.ts).
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('blade_work_claim')
    .addColumn('kind', 'varchar(32)', (c) => c.notNull())
    .addColumn('work_key', 'varchar(128)', (c) => c.notNull())
    .addColumn('holder', 'varchar(96)', (c) => c.notNull())
    .addColumn('until', 'timestamp', (c) => c.notNull())
    .addPrimaryKeyConstraint('blade_work_claim_pk', ['kind', 'work_key'])
    .execute();
  await db.schema.createIndex('blade_work_claim_holder').on('blade_work_claim').column('holder').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('blade_work_claim').execute();
}
