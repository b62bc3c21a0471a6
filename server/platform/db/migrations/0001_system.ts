// The system area of BladeX (contract §7), one migration for SQLite and PostgreSQL alike.
// Ids and money are bigint, dates are timestamps stored and read as `yyyy-MM-dd HH:mm:ss`, flags are integers.
import type { Kysely } from 'kysely';
import { type Table, withBase } from './columns.js';

const logColumns = (table: Table): Table =>
  table
    .addColumn('id', 'bigint', (c) => c.primaryKey())
    .addColumn('tenant_id', 'varchar(12)', (c) => c.notNull().defaultTo('000000'))
    .addColumn('service_id', 'varchar(64)')
    .addColumn('server_host', 'varchar(255)')
    .addColumn('server_ip', 'varchar(255)')
    .addColumn('env', 'varchar(255)')
    .addColumn('method', 'varchar(10)')
    .addColumn('request_uri', 'varchar(1000)')
    .addColumn('user_agent', 'varchar(1000)')
    .addColumn('remote_ip', 'varchar(255)')
    .addColumn('method_class', 'varchar(255)')
    .addColumn('method_name', 'varchar(255)')
    .addColumn('params', 'text')
    .addColumn('create_by', 'varchar(64)')
    .addColumn('create_time', 'timestamp');

