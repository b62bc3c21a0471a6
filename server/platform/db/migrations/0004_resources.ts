// Resource engine tables: the SMS simulator's record of every message, and unique keys among live rows.
import type { Kysely } from 'kysely';
import { sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('blade_sms_message')
    .addColumn('id', 'bigint', (c) => c.primaryKey())
    .addColumn('sms_id', 'bigint')
    .addColumn('sms_code', 'varchar(32)')
    .addColumn('category', 'integer')
    .addColumn('template_id', 'varchar(64)')
    .addColumn('sign_name', 'varchar(64)')
    .addColumn('phone', 'varchar(45)', (c) => c.notNull())
    .addColumn('params', 'text')
    .addColumn('success', 'integer', (c) => c.notNull())
    .addColumn('error', 'varchar(255)')
    .addColumn('create_time', 'timestamp', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('blade_sms_message_phone')
    .on('blade_sms_message')
    .columns(['phone', 'create_time'])
    .execute();

  // Logical delete keeps old rows, so uniqueness holds among live rows only (a partial index on both databases).
  await db.schema
    .createIndex('blade_param_key_live')
    .on('blade_param')
    .column('param_key')
    .unique()
    .where(sql.ref('is_deleted'), '=', 0)
    .execute();
  await db.schema
    .createIndex('blade_client_id_live')
    .on('blade_client')
    .column('client_id')
    .unique()
    .where(sql.ref('is_deleted'), '=', 0)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('blade_client_id_live').execute();
  await db.schema.dropIndex('blade_param_key_live').execute();
  await db.schema.dropTable('blade_sms_message').execute();
}
