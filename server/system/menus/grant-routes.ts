// The trees and checked keys of the role-grant and top-menu-grant dialogs (contract §5): objects keyed by kind
// (`menu`, `dataScope`, `apiScope`, and `appMenu`: the customer apps' menus), as BladeX clients read `data.menu`.
import type { AppContext } from '../../platform/context.js';
import { type AnswerDoc, component, listOf, shape, text } from '../../platform/docs/record.js';
import type { Row } from '../../platform/engine/types.js';
import { ok } from '../../platform/http/envelope.js';
import type { RoutePlugin } from '../../platform/http/route-plugin.js';
import { idList } from '../permissions/id-list.js';
import { appMenuTree, grantedAppMenuKeys, heldAppMenus } from './app-menu-grants.js';
import { type HeldMenus, heldMenus, signedInUser } from './held.js';
import { allMenus, visibleMenus } from './routes.js';
import { idsParam } from './schemas.js';
import { nodeForest, type TreeNode, treeNode, withAncestors } from './tree.js';

const prefix = '/blade-system/menu';

const nodes = listOf(component('TreeNode'));
const keys = listOf(text('主键'));
/** The role-grant dialog's trees, one per kind of grant. */
const GRANT_TREE: AnswerDoc = {
  name: 'GrantTree',
  data: shape({ menu: nodes, dataScope: nodes, apiScope: nodes, appMenu: nodes }),
};
/** The keys a role holds, per kind: only a menu whose whole subtree is held (the tree half-checks the others). */
const GRANT_KEYS: AnswerDoc = {
  name: 'GrantKeys',
  data: shape({ menu: keys, dataScope: keys, apiScope: keys, appMenu: keys }),
};
const TOP_TREE: AnswerDoc = { name: 'TopMenuTree', data: shape({ menu: nodes }) };
const TOP_KEYS: AnswerDoc = { name: 'TopMenuKeys', data: shape({ menu: keys }) };

const menuNodes = (menus: Row[]): TreeNode[] =>
  menus.map((menu) => treeNode(Number(menu.id), Number(menu.parentId), String(menu.name)));

/** Category-1 menus with the scopes of `table` hanging under them; menus with no scope below are left out. */
async function scopeTree(
  ctx: AppContext,
  menus: Row[],
  table: 'blade_scope_data' | 'blade_scope_api',
): Promise<TreeNode[]> {
  const shownMenus = menus.filter((menu) => Number(menu.category) === 1);
  const menuIds = new Set(shownMenus.map((menu) => Number(menu.id)));
  const scopes = (
    await ctx.db.selectFrom(table).select(['id', 'menuId', 'scopeName']).where('isDeleted', '=', 0).execute()
  ).filter((scope) => scope.menuId !== null && menuIds.has(scope.menuId));
  const parentOf = new Map(shownMenus.map((menu) => [Number(menu.id), Number(menu.parentId)]));
  const needed = withAncestors(
    scopes.map((scope) => Number(scope.menuId)),
    parentOf,
  );
  return nodeForest([
    ...menuNodes(shownMenus.filter((menu) => needed.has(Number(menu.id)))),
    ...scopes.map((scope) => treeNode(scope.id, Number(scope.menuId), scope.scopeName ?? '')),
  ]);
}

/**
 * The granted ids a checkbox tree can show as they are: a menu whose subtree is only partly granted is left out, so
 * the tree marks it half-checked instead of checking (and later granting) all its children. A screen's view button
 * goes with the screen: a granted screen counts its `<code>_view` button as granted, so a read-only screen granted
 * without it (已发事务) shows checked and a grant sent back unchanged keeps it.
 */
