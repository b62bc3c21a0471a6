// A role grant in the audit trail (docs/audit.md): each role's grants before and after, in names a reader knows —
// menu and button codes, app menus by code, data and API scopes by name — read inside the grant's transaction.
import type { FastifyRequest } from 'fastify';
import type { Transaction } from 'kysely';
import { recordControlChange } from '../../platform/audit/record.js';
import type { Database } from '../../platform/db/schema.js';

interface Granted {
  menus: string[];
  appMenus: string[];
  dataScopes: string[];
  apiScopes: string[];
}

const sorted = (values: Array<string | null>): string[] =>
  values.filter((value): value is string => value !== null).sort();

async function grantsOf(trx: Transaction<Database>, roleId: number): Promise<Granted> {
  const menus = await trx
    .selectFrom('blade_role_menu as rm')
    .innerJoin('blade_menu as m', 'm.id', 'rm.menuId')
    .select('m.code')
    .where('rm.roleId', '=', roleId)
    .execute();
  const appMenus = await trx
    .selectFrom('blade_role_app_menu as ra')
    .innerJoin('biz_app_menu as a', 'a.id', 'ra.appMenuId')
    .select('a.code')
    .where('ra.roleId', '=', roleId)
    .execute();
  const dataScopes = await trx
    .selectFrom('blade_role_scope as rs')
    .innerJoin('blade_scope_data as s', 's.id', 'rs.scopeId')
    .select('s.scopeName')
    .where('rs.roleId', '=', roleId)
    .where('rs.scopeCategory', '=', 1)
    .execute();
  const apiScopes = await trx
    .selectFrom('blade_role_scope as rs')
    .innerJoin('blade_scope_api as s', 's.id', 'rs.scopeId')
    .select('s.scopeName')
    .where('rs.roleId', '=', roleId)
    .where('rs.scopeCategory', '=', 2)
    .execute();
  return {
    menus: sorted(menus.map((row) => row.code)),
    appMenus: sorted(appMenus.map((row) => row.code)),
    dataScopes: sorted(dataScopes.map((row) => row.scopeName)),
    apiScopes: sorted(apiScopes.map((row) => row.scopeName)),
  };
}

/**
 * Reads the roles' grants before a grant replaces them, and answers how to record each role's change once it has:
 * one row per role, named by the role.
 */
export async function grantRecorder(
  trx: Transaction<Database>,
  request: FastifyRequest,
  roleIds: number[],
): Promise<() => Promise<void>> {
  const roles = await trx.selectFrom('blade_role').select(['id', 'roleName']).where('id', 'in', roleIds).execute();
  const before = new Map<number, Granted>();
  for (const role of roles) before.set(role.id, await grantsOf(trx, role.id));
  return async () => {
    for (const role of roles) {
      await recordControlChange(trx, request, {
        kind: 'role_grant',
        action: 'grant',
        subject: role.roleName,
        subjectId: role.id,
        before: before.get(role.id),
        after: await grantsOf(trx, role.id),
      });
    }
  };
}