const dictColumns = (table: Table): Table =>
  withBase(table)
    .addColumn('parent_id', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('code', 'varchar(255)', (c) => c.notNull())
    .addColumn('dict_key', 'varchar(255)', (c) => c.notNull())
    .addColumn('dict_value', 'varchar(255)', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('remark', 'varchar(255)')
    .addColumn('is_sealed', 'integer', (c) => c.notNull().defaultTo(0));

export async function up(db: Kysely<unknown>): Promise<void> {
  await withBase(db.schema.createTable('blade_user'))
    .addColumn('code', 'varchar(12)')
    .addColumn('user_type', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('account', 'varchar(45)', (c) => c.notNull())
    .addColumn('password', 'varchar(255)', (c) => c.notNull())
    .addColumn('name', 'varchar(20)')
    .addColumn('real_name', 'varchar(10)')
    .addColumn('avatar', 'varchar(500)')
    .addColumn('email', 'varchar(45)')
    .addColumn('phone', 'varchar(45)')
    .addColumn('birthday', 'timestamp')
    .addColumn('sex', 'integer')
    .addColumn('role_id', 'varchar(1000)')
    .addColumn('dept_id', 'varchar(1000)')
    .addColumn('post_id', 'varchar(1000)')
    .execute();
  await db.schema.createIndex('blade_user_account').on('blade_user').columns(['tenant_id', 'account']).execute();

  await db.schema
    .createTable('blade_user_platform')
    .addColumn('id', 'bigint', (c) => c.primaryKey())
    .addColumn('user_id', 'bigint', (c) => c.notNull())
    .addColumn('user_type', 'integer', (c) => c.notNull())
    .addColumn('user_ext', 'text')
    .execute();
  await db.schema
    .createIndex('blade_user_platform_user')
    .on('blade_user_platform')
    .columns(['user_id', 'user_type'])
    .unique()
    .execute();

  await withBase(db.schema.createTable('blade_role'))
    .addColumn('parent_id', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('role_name', 'varchar(255)', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('role_alias', 'varchar(255)', (c) => c.notNull())
    .execute();

  await withBase(db.schema.createTable('blade_dept'))
    .addColumn('parent_id', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('ancestors', 'varchar(2000)')
    .addColumn('dept_category', 'integer')
    .addColumn('dept_name', 'varchar(45)', (c) => c.notNull())
    .addColumn('full_name', 'varchar(45)')
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('remark', 'varchar(255)')
    .execute();

  await withBase(db.schema.createTable('blade_menu'))
    .addColumn('parent_id', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('code', 'varchar(255)', (c) => c.notNull())
    .addColumn('name', 'varchar(255)', (c) => c.notNull())
    .addColumn('alias', 'varchar(255)')
    .addColumn('path', 'varchar(255)')
    .addColumn('source', 'varchar(255)')
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('category', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('action', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('is_open', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('remark', 'varchar(255)')
    .execute();
  await db.schema.createIndex('blade_menu_parent').on('blade_menu').column('parent_id').execute();

  await db.schema
    .createTable('blade_role_menu')
    .addColumn('id', 'bigint', (c) => c.primaryKey())
    .addColumn('menu_id', 'bigint', (c) => c.notNull())
    .addColumn('role_id', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('blade_role_menu_role').on('blade_role_menu').column('role_id').execute();

  await db.schema
    .createTable('blade_role_scope')
    .addColumn('id', 'bigint', (c) => c.primaryKey())
    .addColumn('scope_category', 'integer', (c) => c.notNull())
    .addColumn('scope_id', 'bigint', (c) => c.notNull())
    .addColumn('role_id', 'bigint', (c) => c.notNull())
    .execute();

  await withBase(db.schema.createTable('blade_scope_data'))
    .addColumn('menu_id', 'bigint')
    .addColumn('resource_code', 'varchar(255)')
    .addColumn('scope_name', 'varchar(255)')
    .addColumn('scope_field', 'varchar(255)')
    .addColumn('scope_class', 'varchar(500)')
    .addColumn('scope_column', 'varchar(255)')
    .addColumn('scope_type', 'integer')
    .addColumn('scope_value', 'varchar(2000)')
    .addColumn('remark', 'varchar(255)')
    .execute();

  await withBase(db.schema.createTable('blade_scope_api'))
    .addColumn('menu_id', 'bigint')
    .addColumn('resource_code', 'varchar(255)')
    .addColumn('scope_name', 'varchar(255)')
    .addColumn('scope_path', 'varchar(255)')
    .addColumn('scope_type', 'integer')
    .addColumn('remark', 'varchar(255)')
    .execute();

  await withBase(db.schema.createTable('blade_top_menu'))
    .addColumn('code', 'varchar(255)', (c) => c.notNull())
    .addColumn('name', 'varchar(255)', (c) => c.notNull())
    .addColumn('source', 'varchar(255)')
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable('blade_top_menu_setting')
    .addColumn('id', 'bigint', (c) => c.primaryKey())
    .addColumn('top_menu_id', 'bigint', (c) => c.notNull())
    .addColumn('menu_id', 'bigint', (c) => c.notNull())
    .execute();

  await dictColumns(db.schema.createTable('blade_dict')).execute();
  await db.schema.createIndex('blade_dict_code').on('blade_dict').columns(['code', 'parent_id']).execute();
  await dictColumns(db.schema.createTable('blade_dict_biz')).execute();
  await db.schema.createIndex('blade_dict_biz_code').on('blade_dict_biz').columns(['code', 'parent_id']).execute();

  await withBase(db.schema.createTable('blade_param'))
    .addColumn('param_name', 'varchar(255)', (c) => c.notNull())
    .addColumn('param_key', 'varchar(255)', (c) => c.notNull())
    .addColumn('param_value', 'varchar(2000)', (c) => c.notNull())
    .addColumn('remark', 'varchar(255)')
    .execute();

  await withBase(db.schema.createTable('blade_client'))
    .addColumn('client_id', 'varchar(48)', (c) => c.notNull())
    .addColumn('client_secret', 'varchar(256)', (c) => c.notNull())
    .addColumn('resource_ids', 'varchar(256)')
    .addColumn('scope', 'varchar(256)', (c) => c.notNull())
    .addColumn('authorized_grant_types', 'varchar(256)', (c) => c.notNull())
    .addColumn('web_server_redirect_uri', 'varchar(256)')
    .addColumn('authorities', 'varchar(256)')
    .addColumn('access_token_validity', 'integer', (c) => c.notNull())
    .addColumn('refresh_token_validity', 'integer', (c) => c.notNull())
    .addColumn('additional_information', 'varchar(4096)')
    .addColumn('autoapprove', 'varchar(256)')
    .execute();

  await db.schema
    .createTable('blade_region')
    .addColumn('code', 'varchar(12)', (c) => c.primaryKey())
    .addColumn('parent_code', 'varchar(12)', (c) => c.notNull())
    .addColumn('ancestors', 'varchar(255)')
    .addColumn('name', 'varchar(32)', (c) => c.notNull())
    .addColumn('province_code', 'varchar(12)')
    .addColumn('province_name', 'varchar(32)')
    .addColumn('city_code', 'varchar(12)')
    .addColumn('city_name', 'varchar(32)')
    .addColumn('district_code', 'varchar(12)')
    .addColumn('district_name', 'varchar(32)')
    .addColumn('town_code', 'varchar(12)')
    .addColumn('town_name', 'varchar(32)')
    .addColumn('village_code', 'varchar(12)')
    .addColumn('village_name', 'varchar(32)')
    .addColumn('region_level', 'integer', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('remark', 'varchar(255)')
    .execute();
  await db.schema.createIndex('blade_region_parent').on('blade_region').column('parent_code').execute();

  await withBase(db.schema.createTable('blade_oss'))
    .addColumn('category', 'integer', (c) => c.notNull())
    .addColumn('oss_code', 'varchar(32)', (c) => c.notNull())
    .addColumn('endpoint', 'varchar(255)')
    .addColumn('access_key', 'varchar(255)')
    .addColumn('secret_key', 'varchar(255)')
    .addColumn('bucket_name', 'varchar(255)')
    .addColumn('app_id', 'varchar(255)')
    .addColumn('region', 'varchar(255)')
    .addColumn('remark', 'varchar(255)')
    .execute();

  await withBase(db.schema.createTable('blade_sms'))
    .addColumn('category', 'integer', (c) => c.notNull())
    .addColumn('sms_code', 'varchar(32)', (c) => c.notNull())
    .addColumn('template_id', 'varchar(64)')
    .addColumn('access_key', 'varchar(255)')
    .addColumn('secret_key', 'varchar(255)')
    .addColumn('region_id', 'varchar(255)')
    .addColumn('sign_name', 'varchar(64)')
    .addColumn('remark', 'varchar(255)')
    .execute();

  await withBase(db.schema.createTable('blade_attach'))
    .addColumn('link', 'varchar(1000)', (c) => c.notNull())
    .addColumn('domain', 'varchar(500)')
    .addColumn('name', 'varchar(500)')
    .addColumn('original_name', 'varchar(500)')
    .addColumn('extension', 'varchar(12)')
    .addColumn('attach_size', 'bigint')
    .execute();

  await withBase(db.schema.createTable('blade_notice'))
    .addColumn('title', 'varchar(255)', (c) => c.notNull())
    .addColumn('category', 'integer', (c) => c.notNull())
    .addColumn('release_time', 'timestamp')
    .addColumn('content', 'text')
    .execute();

  await logColumns(db.schema.createTable('blade_log_api'))
    .addColumn('type', 'varchar(2)')
    .addColumn('title', 'varchar(255)')
    .addColumn('time', 'bigint')
    .execute();
  await logColumns(db.schema.createTable('blade_log_error'))
    .addColumn('stack_trace', 'text')
    .addColumn('exception_name', 'varchar(255)')
    .addColumn('message', 'text')
    .addColumn('file_name', 'varchar(1000)')
    .addColumn('line_number', 'integer')
    .execute();
  await logColumns(db.schema.createTable('blade_log_usual'))
    .addColumn('log_level', 'varchar(10)')
    .addColumn('log_id', 'varchar(100)')
    .addColumn('log_data', 'text')
    .execute();
  for (const table of ['blade_log_api', 'blade_log_error', 'blade_log_usual']) {
    await db.schema.createIndex(`${table}_time`).on(table).column('create_time').execute();
  }

  // Key-value settings the server keeps for itself (the generated token-signing secret).
  await db.schema
    .createTable('blade_setting')
    .addColumn('setting_key', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('setting_value', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'blade_setting',
    'blade_log_usual',
    'blade_log_error',
    'blade_log_api',
    'blade_notice',
    'blade_attach',
    'blade_sms',
    'blade_oss',
    'blade_region',
    'blade_client',
    'blade_param',
    'blade_dict_biz',
    'blade_dict',
    'blade_top_menu_setting',
    'blade_top_menu',
    'blade_scope_api',
    'blade_scope_data',
    'blade_role_scope',
    'blade_role_menu',
    'blade_menu',
    'blade_dept',
    'blade_role',
    'blade_user_platform',
    'blade_user',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
