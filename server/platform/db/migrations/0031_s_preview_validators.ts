// The studio's preview compiles a draft's forms on the server (server/system/studio/preview-validators.ts): the
// module is a row, so the instance that compiled it and the one the browser then asks for it need not be the same.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('blade_preview_validators')
    .addColumn('hash', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('page_id', 'varchar(200)', (c) => c.notNull())
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('create_time', 'timestamp', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('blade_preview_validators_time')
    .on('blade_preview_validators')
    .column('create_time')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('blade_preview_validators').execute();
}
