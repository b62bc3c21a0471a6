// The official WeChat account area (docs/official-account.md): accounts, their fans, the fans' messages and the
// replies, materials, auto-replies and each account's menu; and the platform simulator's own state (mp_sim_*),
// which stands in for what WeChat keeps on its side.
import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import { withBase } from './columns.js';

export async function up(db: Kysely<unknown>): Promise<void> {
  await withBase(db.schema.createTable('mp_account'))
    .addColumn('account_name', 'varchar(64)', (c) => c.notNull())
    .addColumn('account_type', 'integer', (c) => c.notNull().defaultTo(2))
    .addColumn('original_id', 'varchar(64)')
    .addColumn('app_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('app_secret', 'varchar(128)', (c) => c.notNull())
    .addColumn('qr_scene', 'varchar(64)')
    .addColumn('qr_url', 'varchar(512)')
    .addColumn('qr_expire_time', 'timestamp')
    .addColumn('remark', 'varchar(255)')
    .execute();
  await db.schema
    .createIndex('mp_account_app_id_live')
    .on('mp_account')
    .column('app_id')
    .unique()
    .where(sql.ref('is_deleted'), '=', 0)
    .execute();

  await withBase(db.schema.createTable('mp_fans'))
    .addColumn('account_id', 'bigint', (c) => c.notNull())
    .addColumn('open_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('nickname', 'varchar(64)')
    .addColumn('subscribe_state', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('subscribe_time', 'timestamp')
    .addColumn('subscribe_scene', 'varchar(64)')
    .addColumn('remark', 'varchar(255)')
    .addColumn('sync_time', 'timestamp')
    .execute();
  await db.schema.createIndex('mp_fans_account_open').on('mp_fans').columns(['account_id', 'open_id']).execute();

  await withBase(db.schema.createTable('mp_fans_msg'))
    .addColumn('account_id', 'bigint', (c) => c.notNull())
    .addColumn('open_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('nickname', 'varchar(64)')
    .addColumn('msg_type', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('content', 'varchar(2000)', (c) => c.notNull())
    .addColumn('reply_state', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('receive_time', 'timestamp', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('mp_fans_msg_account').on('mp_fans_msg').columns(['account_id', 'open_id']).execute();

  await withBase(db.schema.createTable('mp_fans_msg_res'))
    .addColumn('fans_msg_id', 'bigint', (c) => c.notNull())
    .addColumn('account_id', 'bigint', (c) => c.notNull())
    .addColumn('open_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('content', 'varchar(2000)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('mp_fans_msg_res_msg').on('mp_fans_msg_res').column('fans_msg_id').execute();

  await withBase(db.schema.createTable('mp_material'))
    .addColumn('account_id', 'bigint', (c) => c.notNull())
    .addColumn('material_type', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('title', 'varchar(64)', (c) => c.notNull())
    .addColumn('author', 'varchar(16)')
    .addColumn('digest', 'varchar(120)')
    .addColumn('content', 'text')
    .addColumn('cover_url', 'varchar(512)')
    .addColumn('source_url', 'varchar(512)')
    .addColumn('media_id', 'varchar(64)')
    .execute();

  await withBase(db.schema.createTable('mp_auto_reply'))
    .addColumn('account_id', 'bigint', (c) => c.notNull())
    .addColumn('reply_kind', 'integer', (c) => c.notNull())
    .addColumn('keyword', 'varchar(64)')
    .addColumn('match_mode', 'integer')
    .addColumn('reply_type', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('content', 'varchar(2000)')
    .addColumn('material_id', 'bigint')
    .execute();

  await db.schema
    .createTable('mp_menu')
    .addColumn('account_id', 'bigint', (c) => c.primaryKey())
    .addColumn('buttons', 'text', (c) => c.notNull())
    .addColumn('publish_state', 'integer', (c) => c.notNull().defaultTo(2))
    .addColumn('publish_time', 'timestamp')
    .addColumn('update_user', 'bigint')
    .addColumn('update_time', 'timestamp')
    .execute();

  // The simulated platform: its followers per app id, and what it was sent (QR codes, messages, menus, materials).
  await db.schema
    .createTable('mp_sim_fan')
    .addColumn('app_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('open_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('nickname', 'varchar(64)')
    .addColumn('subscribe_time', 'timestamp', (c) => c.notNull())
    .addColumn('subscribe_scene', 'varchar(64)')
    .addColumn('last_message_time', 'timestamp')
    .addPrimaryKeyConstraint('mp_sim_fan_pk', ['app_id', 'open_id'])
    .execute();
  await db.schema
    .createTable('mp_sim_call')
    .addColumn('id', 'bigint', (c) => c.primaryKey())
    .addColumn('app_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('kind', 'varchar(16)', (c) => c.notNull())
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('create_time', 'timestamp', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('mp_sim_call_app').on('mp_sim_call').columns(['app_id', 'kind']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'mp_sim_call',
    'mp_sim_fan',
    'mp_menu',
    'mp_auto_reply',
    'mp_material',
    'mp_fans_msg_res',
    'mp_fans_msg',
    'mp_fans',
    'mp_account',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
