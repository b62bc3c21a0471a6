// Replaces the grants of roles (menus, data scopes, API scopes) or the menus of top menus, in one transaction.
// A non-administrator may only hand on menus its own roles hold, so role_grant cannot raise anyone above its giver.
// `menuIds` must be present: a body without it is refused (400), so only `menuIds: []` — sent on purpose — clears
// every menu of the roles or top menus. App menus are kept in their own table; a body without `appMenuIds` keeps them.
import type { FastifyRequest } from 'fastify';
import type { Insertable, Kysely, Transaction } from 'kysely';
import type { SessionUser } from '../../platform/access.js';
import type { AppContext } from '../../platform/context.js';
import { nextId } from '../../platform/db/ids.js';
import type { Database } from '../../platform/db/schema.js';
import type { Row } from '../../platform/engine/types.js';
import { badRequest, forbidden } from '../../platform/http/envelope.js';
import { heldAppMenus } from '../menus/app-menu-grants.js';
import { checkedKeys } from '../menus/grant-routes.js';
import { heldMenus } from '../menus/held.js';
import { withAncestors } from '../menus/tree.js';
import { grantRecorder } from './grant-audit.js';

export const MSG_BEYOND_OWN = '不能授予超出自身权限的菜单';

export interface RoleGrant {
  roleIds: string[];
  menuIds: string[];
  appMenuIds?: string[];
  dataScopeIds?: string[];
  apiScopeIds?: string[];
}

const unique = (ids: string[] = []): number[] => [...new Set(ids.map(Number))];

/** Refuses ids that are not among the `known` live ones, naming the field. */
function refuseMissing(field: string, ids: number[], known: { has: (id: number) => boolean }): void {
  const missing = ids.filter((id) => !known.has(id));
  if (missing.length > 0) throw badRequest(`${field} 包含不存在的数据: ${missing.join(',')}`);
}

/** Refuses ids that name no live row of `table`, naming the field. */
async function requireLive(
  db: Kysely<Database>,
  table: 'blade_role' | 'blade_scope_data' | 'blade_scope_api' | 'blade_top_menu' | 'biz_app_menu',
  field: string,
  ids: number[],
): Promise<void> {
  if (ids.length === 0) return;
  const found = await db.selectFrom(table).select('id').where('id', 'in', ids).where('isDeleted', '=', 0).execute();
  refuseMissing(field, ids, new Set(found.map((row) => Number(row.id))));
}

/** Every live menu's parent, read once for both the menuIds check and `withParents`. */
async function liveMenuParents(db: Kysely<Database>): Promise<Map<number, number>> {
  const menus = await db.selectFrom('blade_menu').select(['id', 'parentId']).where('isDeleted', '=', 0).execute();
  return new Map(menus.map((menu) => [menu.id, menu.parentId]));
}

/**
 * The menus of each role that a grant dialog cannot send back: granted, yet shown unchecked because some of their
 * buttons are not granted and nothing below them is (a checkbox tree cannot show "this node, none of its children").
 * They are kept unless the grant names something of their subtree, so saving the dialog unchanged loses no menu.
 */
async function unshownGrants(
  db: Kysely<Database>,
  roleIds: number[],
  sent: Set<number>,
): Promise<Map<number, number[]>> {
  const menus = (await db
    .selectFrom('blade_menu')
    .select(['id', 'parentId', 'code', 'category'])
    .where('isDeleted', '=', 0)
    .execute()) as Row[];
  const parentOf = new Map(menus.map((menu) => [Number(menu.id), Number(menu.parentId)]));
  const grants = await db
    .selectFrom('blade_role_menu')
    .select(['roleId', 'menuId'])
    .where('roleId', 'in', roleIds)
    .execute();
  const kept = new Map<number, number[]>();
  for (const roleId of roleIds) {
    const granted = new Set(grants.filter((row) => row.roleId === roleId).map((row) => row.menuId));
    const shown = new Set(checkedKeys(granted, menus).map(Number));
    // A granted menu with something granted below it shows half-checked and comes back as that something's parent.
    const coveredBelow = new Set<number>();
    for (const id of granted)
      for (const above of withAncestors([id], parentOf)) if (above !== id) coveredBelow.add(above);
    const touched = withAncestors(sent, parentOf);
    kept.set(
      roleId,
      [...granted].filter((id) => parentOf.has(id) && !shown.has(id) && !coveredBelow.has(id) && !touched.has(id)),
    );
  }
  return kept;
}

/**
 * The view buttons sent for each role that it does not hold although it holds their screen: a granted screen counts
 * its `<code>_view` button as granted (`checkedKeys`), so the dialog shows the button checked and sends it back. It
 * stays implied rather than stored, so saving the dialog unchanged adds no row.
 */
async function impliedViews(
  db: Kysely<Database>,
  roleIds: number[],
  sent: number[],
): Promise<Map<number, Set<number>>> {
  const implied = new Map<number, Set<number>>(roleIds.map((roleId) => [roleId, new Set<number>()]));
  if (sent.length === 0) return implied;
  const views = await db
    .selectFrom('blade_menu as button')
    .innerJoin('blade_menu as screen', 'screen.id', 'button.parentId')
    .select(['button.id as id', 'screen.id as screenId', 'button.code as code', 'screen.code as screenCode'])
    .where('button.id', 'in', sent)
    .where('button.category', '=', 2)
    .execute();
  const sentViews = views.filter((view) => view.code === `${view.screenCode}_view`);
  if (sentViews.length === 0) return implied;
  const grants = await db
    .selectFrom('blade_role_menu')
    .select(['roleId', 'menuId'])
    .where('roleId', 'in', roleIds)
    .execute();
  for (const roleId of roleIds) {
    const held = new Set(grants.filter((row) => row.roleId === roleId).map((row) => row.menuId));
    for (const view of sentViews) if (held.has(view.screenId) && !held.has(view.id)) implied.get(roleId)?.add(view.id);
  }
  return implied;
}

