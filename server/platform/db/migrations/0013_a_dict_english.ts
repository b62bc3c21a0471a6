// The English of a dictionary item (`dictValueEn`), shown instead of `dictValue` on the console's English screen.
// BladeX has no such column: Saber clients ignore the extra field. Null where no English was written.
import type { Kysely } from 'kysely';

const tables = ['blade_dict', 'blade_dict_biz'];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const table of tables) {
    await db.schema.alterTable(table).addColumn('dict_value_en', 'varchar(255)').execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of tables) await db.schema.alterTable(table).dropColumn('dict_value_en').execute();
}
