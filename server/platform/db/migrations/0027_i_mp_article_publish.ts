// Articles go to the platform's 草稿箱 and are published by 发布 (docs/official-account.md, "Articles"): each keeps
// its cover's media id (draft/update sends the whole article), the publish id, its 发布状态 (`mp_article_state`,
// 0 未发布 for those written before), the published article's id and address, and when an instance last asked the
// platform about it. A database seeded before gets the 发布 button of 素材管理, granted to the roles that may change
// articles, as a fresh seed has it (facts/menu-tree.ts).
import type { Kysely } from 'kysely';
import { nextId } from '../ids.js';
import type { Database } from '../schema.js';
import { now } from '../time.js';

const COLUMNS = ['thumb_media_id', 'publish_id', 'article_id', 'article_url'];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const column of COLUMNS) await db.schema.alterTable('mp_material').addColumn(column, 'varchar(512)').execute();
  await db.schema
    .alterTable('mp_material')
    .addColumn('publish_state', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('mp_material').addColumn('publish_time', 'timestamp').execute();
  await db.schema.alterTable('mp_material').addColumn('publish_check_time', 'timestamp').execute();

  const trx = db as Kysely<Database>;
  // A fresh database is seeded after the migrations, with the button.
  const screen = await trx.selectFrom('blade_menu').select('id').where('code', '=', 'wxmaterial').executeTakeFirst();
  if (!screen) return;
  const taken = await trx
    .selectFrom('blade_menu')
    .select('id')
    .where('code', '=', 'wxmaterial_publish')
    .executeTakeFirst();
  if (taken) return;
  const id = nextId();
  await trx
    .insertInto('blade_menu')
    .values({
      id,
      parentId: screen.id,
      code: 'wxmaterial_publish',
      name: '发布',
      alias: 'wxmaterialPublish',
      path: null,
      source: null,
      sort: 5,
      category: 2,
      action: 2,
      isOpen: 1,
      keepAlive: 1,
      remark: null,
      createTime: now(),
    })
    .execute();
  const editors = await trx
    .selectFrom('blade_role_menu')
    .innerJoin('blade_menu', 'blade_menu.id', 'blade_role_menu.menuId')
    .select('blade_role_menu.roleId')
    .where('blade_menu.code', '=', 'wxmaterial_edit')
    .execute();
  const roles = [...new Set(editors.map((row) => row.roleId))];
  if (roles.length > 0) {
    await trx
      .insertInto('blade_role_menu')
      .values(roles.map((roleId) => ({ id: nextId(), menuId: id, roleId })))
      .execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const trx = db as Kysely<Database>;
  const button = await trx
    .selectFrom('blade_menu')
    .select('id')
    .where('code', '=', 'wxmaterial_publish')
    .executeTakeFirst();
  if (button) {
    await trx.deleteFrom('blade_role_menu').where('menuId', '=', button.id).execute();
    await trx.deleteFrom('blade_menu').where('id', '=', button.id).execute();
  }
  for (const column of [...COLUMNS, 'publish_state', 'publish_time', 'publish_check_time']) {
    await db.schema.alterTable('mp_material').dropColumn(column).execute();
  }
}
