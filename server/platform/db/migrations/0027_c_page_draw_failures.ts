// A published page version that fails its checks when served, or that a console could not draw, is passed over and
// the one before it drawn (docs/studio.md, "When a version cannot be drawn"); the first failure is kept on the version
// so the studio shows why. Versions published before are checked when they are next served.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('blade_page_version').addColumn('draw_failure', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('blade_page_version').dropColumn('draw_failure').execute();
}
