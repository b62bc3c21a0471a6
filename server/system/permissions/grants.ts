// Menu and button grants through the caller's roles (blade_role_menu), read from the database on every check so a
// change made on one instance holds on all of them at once.

import { ADMIN_ROLE_ALIAS } from '../../../facts/role-aliases.js';
import type { SessionUser } from '../../platform/access.js';
import type { AppContext } from '../../platform/context.js';
import { idList } from './id-list.js';

export const isAdministrator = (user: SessionUser): boolean => user.roleAliases.includes(ADMIN_ROLE_ALIAS);

/** True when one of the caller's live roles is granted the menu or button with this code. */
export const holdsCode = (ctx: AppContext, user: SessionUser, code: string): Promise<boolean> =>
  holdsAnyCode(ctx, user, [code]);

/** True when one of the caller's live roles is granted a menu or button with one of these codes. */
export async function holdsAnyCode(ctx: AppContext, user: SessionUser, codes: string[]): Promise<boolean> {
  if (isAdministrator(user)) return true;
  const roleIds = idList(user.roleId);
  if (roleIds.length === 0) return false;
  const row = await ctx.db
    .selectFrom('blade_role_menu as rm')
    .innerJoin('blade_menu as m', 'm.id', 'rm.menuId')
    .innerJoin('blade_role as r', 'r.id', 'rm.roleId')
    .select('m.id')
    .where('rm.roleId', 'in', roleIds)
    .where('m.code', 'in', codes)
    .where('m.isDeleted', '=', 0)
    .where('r.isDeleted', '=', 0)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}
