// Going live with the official account platform and SMS: the SDK app id a 腾讯云 SMS config needs beside its keys;
// an account's push settings (the Token and EncodingAESKey entered on the platform for the server URL); and each
// AppID's access token, fetched once and shared by every instance, with the lease that lets one refresh at a time.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('blade_sms').addColumn('app_id', 'varchar(64)').execute();
  await db.schema.alterTable('mp_account').addColumn('push_token', 'varchar(64)').execute();
  await db.schema.alterTable('mp_account').addColumn('aes_key', 'varchar(64)').execute();
  await db.schema
    .createTable('mp_access_token')
    .addColumn('app_id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('access_token', 'varchar(512)')
    .addColumn('expires_at', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('lease_until', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('fetch_count', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('mp_access_token').execute();
  await db.schema.alterTable('mp_account').dropColumn('aes_key').execute();
  await db.schema.alterTable('mp_account').dropColumn('push_token').execute();
  await db.schema.alterTable('blade_sms').dropColumn('app_id').execute();
}
