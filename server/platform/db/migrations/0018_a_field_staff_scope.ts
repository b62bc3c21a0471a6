// Field staff get the data scopes the other rental screens have (全部/本人/本机构/本机构及子级运维人员, matched through
// their sites), and a seeded site-manager role gets 本机构及子级 on them: the rota reads the staff list, which would
// otherwise show such a role every company's staff. A fresh database gets both from the seed, which runs after the
// migrations; the data is written out here, not read from the seed, so this migration never changes.
import type { Kysely } from 'kysely';
import { nextId } from '../ids.js';
import type { Database } from '../schema.js';
import { now } from '../time.js';

const RULES = [
  { scopeType: 1, scopeName: '全部运维人员' },
  { scopeType: 2, scopeName: '本人运维人员' },
  { scopeType: 3, scopeName: '本机构运维人员' },
  { scopeType: 4, scopeName: '本机构及子级运维人员' },
];
const DEPT_AND_BELOW = 4;

export async function up(raw: Kysely<unknown>): Promise<void> {
  const db = raw as unknown as Kysely<Database>;
  const menu = await db
    .selectFrom('blade_menu')
    .select('id')
    .where('code', '=', 'oper')
    .where('isDeleted', '=', 0)
    .executeTakeFirst();
  // No staff menu: a fresh database, which the seed fills completely.
  if (!menu) return;
  const existing = await db
    .selectFrom('blade_scope_data')
    .select('id')
    .where('resourceCode', '=', 'oper')
    .executeTakeFirst();
  if (existing) return;
  const createTime = now();
  const rules = RULES.map((rule) => ({ id: nextId(), ...rule }));
  await db
    .insertInto('blade_scope_data')
    .values(
      rules.map((rule) => ({
        id: rule.id,
        menuId: menu.id,
        resourceCode: 'oper',
        scopeName: rule.scopeName,
        scopeField: '*',
        scopeClass: null,
        scopeColumn: 'site_ids',
        scopeType: rule.scopeType,
        scopeValue: null,
        remark: null,
        createTime,
      })),
    )
    .execute();
  const below = rules.find((rule) => rule.scopeType === DEPT_AND_BELOW)?.id as number;
  const managers = await db
    .selectFrom('blade_role')
    .select('id')
    .where('roleAlias', '=', 'site_manager')
    .where('isDeleted', '=', 0)
    .execute();
  if (managers.length === 0) return;
  await db
    .insertInto('blade_role_scope')
    .values(managers.map((role) => ({ id: nextId(), scopeCategory: 1, scopeId: below, roleId: role.id })))
    .execute();
}

export async function down(raw: Kysely<unknown>): Promise<void> {
  const db = raw as unknown as Kysely<Database>;
  const rules = db.selectFrom('blade_scope_data').select('id').where('resourceCode', '=', 'oper');
  await db.deleteFrom('blade_role_scope').where('scopeId', 'in', rules).execute();
  await db.deleteFrom('blade_scope_data').where('resourceCode', '=', 'oper').execute();
}
