// API scopes (blade_scope_api) guard request paths. A path that one or more live scopes cover is open only to
// roles granted one of those scopes (blade_role_scope, category 2); a path no scope covers is governed by the menu
// and button grants alone, so an empty scope table changes nothing. The administrator passes.
// `scopePath` is an exact path or a pattern where `*` stands for one path segment and `**` for any rest, written
// with or without the `/api` prefix the browser uses (`/blade-system/param/**` and `/api/blade-system/param/**`).

import type { SessionUser } from '../../platform/access.js';
import type { AppContext } from '../../platform/context.js';
import { isAdministrator } from './grants.js';
import { idList } from './id-list.js';

/** API scope category in blade_role_scope (1 is data scopes). */
export const API_SCOPE_CATEGORY = 2;

export function pathPattern(scopePath: string): RegExp {
  const body = scopePath
    .trim()
    .replace(/^\/api(?=\/)/, '')
    .split(/(\*\*|\*)/)
    .map((part) => (part === '**' ? '.*' : part === '*' ? '[^/]*' : part.replace(/[.+?^${}()|[\]\\]/g, '\\$&')))
    .join('');
  return new RegExp(`^(?:/api)?${body}$`);
}

export async function mayCallPath(ctx: AppContext, user: SessionUser, path: string): Promise<boolean> {
  if (isAdministrator(user)) return true;
  const scopes = await ctx.db
    .selectFrom('blade_scope_api')
    .select(['id', 'scopePath'])
    .where('isDeleted', '=', 0)
    .where('scopePath', 'is not', null)
    .where('scopePath', '<>', '')
    .execute();
  const covering = scopes.filter((scope) => pathPattern(scope.scopePath ?? '').test(path)).map((scope) => scope.id);
  if (covering.length === 0) return true;
  const roleIds = idList(user.roleId);
  if (roleIds.length === 0) return false;
  const granted = await ctx.db
    .selectFrom('blade_role_scope')
    .select('id')
    .where('scopeCategory', '=', API_SCOPE_CATEGORY)
    .where('roleId', 'in', roleIds)
    .where('scopeId', 'in', covering)
    .limit(1)
    .executeTakeFirst();
  return granted !== undefined;
}
