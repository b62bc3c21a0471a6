// A database seeded before 发布 of articles gets, when it is next started, the 发布 button of 素材管理 held by the
// roles that held it on a fresh seed, and the columns an article's publishing needs (its earlier articles 未发布).
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { nextId } from '../../../server/platform/db/ids.js';
import { migrate } from '../../../server/platform/db/migrate.js';
import * as articlePublish from '../../../server/platform/db/migrations/0027_i_mp_article_publish.js';
import { startTestServer, type TestServer } from '../harness.js';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

/** The button as the role screen shows it: where it sits, what it is called, who holds it. */
async function buttonAsSeen() {
  const db = server.ctx.db;
  const rows = await db
    .selectFrom('blade_menu as m')
    .innerJoin('blade_menu as p', 'p.id', 'm.parentId')
    .select(['m.code', 'm.name', 'm.alias', 'm.category', 'm.action', 'p.code as parent'])
    .where('m.code', '=', 'wxmaterial_publish')
    .execute();
  const holders = await db
    .selectFrom('blade_role_menu as rm')
    .innerJoin('blade_menu as m', 'm.id', 'rm.menuId')
    .innerJoin('blade_role as r', 'r.id', 'rm.roleId')
    .select('r.roleAlias')
    .where('m.code', '=', 'wxmaterial_publish')
    .orderBy('r.roleAlias')
    .execute();
  return { rows, holders };
}

it('adds the 发布 button and the publishing columns to a database seeded before them', async () => {
  const seeded = await buttonAsSeen();
  expect(seeded.rows).toEqual([
    {
      code: 'wxmaterial_publish',
      name: '发布',
      alias: 'wxmaterialPublish',
      category: 2,
      action: 2,
      parent: 'wxmaterial',
    },
  ]);
  expect(seeded.holders.length).toBeGreaterThan(0);

  await articlePublish.down(server.ctx.db as never);
  await sql`delete from blade_migration where name = '0027_i_mp_article_publish'`.execute(server.ctx.db);
  expect((await buttonAsSeen()).rows).toEqual([]);
  // An article written before: only the columns it had.
  const id = nextId();
  await sql`insert into mp_material (id, account_id, title, content, media_id, create_time)
    values (${id}, 1, ${'旧图文'}, ${'<p>旧</p>'}, ${'old-media'}, ${'2026-01-01 00:00:00'})`.execute(server.ctx.db);

  await migrate(server.ctx.db);
  expect(await buttonAsSeen()).toEqual(seeded);
  const article = await server.ctx.db
    .selectFrom('mp_material')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  expect(article).toMatchObject({ title: '旧图文', mediaId: 'old-media', publishState: 0, publishId: null });
});