export function checkedKeys(granted: Set<number>, menus: Row[]): string[] {
  const children = new Map<number, Row[]>();
  const byId = new Map(menus.map((menu) => [Number(menu.id), menu]));
  for (const menu of menus) {
    const parentId = Number(menu.parentId);
    children.set(parentId, [...(children.get(parentId) ?? []), menu]);
  }
  const held = (menu: Row): boolean => {
    if (granted.has(Number(menu.id))) return true;
    const parent = byId.get(Number(menu.parentId));
    return (
      parent !== undefined &&
      Number(menu.category) === 2 &&
      granted.has(Number(parent.id)) &&
      menu.code === `${parent.code}_view`
    );
  };
  const complete = new Map<number, boolean>();
  const isComplete = (menu: Row): boolean => {
    const id = Number(menu.id);
    const known = complete.get(id);
    if (known !== undefined) return known;
    const result = held(menu) && (children.get(id) ?? []).every(isComplete);
    complete.set(id, result);
    return result;
  };
  return menus.filter((menu) => granted.has(Number(menu.id)) && isComplete(menu)).map((menu) => String(menu.id));
}

async function grantableMenus(ctx: AppContext, held: HeldMenus): Promise<Row[]> {
  return visibleMenus(await allMenus(ctx), held);
}

export const menuGrantRoutes: RoutePlugin = async (app) => {
  app.get(
    `${prefix}/grant-tree`,
    {
      config: { access: { menu: 'role' }, answer: GRANT_TREE },
      schema: { tags: ['角色'], summary: '角色授权树: 菜单, 数据权限, 接口权限' },
    },
    async (request) => {
      const user = signedInUser(request.user);
      const menus = await grantableMenus(app.ctx, await heldMenus(app.ctx, user));
      return ok({
        menu: nodeForest(menuNodes(menus)),
        dataScope: await scopeTree(app.ctx, menus, 'blade_scope_data'),
        apiScope: await scopeTree(app.ctx, menus, 'blade_scope_api'),
        appMenu: await appMenuTree(app.ctx, await heldAppMenus(app.ctx, user)),
      });
    },
  );

  app.get(
    `${prefix}/role-tree-keys`,
    {
      config: { access: { menu: 'role' }, answer: GRANT_KEYS },
      schema: { tags: ['角色'], summary: '角色已授权的主键', querystring: idsParam('roleIds', '角色主键, 逗号分隔') },
    },
    async (request) => {
      const roleIds = idList(request.query.roleIds);
      const granted = await app.ctx.db
        .selectFrom('blade_role_menu')
        .select('menuId')
        .where('roleId', 'in', roleIds)
        .execute();
      const scopes = await app.ctx.db
        .selectFrom('blade_role_scope')
        .select(['scopeId', 'scopeCategory'])
        .distinct()
        .where('roleId', 'in', roleIds)
        .execute();
      const scopeKeys = (category: number) =>
        scopes.filter((scope) => scope.scopeCategory === category).map((scope) => String(scope.scopeId));
      return ok({
        menu: checkedKeys(new Set(granted.map((row) => row.menuId)), await allMenus(app.ctx)),
        dataScope: scopeKeys(1),
        apiScope: scopeKeys(2),
        appMenu: await grantedAppMenuKeys(app.ctx, roleIds),
      });
    },
  );

  app.get(
    `${prefix}/grant-top-tree`,
    {
      config: { access: { menu: 'topmenu' }, answer: TOP_TREE },
      schema: { tags: ['顶部菜单'], summary: '顶部菜单配置树 (仅菜单)' },
    },
    async (request) => {
      const menus = await grantableMenus(app.ctx, await heldMenus(app.ctx, signedInUser(request.user)));
      return ok({ menu: nodeForest(menuNodes(menus.filter((menu) => Number(menu.category) === 1))) });
    },
  );

  app.get(
    `${prefix}/top-tree-keys`,
    {
      config: { access: { menu: 'topmenu' }, answer: TOP_KEYS },
      schema: {
        tags: ['顶部菜单'],
        summary: '顶部菜单已配置的菜单主键',
        querystring: idsParam('topMenuIds', '顶部菜单主键, 逗号分隔'),
      },
    },
    async (request) => {
      const topMenuIds = idList(request.query.topMenuIds);
      const rows = await app.ctx.db
        .selectFrom('blade_top_menu_setting')
        .select('menuId')
        .where('topMenuId', 'in', topMenuIds)
        .execute();
      const menus = (await allMenus(app.ctx)).filter((menu) => Number(menu.category) === 1);
      return ok({ menu: checkedKeys(new Set(rows.map((row) => row.menuId)), menus) });
    },
  );
};