/**
 * The menus plus every menu above them. A tree with checkboxes sends fully checked nodes only, not the half-checked
 * parents; a granted screen or button implies the groups that lead to it, so those are stored too.
 */
const withParents = (menuIds: number[], parents: Map<number, number>): number[] => [...withAncestors(menuIds, parents)];

async function requireHeld(ctx: AppContext, user: SessionUser, menuIds: number[]): Promise<void> {
  const held = await heldMenus(ctx, user);
  if (!held.all && menuIds.some((id) => !held.ids.has(id))) throw forbidden(MSG_BEYOND_OWN);
}

async function requireHeldAppMenus(ctx: AppContext, user: SessionUser, appMenuIds: number[]): Promise<void> {
  const held = await heldAppMenus(ctx, user);
  if (!held.all && appMenuIds.some((id) => !held.ids.has(id))) throw forbidden(MSG_BEYOND_OWN);
}

type GrantTable = 'blade_role_menu' | 'blade_role_app_menu' | 'blade_role_scope' | 'blade_top_menu_setting';

/** Inserts 500 rows a statement, within both databases' limit on bound parameters. */
async function insertInBatches<T extends GrantTable>(
  trx: Transaction<Database>,
  table: T,
  rows: Insertable<Database[T]>[],
): Promise<void> {
  for (let start = 0; start < rows.length; start += 500) {
    await trx
      .insertInto(table)
      .values(rows.slice(start, start + 500))
      .execute();
  }
}

/** Replaces the roles' grants; each role's grants before and after go into the audit trail with the change. */
export async function grantRoles(
  ctx: AppContext,
  request: FastifyRequest,
  user: SessionUser,
  grant: RoleGrant,
): Promise<void> {
  const roleIds = unique(grant.roleIds);
  const menuIds = unique(grant.menuIds);
  const appMenuIds = unique(grant.appMenuIds);
  const dataScopeIds = unique(grant.dataScopeIds);
  const apiScopeIds = unique(grant.apiScopeIds);
  // A scope list left out of the body keeps that kind's grants; only a list that is sent (even empty) replaces them.
  const replacedCategories = [
    ...(grant.dataScopeIds === undefined ? [] : [1]),
    ...(grant.apiScopeIds === undefined ? [] : [2]),
  ];
  await requireLive(ctx.db, 'blade_role', 'roleIds', roleIds);
  const parents = await liveMenuParents(ctx.db);
  refuseMissing('menuIds', menuIds, parents);
  await requireLive(ctx.db, 'blade_scope_data', 'dataScopeIds', dataScopeIds);
  await requireLive(ctx.db, 'blade_scope_api', 'apiScopeIds', apiScopeIds);
  await requireLive(ctx.db, 'biz_app_menu', 'appMenuIds', appMenuIds);
  await requireHeld(ctx, user, menuIds);
  await requireHeldAppMenus(ctx, user, appMenuIds);
  const stored = withParents(menuIds, parents);
  // An empty menuIds clears every menu on purpose (the console asks first), the unshown ones too.
  const unshown = menuIds.length ? await unshownGrants(ctx.db, roleIds, new Set(menuIds)) : new Map<number, number[]>();
  const implied = await impliedViews(ctx.db, roleIds, menuIds);
  await ctx.db.transaction().execute(async (trx) => {
    const recordGrants = await grantRecorder(trx, request, roleIds);
    await trx.deleteFrom('blade_role_menu').where('roleId', 'in', roleIds).execute();
    if (grant.appMenuIds !== undefined) {
      await trx.deleteFrom('blade_role_app_menu').where('roleId', 'in', roleIds).execute();
      const appMenuRows = roleIds.flatMap((roleId) =>
        appMenuIds.map((appMenuId) => ({ id: nextId(), roleId, appMenuId })),
      );
      await insertInBatches(trx, 'blade_role_app_menu', appMenuRows);
    }
    if (replacedCategories.length > 0) {
      await trx
        .deleteFrom('blade_role_scope')
        .where('roleId', 'in', roleIds)
        .where('scopeCategory', 'in', replacedCategories)
        .execute();
    }
    const menuRows = roleIds.flatMap((roleId) =>
      withParents([...stored, ...(unshown.get(roleId) ?? [])], parents)
        .filter((menuId) => !implied.get(roleId)?.has(menuId))
        .map((menuId) => ({ id: nextId(), roleId, menuId })),
    );
    const scopeRows = roleIds.flatMap((roleId) => [
      ...dataScopeIds.map((scopeId) => ({ id: nextId(), roleId, scopeId, scopeCategory: 1 })),
      ...apiScopeIds.map((scopeId) => ({ id: nextId(), roleId, scopeId, scopeCategory: 2 })),
    ]);
    await insertInBatches(trx, 'blade_role_menu', menuRows);
    await insertInBatches(trx, 'blade_role_scope', scopeRows);
    await recordGrants();
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
  const parents = await liveMenuParents(ctx.db);
  refuseMissing('menuIds', menuIds, parents);
  await requireHeld(ctx, user, menuIds);
  const stored = withParents(menuIds, parents);
  await ctx.db.transaction().execute(async (trx) => {
    await trx.deleteFrom('blade_top_menu_setting').where('topMenuId', 'in', topMenuIds).execute();
    const rows = topMenuIds.flatMap((topMenuId) => stored.map((menuId) => ({ id: nextId(), topMenuId, menuId })));
    await insertInBatches(trx, 'blade_top_menu_setting', rows);
  });
}
