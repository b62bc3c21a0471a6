// /api/blade-system/menu: the menu editor's calls and the shell's routes, buttons and top menus (contract §5).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../platform/context.js';
import { field } from '../../platform/docs/record.js';
import { idQuery, pageQuery } from '../../platform/engine/schemas.js';
import type { Row } from '../../platform/engine/types.js';
import { ok } from '../../platform/http/envelope.js';
import type { RoutePlugin } from '../../platform/http/route-plugin.js';
import { topMenus } from '../resources/top-menu.js';
import { type HeldMenus, heldMenus, holds, signedInUser } from './held.js';
import { detailWithParentName, hasFilters, parentsAmong, treeRows } from './query.js';
import { menuResource, menuWire } from './resource.js';
import { filterQuery, lazyQuery, optionalId } from './schemas.js';
import { forest, nodeForest, TREE_NODE_RECORD, TREE_ROW_FIELDS, treeNode, withAncestors } from './tree.js';

const tags = ['菜单'];
const access = { menu: 'menu' };
const filters = { name: '菜单名称', code: '菜单编号', alias: '菜单别名' };

type Query = Record<string, unknown>;

/** Every live menu, in sibling order. */
export async function allMenus(ctx: AppContext): Promise<Row[]> {
  return ctx.db
    .selectFrom('blade_menu')
    .selectAll()
    .where('isDeleted', '=', 0)
    .orderBy('sort', 'asc')
    .orderBy('id', 'asc')
    .execute() as Promise<Row[]>;
}

/**
 * The screens (category 1) with just the columns a route item shows. The shell asks for its routes on every sign-in
 * and reload, so this reads a dozen columns of the screens instead of every column of every menu and button.
 */
async function routeMenus(ctx: AppContext): Promise<Row[]> {
  return ctx.db
    .selectFrom('blade_menu')
    .select(['id', 'parentId', 'code', 'name', 'alias', 'path', 'source', 'sort', 'category', 'action', 'isOpen'])
    .select(['keepAlive'])
    .where('isDeleted', '=', 0)
    .where('category', '=', 1)
    .orderBy('sort', 'asc')
    .orderBy('id', 'asc')
    .execute() as Promise<Row[]>;
}

const text = (value: unknown): string => (value === null || value === undefined ? '' : String(value));
const number = (value: unknown): number => (value === null || value === undefined ? -1 : Number(value));

/** The held menus plus their ancestors, so a role granted a screen also sees the groups that lead to it. */
export function visibleMenus(menus: Row[], held: HeldMenus): Row[] {
  if (held.all) return menus;
  const parentOf = new Map(menus.map((menu) => [Number(menu.id), Number(menu.parentId)]));
  const shown = withAncestors(held.ids, parentOf);
  return menus.filter((menu) => shown.has(Number(menu.id)));
}

/** A route item of `menu/routes`: the menu's own fields in their wire form plus meta (i18n key = alias). */
function routeItem(menu: Row): Row {
  const alias = text(menu.alias);
  return {
    id: text(menu.id),
    parentId: text(menu.parentId),
    code: text(menu.code),
    name: text(menu.name),
    path: text(menu.path),
    source: text(menu.source),
    sort: number(menu.sort),
    category: number(menu.category),
    action: number(menu.action),
    isOpen: number(menu.isOpen),
    alias,
    meta: { ...(alias ? { i18n: alias } : {}), ...(Number(menu.keepAlive) === 2 ? { keepAlive: true } : {}) },
  };
}

async function lazyList(app: FastifyInstance, request: FastifyRequest, query: Query, category?: number) {
  const filtered = hasFilters(query);
  let rows = await treeRows(menuResource, app.ctx, request, query);
  if (category) rows = rows.filter((row) => Number(row.category) === category);
  if (query.parentId !== undefined || !filtered) {
    const parentId = Number(query.parentId ?? 0);
    rows = rows.filter((row) => Number(row.parentId) === parentId);
  }
  const ids = rows.map((row) => Number(row.id));
  let parents: Set<number>;
  if (category) {
    const children = await app.ctx.db
      .selectFrom('blade_menu')
      .select('parentId')
      .where('parentId', 'in', ids.length ? ids : [0])
      .where('category', '=', category)
      .where('isDeleted', '=', 0)
      .execute();
    parents = new Set(children.map((child) => child.parentId));
  } else {
    parents = await parentsAmong(app.ctx, 'blade_menu', ids);
  }
  return rows.map((row) => ({ ...menuWire(row), hasChildren: parents.has(Number(row.id)) }));
}

/** A row of the lazy tree: the menu as the console's router reads it, and whether it has children. */
const lazyRecord = {
  ...menuResource.record,
  ...TREE_ROW_FIELDS,
  meta: field('object', '路由信息', 'Route meta'),
};

/** A menu of a tree: the menu and the menus under it. */
const treeRecord = { ...menuResource.record, children: field('array', '下级', 'Children') };

/** A route item of `menu/routes`: the menu's route columns, its route meta and the screens under it. */
const routeRecord = {
  id: field('id', '主键', 'ID'),
  parentId: field('id', '上级主键', 'Parent ID'),
  code: field('text', '菜单编号', 'Code'),
  name: field('text', '菜单名称', 'Name'),
  path: field('text', '路由地址', 'Path'),
  source: field('text', '菜单图标', 'Icon'),
  sort: field('integer', '排序', 'Sort'),
  category: field('integer', '菜单类型', 'Category'),
  action: field('integer', '操作按钮类型', 'Action'),
  isOpen: field('integer', '新窗口', 'Opens in a new window'),
  alias: field('text', '菜单别名', 'Alias'),
  meta: field('object', '路由信息 (i18n, keepAlive)', 'Route meta (i18n, keepAlive)'),
  children: field('array', '下级', 'Children'),
};

