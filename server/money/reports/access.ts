// What a figure may count: nothing unless the caller holds the menu of the list the figure links to, and then only
// the rows that list would show them (the menu's data scope).
import type { FastifyRequest } from 'fastify';
import { type ScopeWhere, scopeWhere } from '../../platform/engine/scope.js';
import type { ScopeDept } from '../../platform/engine/types.js';
import { dataScopeOf } from '../../system/permissions/data-scope.js';
import { holdsCode } from '../../system/permissions/grants.js';

export async function seesList(request: FastifyRequest, menu: string): Promise<boolean> {
  const user = request.user;
  return user !== null && (await holdsCode(request.server.ctx, user, menu));
}

/** `undefined`: the caller does not see that list, so the figure is left out. */
export async function figureScope(
  request: FastifyRequest,
  menu: string,
  dept: ScopeDept,
): Promise<ScopeWhere | undefined> {
  return (await seesList(request, menu)) ? scopeWhere(request, menu, dept) : undefined;
}

/**
 * The order list's data scope as a condition on the daily figures, which carry the order's department; `undefined`
 * without the list. Orders are created by customers, never by a staff user, so a scope of one's own rows holds none.
 */
export async function orderFigureScope(request: FastifyRequest): Promise<ScopeWhere | undefined> {
  if (!(await seesList(request, 'order'))) return undefined;
  const scope = await dataScopeOf(request, 'order');
  if (scope.kind === 'all') return null;
  const deptIds = scope.kind === 'depts' ? scope.deptIds : [];
  return (eb) => (deptIds.length === 0 ? eb.lit(false) : eb('biz_day_figure.deptId', 'in', deptIds));
}
