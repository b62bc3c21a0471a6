// The department tree the pickers offer (dept/tree): only the departments the caller's data scopes reach, and on
// request only a company's units (a site's 管理机构) or only the units no other company owns (a company's 所属机构).
// Among free units, an owned unit above a free one stays in the tree, disabled, so the tree keeps its shape.
// Served here, under the system's department URL and tag, because the system knows no companies.
import type { FastifyRequest } from 'fastify';
import type { FromSchema } from 'json-schema-to-ts';
import type { AppContext } from '../../platform/context.js';
import { ID_PATTERN } from '../../platform/engine/schemas.js';
import { badRequest, ok } from '../../platform/http/envelope.js';
import type { RoutePlugin } from '../../platform/http/route-plugin.js';
import { deptResource } from '../../system/depts/resource.js';
import { treeRows } from '../../system/menus/query.js';
import { nodeForest, TREE_NODE_RECORD, type TreeNode, treeNode, withAncestors } from '../../system/menus/tree.js';
import { departmentReach } from '../../system/permissions/department-reach.js';
import { departmentsAndBelow } from '../../system/permissions/departments.js';
import { companies } from './company.js';

const pickerQuery = {
  type: 'object',
  properties: {
    companyId: {
      type: 'string',
      pattern: ID_PATTERN,
      description: '所属公司主键: 只列该公司的机构及其下级 (与 free 同用时: 正在编辑的公司, 其自己的机构照常可选)',
    },
    free: { type: 'boolean', description: 'true: 只列没有其他公司拥有的机构 (新建公司选所属机构)' },
  },
} as const;

type PickerQuery = FromSchema<typeof pickerQuery>;

/** The company a picker names, among those the caller may see. */
async function namedCompany(ctx: AppContext, request: FastifyRequest, id: string) {
  const company = await (await companies.visible(ctx, request))
    .select(['id', 'deptId'])
    .where('id', '=', Number(id))
    .executeTakeFirst();
  if (!company) throw badRequest('所属公司不存在');
  return company;
}

/** The units other companies own (all companies' when `except` is undefined). */
async function ownedUnits(ctx: AppContext, except: number | undefined): Promise<Set<number>> {
  let owners = ctx.db.selectFrom('biz_company').select('deptId').where('isDeleted', '=', 0);
  if (except !== undefined) owners = owners.where('id', '<>', except);
  return new Set((await owners.execute()).map((row) => Number(row.deptId)));
}

async function pickerTree(ctx: AppContext, request: FastifyRequest, query: PickerQuery): Promise<TreeNode[]> {
  const reach = await departmentReach(request);
  const rows = (await treeRows(deptResource, ctx, request)).filter((row) => !reach || reach.has(Number(row.id)));
  let offered = rows.map((row) => Number(row.id));
  const company = query.companyId ? await namedCompany(ctx, request, query.companyId) : undefined;
  if (query.free) {
    const owned = await ownedUnits(ctx, company ? Number(company.id) : undefined);
    offered = offered.filter((id) => !owned.has(id));
  } else if (company) {
    const units = new Set(await departmentsAndBelow(ctx, [Number(company.deptId)]));
    offered = offered.filter((id) => units.has(id));
  }
  const choosable = new Set(offered);
  // A company's units hang from its own unit; free units keep the owned units above them for their place.
  const shown = query.free
    ? withAncestors(choosable, new Map(rows.map((row) => [Number(row.id), Number(row.parentId)])))
    : choosable;
  return nodeForest(
    rows
      .filter((row) => shown.has(Number(row.id)))
      .map((row) => {
        const node = treeNode(Number(row.id), Number(row.parentId), String(row.deptName));
        return choosable.has(Number(row.id)) ? node : { ...node, disabled: true };
      }),
  );
}

export const deptPickerRoutes: RoutePlugin = async (app) => {
  app.get(
    '/blade-system/dept/tree',
    {
      config: { access: 'signedIn', record: TREE_NODE_RECORD, answers: 'rows' },
      schema: { tags: ['机构'], summary: '机构树节点 (选择用, 限数据权限内)', querystring: pickerQuery },
    },
    async (request) => ok(await pickerTree(app.ctx, request, request.query)),
  );
};
