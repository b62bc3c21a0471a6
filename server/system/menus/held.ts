// The menus a caller's roles hold: every live menu for an administrator, otherwise the grants of its live roles.

import type { SessionUser } from '../../platform/access.js';
import type { AppContext } from '../../platform/context.js';
import { unauthorized } from '../../platform/http/envelope.js';
import { isAdministrator } from '../permissions/grants.js';
import { idList } from '../permissions/id-list.js';

export type HeldMenus = { all: true } | { all: false; ids: Set<number> };

export function signedInUser(user: SessionUser | null): SessionUser {
  if (!user) throw unauthorized();
  return user;
}

export async function heldMenus(ctx: AppContext, user: SessionUser): Promise<HeldMenus> {
  if (isAdministrator(user)) return { all: true };
  const roleIds = idList(user.roleId);
  if (roleIds.length === 0 || user.userId === -1) return { all: false, ids: new Set() };
  const rows = await ctx.db
    .selectFrom('blade_role_menu as rm')
    .innerJoin('blade_role as r', 'r.id', 'rm.roleId')
    .select('rm.menuId')
    .where('rm.roleId', 'in', roleIds)
    .where('r.isDeleted', '=', 0)
    .execute();
  return { all: false, ids: new Set(rows.map((row) => row.menuId)) };
}

export const holds = (held: HeldMenus, menuId: number): boolean => held.all || held.ids.has(menuId);
