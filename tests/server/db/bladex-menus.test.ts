// A database seeded before migration 0008 gets the post screen, /base/region, the BladeX button codes and the icon
// class lists when it is next started; one seeded after it is left as the seed made it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '../../../server/platform/db/migrate.js';
import { startTestServer, type TestServer } from '../harness.js';

const MIGRATION = '0008_posts_and_bladex_menus';

let server: TestServer;

const menus = () =>
  server.ctx.db
    .selectFrom('blade_menu')
    .select(['id', 'parentId', 'code', 'path', 'source'])
    .where('isDeleted', '=', 0)
    .execute();

/** Puts the database back as the seed left it before 0008: no posts, the old path, codes and icon names. */
async function asBefore0008(): Promise<void> {
  const db = server.ctx.db;
  const post = await db.selectFrom('blade_menu').select('id').where('code', '=', 'post').executeTakeFirstOrThrow();
  const added = await db
    .selectFrom('blade_menu')
    .select('id')
    .where((eb) =>
      eb.or([
        eb('id', '=', post.id),
        eb('parentId', '=', post.id),
        eb('code', 'in', ['attach_download', 'data_scope_setting', 'api_scope_setting']),
      ]),
    )
    .execute();
  const addedIds = added.map((row) => row.id);
  await db.deleteFrom('blade_role_menu').where('menuId', 'in', addedIds).execute();
  await db.deleteFrom('blade_top_menu_setting').where('menuId', 'in', addedIds).execute();
  await db.deleteFrom('blade_menu').where('id', 'in', addedIds).execute();
  await db.updateTable('blade_menu').set({ path: '/system/region' }).where('code', '=', 'region').execute();
  await db
    .updateTable('blade_menu')
    .set({ code: 'attach_add', name: '新增' })
    .where('code', '=', 'attach_upload')
    .execute();
  for (const table of ['blade_menu', 'blade_top_menu'] as const) {
    const rows = await db.selectFrom(table).select(['id', 'source']).where('source', 'like', 'el-icon-% %').execute();
    for (const row of rows) {
      const antd = String(row.source).split(' ')[1];
      await db.updateTable(table).set({ source: antd }).where('id', '=', row.id).execute();
    }
  }
  await db.schema.dropTable('blade_post').execute();
  await db
    .deleteFrom('blade_migration' as never)
    .where('name' as never, '=', MIGRATION as never)
    .execute();
}

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe('migration 0008 on a database seeded before it', () => {
  it('adds the post screen and posts, moves the region screen, renames and adds buttons, pairs icon classes', async () => {
    await asBefore0008();
    const before = await menus();
    expect(before.find((menu) => menu.code === 'region')?.path).toBe('/system/region');
    expect(before.find((menu) => menu.code === 'system')?.source).toBe('SettingOutlined');

    await migrate(server.ctx.db);

    const after = await menus();
    const byCode = new Map(after.map((menu) => [menu.code, menu]));
    expect(byCode.get('region')?.path).toBe('/base/region');
    expect(byCode.get('system')?.source).toBe('el-icon-setting SettingOutlined');
    expect(byCode.has('attach_add')).toBe(false);
    const postMenu = byCode.get('post');
    expect(postMenu).toMatchObject({ parentId: byCode.get('system')?.id, path: '/system/post' });
    expect(
      after
        .filter((menu) => menu.parentId === postMenu?.id)
        .map((menu) => menu.code)
        .sort(),
    ).toEqual(['post_add', 'post_delete', 'post_edit', 'post_view']);
    expect(byCode.get('attach_upload')?.parentId).toBe(byCode.get('attach')?.id);
    expect(byCode.get('attach_download')?.parentId).toBe(byCode.get('attach')?.id);
    expect(byCode.get('data_scope_setting')?.parentId).toBe(byCode.get('datascope')?.id);
    expect(byCode.get('api_scope_setting')?.parentId).toBe(byCode.get('apiscope')?.id);
    const inTop = await server.ctx.db
      .selectFrom('blade_top_menu_setting')
      .select('menuId')
      .where('menuId', '=', postMenu?.id as number)
      .execute();
    expect(inTop).toHaveLength(1);
    const posts = await server.ctx.db.selectFrom('blade_post').select('postCode').where('isDeleted', '=', 0).execute();
    expect(posts).toHaveLength(6);
  });
});
