// The aliases of a user's live roles, as the token answer (`role_name`) and the signed-in caller carry them.
import type { AppContext } from '../../platform/context.js';
import { idList } from '../permissions/id-list.js';

/** Aliases of the live roles in a stored comma list of role ids, in the database's order. */
export async function liveRoleAliases(ctx: AppContext, roleId: string | null): Promise<string[]> {
  const roleIds = idList(roleId);
  if (roleIds.length === 0) return [];
  const roles = await ctx.db
    .selectFrom('blade_role')
    .select('roleAlias')
    .where('id', 'in', roleIds)
    .where('isDeleted', '=', 0)
    .execute();
  return roles.map((role) => role.roleAlias);
}
