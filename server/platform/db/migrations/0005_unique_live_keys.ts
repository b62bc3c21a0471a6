// Accounts, menu codes and role aliases are unique among live rows. The services check first and answer with a
// clear message; these indexes stop two writers that raced past the check at the same moment.
import type { Kysely } from 'kysely';
import { sql } from 'kysely';

const KEYS = [
  { name: 'blade_user_account_live', table: 'blade_user', columns: ['tenant_id', 'account'] },
  { name: 'blade_menu_code_live', table: 'blade_menu', columns: ['code'] },
  { name: 'blade_role_alias_live', table: 'blade_role', columns: ['tenant_id', 'role_alias'] },
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const key of KEYS) {
    await db.schema
      .createIndex(key.name)
      .on(key.table)
      .columns(key.columns)
      .unique()
      .where(sql.ref('is_deleted'), '=', 0)
      .execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const key of KEYS) await db.schema.dropIndex(key.name).execute();
}
