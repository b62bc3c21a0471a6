// The definition studio (docs/studio.md): every version of a page an analyst saved or published, and the 页面工作室
// screen with its buttons (view, edit drafts, publish; the administrator role holds them) on a database seeded before.
// A published version with no definition puts the shipped file (pages/<page>.json) back in force.
import type { Kysely } from 'kysely';
import { nextId } from '../ids.js';
import type { Database } from '../schema.js';
import { now } from '../time.js';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('blade_page_version')
    .addColumn('id', 'bigint', (c) => c.primaryKey())
    .addColumn('page_id', 'varchar(200)', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    // 0 draft (at most one per page, saved over), 1 published.
    .addColumn('state', 'integer', (c) => c.notNull())
    .addColumn('definition', 'text')
    .addColumn('comment', 'varchar(500)')
    // The shipped file as it was when the version was written: a later change of the file is told apart and shown.
    .addColumn('baseline', 'text')
    .addColumn('author', 'varchar(100)', (c) => c.notNull())
    .addColumn('create_user', 'bigint')
    .addColumn('create_time', 'timestamp', (c) => c.notNull())
    .execute();
  // Two publishes of one page at once cannot take the same number: the second one fails and is asked again.
  await db.schema
    .createIndex('blade_page_version_number')
    .on('blade_page_version')
    .columns(['page_id', 'version'])
    .unique()
    .execute();

  const trx = db as Kysely<Database>;
  const system = await trx.selectFrom('blade_menu').select('id').where('code', '=', 'system').executeTakeFirst();
  // A fresh database is seeded after the migrations, with all of this (facts/menu-tree.ts).
  if (!system) return;
  const createTime = now();
  const screen = nextId();
  const buttons = [
    { id: nextId(), code: 'studio_view', name: '查看', alias: 'studioView', sort: 1 },
    { id: nextId(), code: 'studio_edit', name: '编辑草稿', alias: 'studioEdit', sort: 2 },
    { id: nextId(), code: 'studio_publish', name: '发布', alias: 'studioPublish', sort: 3 },
  ];
  const base = { isOpen: 1, remark: null, createTime, keepAlive: 1 };
  await trx
    .insertInto('blade_menu')
    .values([
      {
        ...base,
        id: screen,
        parentId: system.id,
        code: 'studio',
        name: '页面工作室',
        alias: 'studio',
        path: '/system/studio',
        source: 'el-icon-s-grid LayoutOutlined',
        sort: 20,
        category: 1,
        action: 0,
      },
      ...buttons.map((button) => ({
        ...base,
        ...button,
        parentId: screen,
        path: null,
        source: null,
        category: 2,
        action: button.code === 'studio_view' ? 2 : 1,
      })),
    ])
    .execute();
  const admin = await trx
    .selectFrom('blade_role')
    .select('id')
    .where('roleAlias', '=', 'administrator')
    .executeTakeFirst();
  if (admin)
    await trx
      .insertInto('blade_role_menu')
      .values([screen, ...buttons.map((b) => b.id)].map((menuId) => ({ id: nextId(), menuId, roleId: admin.id })))
      .execute();
  const top = await trx
    .selectFrom('blade_top_menu')
    .select('id')
    .where('code', '=', 'administration')
    .executeTakeFirst();
  if (top)
    await trx
      .insertInto('blade_top_menu_setting')
      .values({ id: nextId(), topMenuId: top.id, menuId: screen })
      .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('blade_page_version').execute();
}
