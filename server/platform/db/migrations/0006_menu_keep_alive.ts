// Whether a screen keeps its state (search, page, scroll) when its tab is left and revisited: route meta.keepAlive.
// Values follow the yes_no dictionary (1 否, 2 是), as isOpen does.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('blade_menu')
    .addColumn('keep_alive', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('blade_menu').dropColumn('keep_alive').execute();
}