export const menuRoutes: RoutePlugin = async (app) => {
  await app.register(menuResource.routes);
  const prefix = '/blade-system/menu';

  app.get(
    `${prefix}/list`,
    {
      config: { access, record: treeRecord, answers: 'rows' },
      schema: { tags, summary: '菜单树 (全部, 可按名称/编号筛选)', querystring: filterQuery(filters) },
    },
    async (request) => {
      const rows = await treeRows(menuResource, app.ctx, request, request.query);
      return ok(forest(rows.map(menuWire)));
    },
  );

  app.get(
    `${prefix}/lazy-list`,
    {
      config: { access, record: lazyRecord, answers: 'rows' },
      schema: { tags, summary: '菜单懒加载列表', querystring: lazyQuery(filters) },
    },
    async (request) => ok(await lazyList(app, request, request.query)),
  );

  app.get(
    `${prefix}/lazy-menu-list`,
    {
      config: { access, record: lazyRecord, answers: 'rows' },
      schema: { tags, summary: '菜单懒加载列表 (仅菜单)', querystring: lazyQuery(filters) },
    },
    async (request) => ok(await lazyList(app, request, request.query, 1)),
  );

  app.get(
    `${prefix}/menu-list`,
    {
      config: { access, record: menuResource.record },
      schema: { tags, summary: '菜单分页 (仅菜单)', querystring: pageQuery },
    },
    async (request) => ok(await menuResource.page(app.ctx, request, { ...request.query, category_equal: '1' })),
  );

  app.get(
    `${prefix}/detail`,
    {
      config: { access, record: { ...menuResource.record, parentName: TREE_ROW_FIELDS.parentName }, answers: 'record' },
      schema: { tags, summary: '菜单详情', querystring: idQuery },
    },
    async (request) => ok(await detailWithParentName(menuResource, app.ctx, request, Number(request.query.id), 'name')),
  );

  app.get(
    `${prefix}/tree`,
    {
      config: { access: 'signedIn', record: TREE_NODE_RECORD, answers: 'rows' },
      schema: { tags, summary: '菜单树节点 (仅菜单)' },
    },
    async () => {
      const menus = (await allMenus(app.ctx)).filter((menu) => Number(menu.category) === 1);
      return ok(nodeForest(menus.map((menu) => treeNode(Number(menu.id), Number(menu.parentId), String(menu.name)))));
    },
  );

  app.get(
    `${prefix}/routes`,
    {
      config: { access: 'signedIn', record: routeRecord, answers: 'rows' },
      schema: { tags, summary: '当前用户的路由菜单', querystring: optionalId('topMenuId', '顶部菜单主键') },
    },
    async (request) => {
      const user = signedInUser(request.user);
      const { topMenuId } = request.query;
      let menus = visibleMenus(await routeMenus(app.ctx), await heldMenus(app.ctx, user));
      if (topMenuId) {
        const settings = await app.ctx.db
          .selectFrom('blade_top_menu_setting')
          .select('menuId')
          .where('topMenuId', '=', Number(topMenuId))
          .execute();
        const inTop = new Set(settings.map((setting) => setting.menuId));
        menus = menus.filter((menu) => inTop.has(Number(menu.id)));
      }
      return ok(forest(menus.map(routeItem)));
    },
  );

  app.get(
    `${prefix}/buttons`,
    {
      config: { access: 'signedIn', record: treeRecord, answers: 'rows' },
      schema: { tags, summary: '当前用户的按钮 (按所属菜单分组)' },
    },
    async (request) => {
      const held = await heldMenus(app.ctx, signedInUser(request.user));
      const menus = await allMenus(app.ctx);
      const buttons = menus.filter((menu) => Number(menu.category) === 2 && holds(held, Number(menu.id)));
      const owners = new Set(buttons.map((button) => Number(button.parentId)));
      const groups = menus
        .filter((menu) => Number(menu.category) === 1 && owners.has(Number(menu.id)))
        .map((menu) => ({
          ...menuWire(menu),
          children: buttons.filter((button) => Number(button.parentId) === Number(menu.id)).map(menuWire),
        }));
      return ok(groups);
    },
  );

  app.get(
    `${prefix}/top-menu`,
    {
      config: { access: 'signedIn', record: topMenus.record, answers: 'rows' },
      schema: { tags, summary: '当前用户可见的顶部菜单' },
    },
    async (request) => {
      const held = await heldMenus(app.ctx, signedInUser(request.user));
      const tops = await app.ctx.db
        .selectFrom('blade_top_menu')
        .selectAll()
        .where('isDeleted', '=', 0)
        .orderBy('sort', 'asc')
        .orderBy('id', 'asc')
        .execute();
      if (held.all) return ok(tops.map((top) => menuResource.toWire(top as Row)));
      const settings = await app.ctx.db.selectFrom('blade_top_menu_setting').select(['topMenuId', 'menuId']).execute();
      const seen = new Set(settings.filter((s) => holds(held, s.menuId)).map((s) => s.topMenuId));
      return ok(tops.filter((top) => seen.has(top.id)).map((top) => menuResource.toWire(top as Row)));
    },
  );
};
