// Exports are rows, not a map in one process: any instance answers an export's progress, cancel and download, and a
// restart leaves a job that says it was interrupted instead of one that vanished (server/platform/exports/).
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('blade_export_job')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('owner_id', 'bigint', (c) => c.notNull())
    .addColumn('title', 'varchar(64)', (c) => c.notNull())
    .addColumn('state', 'varchar(16)', (c) => c.notNull())
    .addColumn('written', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('total', 'integer')
    .addColumn('reason', 'varchar(500)')
    .addColumn('file_key', 'varchar(200)')
    .addColumn('holder', 'varchar(96)', (c) => c.notNull())
    .addColumn('create_time', 'timestamp', (c) => c.notNull())
    .addColumn('finish_time', 'timestamp')
    .execute();
  await db.schema.createIndex('blade_export_job_owner').on('blade_export_job').columns(['owner_id', 'state']).execute();
  await db.schema
    .createIndex('blade_export_job_state')
    .on('blade_export_job')
    .columns(['state', 'finish_time'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('blade_export_job').execute();
}
