// Reads of tree tables (menus, roles, departments) through the engine: the caller's filters as contract §3 keys,
// live rows only, siblings in `sort` order.
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../platform/context.js';
import { filterConditions, PAGING_KEYS } from '../../platform/engine/filters.js';
import type { Resource } from '../../platform/engine/resource.js';
import type { Row } from '../../platform/engine/types.js';
import { nodeForest, type TreeNode, treeNode } from './tree.js';

/** Query keys a tree call reads itself, never as filters. */
const TREE_KEYS = new Set([...PAGING_KEYS, 'parentId']);

export async function treeRows(
  resource: Resource,
  ctx: AppContext,
  request: FastifyRequest,
  query: Record<string, unknown> = {},
): Promise<Row[]> {
  let select = await resource.visible(ctx, request);
  for (const where of filterConditions(query, resource.fields, ctx.dialect, TREE_KEYS)) select = select.where(where);
  return select.selectAll().orderBy('sort', 'asc').orderBy('id', 'asc').execute();
}

/** The caller's visible rows as a selection tree of nodes titled by `nameColumn`. */
export async function nodeTree(
  resource: Resource,
  ctx: AppContext,
  request: FastifyRequest,
  nameColumn: string,
): Promise<TreeNode[]> {
  const rows = await treeRows(resource, ctx, request);
  return nodeForest(rows.map((row) => treeNode(Number(row.id), Number(row.parentId), String(row[nameColumn]))));
}

/** True when the query carries any filter besides paging and parentId. */
export const hasFilters = (query: Record<string, unknown>): boolean =>
  Object.entries(query).some(([key, value]) => !TREE_KEYS.has(key) && value !== undefined && value !== '');

/** The ids among `ids` that have live children in the table. */
export async function parentsAmong(ctx: AppContext, table: 'blade_menu' | 'blade_dept' | 'blade_role', ids: number[]) {
  if (ids.length === 0) return new Set<number>();
  const rows = await ctx.db
    .selectFrom(table)
    .select('parentId')
    .where('parentId', 'in', ids)
    .where('isDeleted', '=', 0)
    .groupBy('parentId')
    .execute();
  return new Set(rows.map((row) => Number(row.parentId)));
}

/** A stored row by id in wire form with the name of its live parent (`parentName`, "" for a root). */
export async function detailWithParentName(
  resource: Resource,
  ctx: AppContext,
  request: FastifyRequest,
  id: number,
  nameColumn: string,
): Promise<Row> {
  const row = await resource.find(ctx, request, id);
  const parent = await resource
    .db(ctx)
    .selectFrom(resource.definition.table)
    .select(nameColumn)
    .where('id', '=', Number(row.parentId))
    .where('isDeleted', '=', 0)
    .executeTakeFirst();
  return { ...resource.toWire(row), parentName: String(parent?.[nameColumn] ?? '') };
}
