// The mini-program's sign-in on WeChat's own service (MINIAPP_LOGIN=wechat): each customer's latest session key,
// sealed and kept on the server only (it signs and encrypts the person's data, so it is never answered or logged),
// with the UnionID when WeChat gives one; and the mini-program's access token (phone numbers), fetched once and
// shared by every instance.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('biz_customer_session_key')
    .addColumn('customer_id', 'bigint', (c) => c.primaryKey())
    .addColumn('union_id', 'varchar(64)')
    .addColumn('sealed_key', 'varchar(255)', (c) => c.notNull())
    .addColumn('update_time', 'timestamp', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('biz_miniapp_token')
    .addColumn('app_id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('access_token', 'varchar(512)', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('fetch_count', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('biz_miniapp_token').execute();
  await db.schema.dropTable('biz_customer_session_key').execute();
}
