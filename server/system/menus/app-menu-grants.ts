// The app menus a caller's roles hold: every live one for an administrator, otherwise the grants of its live roles.

import type { SessionUser } from '../../platform/access.js';
import type { AppContext } from '../../platform/context.js';
import { isAdministrator } from '../permissions/grants.js';
import { idList } from '../permissions/id-list.js';
import { nodeForest, type TreeNode, treeNode } from './tree.js';

export type HeldAppMenus = { all: true } | { all: false; ids: Set<number> };

export async function heldAppMenus(ctx: AppContext, user: SessionUser): Promise<HeldAppMenus> {
  if (isAdministrator(user)) return { all: true };
  const roleIds = idList(user.roleId);
  if (roleIds.length === 0 || user.userId === -1) return { all: false, ids: new Set() };
  const rows = await ctx.db
    .selectFrom('blade_role_app_menu as ram')
    .innerJoin('blade_role as r', 'r.id', 'ram.roleId')
    .select('ram.appMenuId')
    .where('ram.roleId', 'in', roleIds)
    .where('r.isDeleted', '=', 0)
    .execute();
  return { all: false, ids: new Set(rows.map((row) => Number(row.appMenuId))) };
}

/**
 * The grant dialog's `appMenu` tree: each live app with the app menus the caller may hand on below it. Only app menus
 * are granted; an app is a group, and apps with nothing to hand on are left out.
 */
export async function appMenuTree(ctx: AppContext, held: HeldAppMenus): Promise<TreeNode[]> {
  const apps = await ctx.db
    .selectFrom('biz_app')
    .select(['id', 'appName'])
    .where('isDeleted', '=', 0)
    .orderBy('appName')
    .execute();
  const menus = (
    await ctx.db
      .selectFrom('biz_app_menu')
      .select(['id', 'appId', 'menuName'])
      .where('isDeleted', '=', 0)
      .orderBy('sort')
      .orderBy('code')
      .execute()
  ).filter((menu) => held.all || held.ids.has(Number(menu.id)));
  const shownApps = new Set(menus.map((menu) => Number(menu.appId)));
  return nodeForest([
    ...apps.filter((app) => shownApps.has(Number(app.id))).map((app) => treeNode(app.id, 0, app.appName)),
    ...menus.map((menu) => treeNode(menu.id, menu.appId, menu.menuName)),
  ]);
}

/** The app menus the roles are granted, as the grant dialog's checked keys. */
export async function grantedAppMenuKeys(ctx: AppContext, roleIds: number[]): Promise<string[]> {
  const rows = await ctx.db
    .selectFrom('blade_role_app_menu as ram')
    .innerJoin('biz_app_menu as m', 'm.id', 'ram.appMenuId')
    .select('ram.appMenuId')
    .distinct()
    .where('ram.roleId', 'in', roleIds)
    .where('m.isDeleted', '=', 0)
    .execute();
  return rows.map((row) => String(row.appMenuId));
}
