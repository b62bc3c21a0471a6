// What a figure may count: nothing unless the caller holds the menu of the list the figure links to, and then only
// the rows that list would show them (the menu's data scope).
import type { FastifyRequest } from 'fastify';
import { type ScopeWhere, scopeWhere } from '../engine/scope.js';
import type { ScopeDept } from '../engine/types.js';
import { holdsCode } from '../permissions/grants.js';

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
