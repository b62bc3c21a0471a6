// Replaces the grants of roles (menus, data scopes, API scopes) or the menus of top menus, in one transaction.
// A non-administrator may only hand on menus its own roles hold, so role_grant cannot raise anyone above its giver.
import type { Kysely } from 'kysely';
import type { SessionUser } from '../auth/types.js';
import type { AppContext } from '../context.js';
import { nextId } from '../db/ids.js';
import type { Database } from '../db/schema.js';
import { badRequest, forbidden } from '../http/envelope.js';
import { heldMenus } from '../menus/held.js';
import { withAncestors } from '../menus/tree.js';

export const MSG_BEYOND_OWN = '不能授予超出自身权限的菜单';

export interface RoleGrant {
  roleIds: string[];
  menuIds: string[];
  appMenuIds?: string[];
  dataScopeIds?: string[];
  apiScopeIds?: string[];
}

const unique = (ids: string[] = []): number[] => [...new Set(ids.map(Number))];

/** Refuses ids that name no live row of `table`, naming the field. */
async function requireLive(
  db: Kysely<Database>,
  table: 'blade_role' | 'blade_menu' | 'blade_scope_data' | 'blade_scope_api' | 'blade_top_menu',
  field: string,
  ids: number[],
): Promise<void> {
  if (ids.length === 0) return;
  const found = await db.selectFrom(table).select('id').where('id', 'in', ids).where('isDeleted', '=', 0).execute();
  const known = new Set(found.map((row) => Number(row.id)));
  const missing = ids.filter((id) => !known.has(id));
  if (missing.length > 0) throw badRequest(`${field} 包含不存在的数据: ${missing.join(',')}`);
}

/**
 * The menus plus every menu above them. A tree with checkboxes sends fully checked nodes only, not the half-checked
 * parents; a granted screen or button implies the groups that lead to it, so those are stored too.
 */
async function withParents(db: Kysely<Database>, menuIds: number[]): Promise<number[]> {
  if (menuIds.length === 0) return [];
  const menus = await db.selectFrom('blade_menu').select(['id', 'parentId']).where('isDeleted', '=', 0).execute();
  return [...withAncestors(menuIds, new Map(menus.map((menu) => [menu.id, menu.parentId])))];
}

async function requireHeld(ctx: AppContext, user: SessionUser, menuIds: number[]): Promise<void> {
  const held = await heldMenus(ctx, user);
  if (!held.all && menuIds.some((id) => !held.ids.has(id))) throw forbidden(MSG_BEYOND_OWN);
}

export async function grantRoles(ctx: AppContext, user: SessionUser, grant: RoleGrant): Promise<void> {
  const roleIds = unique(grant.roleIds);
  // App menus live in the same menu table (BladeX keeps them apart only by client); both lists are granted alike.
  const menuIds = unique([...grant.menuIds, ...(grant.appMenuIds ?? [])]);
  const dataScopeIds = unique(grant.dataScopeIds);
  const apiScopeIds = unique(grant.apiScopeIds);
  await requireLive(ctx.db, 'blade_role', 'roleIds', roleIds);
  await requireLive(ctx.db, 'blade_menu', 'menuIds', menuIds);
  await requireLive(ctx.db, 'blade_scope_data', 'dataScopeIds', dataScopeIds);
  await requireLive(ctx.db, 'blade_scope_api', 'apiScopeIds', apiScopeIds);
  await requireHeld(ctx, user, menuIds);
  const stored = await withParents(ctx.db, menuIds);
  await ctx.db.transaction().execute(async (trx) => {
    await trx.deleteFrom('blade_role_menu').where('roleId', 'in', roleIds).execute();
    await trx.deleteFrom('blade_role_scope').where('roleId', 'in', roleIds).execute();
    const menuRows = roleIds.flatMap((roleId) => stored.map((menuId) => ({ id: nextId(), roleId, menuId })));
    const scopeRows = roleIds.flatMap((roleId) => [
      ...dataScopeIds.map((scopeId) => ({ id: nextId(), roleId, scopeId, scopeCategory: 1 })),
      ...apiScopeIds.map((scopeId) => ({ id: nextId(), roleId, scopeId, scopeCategory: 2 })),
    ]);
    for (let start = 0; start < menuRows.length; start += 500) {
      await trx
        .insertInto('blade_role_menu')
        .values(menuRows.slice(start, start + 500))
        .execute();
    }
    for (let start = 0; start < scopeRows.length; start += 500) {
      await trx
        .insertInto('blade_role_scope')
        .values(scopeRows.slice(start, start + 500))
        .execute();
    }
  });
}

export async function grantTopMenus(
  ctx: AppContext,
  user: SessionUser,
  grant: { topMenuIds: string[]; menuIds: string[] },
): Promise<void> {
  const topMenuIds = unique(grant.topMenuIds);
  const menuIds = unique(grant.menuIds);
  await requireLive(ctx.db, 'blade_top_menu', 'topMenuIds', topMenuIds);
  await requireLive(ctx.db, 'blade_menu', 'menuIds', menuIds);
  await requireHeld(ctx, user, menuIds);
  const stored = await withParents(ctx.db, menuIds);
  await ctx.db.transaction().execute(async (trx) => {
    await trx.deleteFrom('blade_top_menu_setting').where('topMenuId', 'in', topMenuIds).execute();
    const rows = topMenuIds.flatMap((topMenuId) => stored.map((menuId) => ({ id: nextId(), topMenuId, menuId })));
    for (let start = 0; start < rows.length; start += 500) {
      await trx
        .insertInto('blade_top_menu_setting')
        .values(rows.slice(start, start + 500))
        .execute();
    }
  });
}
