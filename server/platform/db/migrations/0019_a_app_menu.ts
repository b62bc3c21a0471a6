// The entries of each customer app (biz_app_menu) and the roles they are granted to (blade_role_app_menu). App menus
// stay apart from the console's menus, so a console menu tree never shows an app's pages.
import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import { withBase } from './columns.js';

export async function up(db: Kysely<unknown>): Promise<void> {
  await withBase(db.schema.createTable('biz_app_menu'))
    .addColumn('app_id', 'bigint', (c) => c.notNull())
    .addColumn('menu_name', 'varchar(50)', (c) => c.notNull())
    .addColumn('menu_name_en', 'varchar(100)')
    .addColumn('code', 'varchar(50)', (c) => c.notNull())
    .addColumn('path', 'varchar(255)', (c) => c.notNull())
    .addColumn('icon', 'varchar(100)')
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema
    .createIndex('biz_app_menu_code_live')
    .on('biz_app_menu')
    .columns(['app_id', 'code'])
    .unique()
    .where(sql.ref('is_deleted'), '=', 0)
    .execute();
  await db.schema
    .createTable('blade_role_app_menu')
    .addColumn('id', 'bigint', (c) => c.primaryKey())
    .addColumn('role_id', 'bigint', (c) => c.notNull())
    .addColumn('app_menu_id', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('blade_role_app_menu_role').on('blade_role_app_menu').column('role_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('blade_role_app_menu').execute();
  await db.schema.dropTable('biz_app_menu').execute();
}
