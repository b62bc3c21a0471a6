// /api/blade-system/dept: the department tree and its lazy forms, page, detail, superior chain, add/edit/remove. The
// pickers' tree (dept/tree), which knows companies, is the rental area's (rental/business/dept-picker.ts).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ID_PATTERN, idQuery } from '../../platform/engine/schemas.js';
import type { Row } from '../../platform/engine/types.js';
import { notFound, ok } from '../../platform/http/envelope.js';
import type { RoutePlugin } from '../../platform/http/route-plugin.js';
import { hasFilters, parentsAmong, treeRows } from '../menus/query.js';
import { filterQuery, lazyQuery, optionalId } from '../menus/schemas.js';
import { forest, TREE_NODE_RECORD, TREE_ROW_FIELDS, treeNode } from '../menus/tree.js';
import { idList } from '../permissions/id-list.js';
import { deptResource } from './resource.js';

const tags = ['机构'];
const access = { menu: 'dept' };
const prefix = '/blade-system/dept';
const filters = { deptName: '机构名称', fullName: '机构全称' };

type Query = Record<string, unknown>;

const wire = (row: Row, names: Map<string, string>): Row => ({
  ...deptResource.toWire(row),
  parentName: names.get(String(row.parentId)) ?? '',
});

async function deptNames(request: FastifyRequest, app: FastifyInstance) {
  const rows = await treeRows(deptResource, app.ctx, request);
  return new Map(rows.map((row) => [String(row.id), String(row.deptName)]));
}

/** One level of the tree (or every match when filtering without parentId), each row saying if it has children. */
async function level(request: FastifyRequest, app: FastifyInstance, query: Query): Promise<Row[]> {
  let rows = await treeRows(deptResource, app.ctx, request, query);
  if (query.parentId !== undefined || !hasFilters(query)) {
    const parentId = Number(query.parentId ?? 0);
    rows = rows.filter((row) => Number(row.parentId) === parentId);
  }
  const parents = await parentsAmong(
    app.ctx,
    'blade_dept',
    rows.map((row) => Number(row.id)),
  );
  return rows.map((row) => ({ ...row, hasChildren: parents.has(Number(row.id)) }));
}

export const deptRoutes: RoutePlugin = async (app) => {
  await app.register(deptResource.routes);

  app.get(
    `${prefix}/list`,
    {
      config: { access, record: { ...deptResource.record, ...TREE_ROW_FIELDS }, answers: 'rows' },
      schema: { tags, summary: '机构树 (可按名称筛选)', querystring: filterQuery(filters) },
    },
    async (request) => {
      const rows = await treeRows(deptResource, app.ctx, request, request.query);
      const names = await deptNames(request, app);
      return ok(forest(rows.map((row) => wire(row, names))));
    },
  );

  app.get(
    `${prefix}/lazy-list`,
    {
      config: { access, record: { ...deptResource.record, ...TREE_ROW_FIELDS }, answers: 'rows' },
      schema: { tags, summary: '机构懒加载列表', querystring: lazyQuery(filters) },
    },
    async (request) => {
      const names = await deptNames(request, app);
      return ok(
        (await level(request, app, request.query)).map((row) => ({
          ...wire(row, names),
          hasChildren: row.hasChildren,
        })),
      );
    },
  );

  app.get(
    `${prefix}/detail`,
    {
      config: { access, record: { ...deptResource.record, parentName: TREE_ROW_FIELDS.parentName }, answers: 'record' },
      schema: { tags, summary: '机构详情', querystring: idQuery },
    },
    async (request) => {
      const dept = await deptResource.find(app.ctx, request, Number(request.query.id));
      return ok(wire(dept, await deptNames(request, app)));
    },
  );

  app.get(
    `${prefix}/superior`,
    {
      config: {
        access: 'signedIn',
        record: { ...deptResource.record, parentName: TREE_ROW_FIELDS.parentName },
        answers: 'rows',
      },
      schema: {
        tags,
        summary: '上级机构链: 从顶层到直接上级 (site = 机构主键, 如站点所属机构)',
        querystring: {
          type: 'object',
          required: ['site'],
          properties: { site: { type: 'string', pattern: ID_PATTERN, description: '机构主键' } },
        },
      },
    },
    async (request) => {
      const rows = await treeRows(deptResource, app.ctx, request);
      const dept = rows.find((row) => String(row.id) === request.query.site);
      if (!dept) throw notFound('机构不存在');
      const names = new Map(rows.map((row) => [String(row.id), String(row.deptName)]));
      const byId = new Map(rows.map((row) => [Number(row.id), row]));
      const chain = idList(String(dept.ancestors ?? ''))
        .map((id) => byId.get(id))
        .filter((row): row is Row => row !== undefined);
      return ok(chain.map((row) => wire(row, names)));
    },
  );

  app.get(
    `${prefix}/lazy-tree`,
    {
      config: { access: 'signedIn', record: TREE_NODE_RECORD, answers: 'rows' },
      schema: { tags, summary: '机构懒加载树节点', querystring: optionalId('parentId', '上级主键, 0 为顶层') },
    },
    async (request) => {
      const rows = await level(request, app, request.query);
      return ok(
        rows.map((row) => ({
          ...treeNode(Number(row.id), Number(row.parentId), String(row.deptName)),
          hasChildren: Boolean(row.hasChildren),
        })),
      );
    },
  );
};
