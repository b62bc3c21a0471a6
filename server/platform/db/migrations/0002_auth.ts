// Sign-in state kept in the database so every instance agrees: sessions (revocation, refresh rotation), captchas,
// login failures (lockout), social bindings, one-time social codes and SMS sign-in codes.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // One row per sign-in. Access and refresh tokens name the session; revoking it refuses both.
  // `refreshJti` is the id of the one refresh token still valid (rotation refuses older ones).
  await db.schema
    .createTable('blade_session')
    .addColumn('id', 'bigint', (c) => c.primaryKey())
    .addColumn('user_id', 'bigint', (c) => c.notNull())
    .addColumn('oauth_id', 'bigint')
    .addColumn('client_id', 'varchar(48)', (c) => c.notNull())
    .addColumn('grant_type', 'varchar(32)', (c) => c.notNull())
    .addColumn('refresh_jti', 'varchar(64)', (c) => c.notNull())
    .addColumn('access_expire_time', 'timestamp', (c) => c.notNull())
    .addColumn('refresh_expire_time', 'timestamp', (c) => c.notNull())
    .addColumn('revoked', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('create_time', 'timestamp', (c) => c.notNull())
    .addColumn('update_time', 'timestamp')
    .execute();
  await db.schema.createIndex('blade_session_user').on('blade_session').column('user_id').execute();

  await db.schema
    .createTable('blade_captcha')
    .addColumn('captcha_key', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('code', 'varchar(8)', (c) => c.notNull())
    .addColumn('expire_time', 'timestamp', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('blade_captcha_expire').on('blade_captcha').column('expire_time').execute();

  // Failures per sign-in name (account, or `sms:<phone>`), counted whether or not the account exists.
  await db.schema
    .createTable('blade_login_failure')
    .addColumn('login_name', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('fail_count', 'integer', (c) => c.notNull())
    .addColumn('lock_until', 'timestamp')
    .addColumn('update_time', 'timestamp', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('blade_user_oauth')
    .addColumn('id', 'bigint', (c) => c.primaryKey())
    .addColumn('tenant_id', 'varchar(12)', (c) => c.notNull().defaultTo('000000'))
    .addColumn('uuid', 'varchar(64)', (c) => c.notNull())
    .addColumn('user_id', 'bigint')
    .addColumn('username', 'varchar(64)')
    .addColumn('nickname', 'varchar(64)')
    .addColumn('avatar', 'varchar(500)')
    .addColumn('blog', 'varchar(255)')
    .addColumn('company', 'varchar(255)')
    .addColumn('location', 'varchar(255)')
    .addColumn('email', 'varchar(255)')
    .addColumn('remark', 'varchar(255)')
    .addColumn('gender', 'varchar(16)')
    .addColumn('source', 'varchar(32)', (c) => c.notNull())
    .addColumn('create_time', 'timestamp')
    .execute();
  await db.schema
    .createIndex('blade_user_oauth_source_uuid')
    .on('blade_user_oauth')
    .columns(['source', 'uuid'])
    .unique()
    .execute();

  // One-time codes a provider hands back to /login after the person authorised; exchanged by the social grant.
  await db.schema
    .createTable('blade_social_code')
    .addColumn('code', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('source', 'varchar(32)', (c) => c.notNull())
    .addColumn('uuid', 'varchar(64)', (c) => c.notNull())
    .addColumn('username', 'varchar(64)')
    .addColumn('state', 'varchar(255)')
    .addColumn('expire_time', 'timestamp', (c) => c.notNull())
    .execute();

  // The latest SMS sign-in code per phone.
  await db.schema
    .createTable('blade_sms_code')
    .addColumn('phone', 'varchar(20)', (c) => c.primaryKey())
    .addColumn('code', 'varchar(8)', (c) => c.notNull())
    .addColumn('expire_time', 'timestamp', (c) => c.notNull())
    .addColumn('create_time', 'timestamp', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'blade_sms_code',
    'blade_social_code',
    'blade_user_oauth',
    'blade_login_failure',
    'blade_captcha',
    'blade_session',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
