// /api/blade-system/role: the role tree, detail, add/edit/remove (engine) and grant; /topmenu/grant.
import { NOTHING } from '../../platform/docs/record.js';
import { idQuery } from '../../platform/engine/schemas.js';
import { descendantsOf } from '../../platform/engine/tree.js';
import type { Row } from '../../platform/engine/types.js';
import { done, ok } from '../../platform/http/envelope.js';
import type { RoutePlugin } from '../../platform/http/route-plugin.js';
import { signedInUser } from '../menus/held.js';
import { detailWithParentName, nodeTree, treeRows } from '../menus/query.js';
import { filterQuery, idArray, optionalId } from '../menus/schemas.js';
import { forest, nodeForest, TREE_NODE_RECORD, TREE_ROW_FIELDS, treeNode } from '../menus/tree.js';
import { grantRoles, grantTopMenus } from './grant.js';
import { roleResource } from './resource.js';

const tags = ['角色'];
const access = { menu: 'role' };
const prefix = '/blade-system/role';

const roleGrantBody = {
  type: 'object',
  required: ['roleIds', 'menuIds'],
  properties: {
    roleIds: { ...idArray('角色主键'), minItems: 1 },
    menuIds: idArray('菜单主键'),
    appMenuIds: idArray('应用菜单主键'),
    dataScopeIds: idArray('数据权限主键'),
    apiScopeIds: idArray('接口权限主键'),
  },
} as const;

const topMenuGrantBody = {
  type: 'object',
  required: ['topMenuIds', 'menuIds'],
  properties: { topMenuIds: { ...idArray('顶部菜单主键'), minItems: 1 }, menuIds: idArray('菜单主键') },
} as const;

export const roleRoutes: RoutePlugin = async (app) => {
  await app.register(roleResource.routes);
  const wire = (row: Row): Row => roleResource.toWire(row);

  app.get(
    `${prefix}/list`,
    {
      config: { access, record: { ...roleResource.record, ...TREE_ROW_FIELDS }, answers: 'rows' },
      schema: {
        tags,
        summary: '角色树 (可按名称/别名筛选)',
        querystring: filterQuery({ roleName: '角色名称', roleAlias: '角色别名' }),
      },
    },
    async (request) => {
      const rows = await treeRows(roleResource, app.ctx, request, request.query);
      const names = new Map(rows.map((row) => [String(row.id), String(row.roleName)]));
      return ok(forest(rows.map((row): Row => ({ ...wire(row), parentName: names.get(String(row.parentId)) ?? '' }))));
    },
  );

  app.get(
    `${prefix}/tree`,
    {
      config: { access: 'signedIn', record: TREE_NODE_RECORD, answers: 'rows' },
      schema: { tags, summary: '角色树节点 (选择用)' },
    },
    async (request) => ok(await nodeTree(roleResource, app.ctx, request, 'roleName')),
  );

  app.get(
    `${prefix}/tree-by-id`,
    {
      config: { access: 'signedIn', record: TREE_NODE_RECORD, answers: 'rows' },
      schema: {
        tags,
        summary: '上级角色可选的角色树 (不含该角色及其下级)',
        querystring: optionalId('roleId', '角色主键 (新增时不传)'),
      },
    },
    async (request) => {
      const { roleId } = request.query;
      const rows = await treeRows(roleResource, app.ctx, request);
      const links = rows.map((row) => ({ id: Number(row.id), parentId: Number(row.parentId) }));
      // A role cannot sit under itself or under one of its own descendants.
      const excluded = roleId ? descendantsOf([Number(roleId)], links) : new Set<number>();
      const allowed = rows.filter((row) => !excluded.has(Number(row.id)));
      return ok(nodeForest(allowed.map((row) => treeNode(Number(row.id), Number(row.parentId), String(row.roleName)))));
    },
  );

  app.get(
    `${prefix}/detail`,
    {
      config: { access, record: { ...roleResource.record, parentName: TREE_ROW_FIELDS.parentName }, answers: 'record' },
      schema: { tags, summary: '角色详情', querystring: idQuery },
    },
    async (request) =>
      ok(await detailWithParentName(roleResource, app.ctx, request, Number(request.query.id), 'roleName')),
  );

  app.post(
    `${prefix}/grant`,
    {
      config: { access, button: 'role_grant', answer: NOTHING },
      schema: { tags, summary: '角色授权 (替换所选角色的全部授权)', body: roleGrantBody },
    },
    async (request) => {
      await grantRoles(app.ctx, request, signedInUser(request.user), request.body);
      return done();
    },
  );

  app.post(
    '/blade-system/topmenu/grant',
    {
      config: { answer: NOTHING, access: { menu: 'topmenu' }, button: 'topmenu_setting' },
      schema: { tags: ['顶部菜单'], summary: '顶部菜单配置 (替换所选顶部菜单的菜单)', body: topMenuGrantBody },
    },
    async (request) => {
      await grantTopMenus(app.ctx, signedInUser(request.user), request.body);
      return done();
    },
  );
};
