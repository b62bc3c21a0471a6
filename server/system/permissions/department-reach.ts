// The departments a caller's data scopes reach, for the organisation pickers (department tree, a company's unit): the
// widest of the data scopes granted to its roles on any screen. A caller with no data scope, or one 全部可见 scope,
// reaches every department; 本人可见 alone reaches the caller's own departments.
import type { FastifyRequest } from 'fastify';
import { DATA_SCOPE_CATEGORY, SCOPE_ALL, SCOPE_CUSTOM, SCOPE_DEPT_AND_BELOW } from './data-scope.js';
import { departmentsAndBelow } from './departments.js';
import { isAdministrator } from './grants.js';
import { idList } from './id-list.js';

/** undefined: every department; else the ids of the departments reached. */
export async function departmentReach(request: FastifyRequest): Promise<Set<number> | undefined> {
  const user = request.user;
  if (!user) return new Set();
  if (isAdministrator(user)) return undefined;
  const roleIds = idList(user.roleId);
  if (roleIds.length === 0) return undefined;
  const scopes = await request.server.ctx.db
    .selectFrom('blade_scope_data as sd')
    .innerJoin('blade_role_scope as rs', (join) =>
      join.onRef('rs.scopeId', '=', 'sd.id').on('rs.scopeCategory', '=', DATA_SCOPE_CATEGORY),
    )
    .select(['sd.scopeType', 'sd.scopeValue'])
    .where('rs.roleId', 'in', roleIds)
    .where('sd.isDeleted', '=', 0)
    .execute();
  if (scopes.length === 0 || scopes.some((scope) => scope.scopeType === SCOPE_ALL)) return undefined;
  // 本机构可见 and 本人可见 reach the caller's own departments.
  const own = idList(user.deptId);
  const reach = new Set(own);
  if (scopes.some((scope) => scope.scopeType === SCOPE_DEPT_AND_BELOW)) {
    for (const id of await departmentsAndBelow(request.server.ctx, own)) reach.add(id);
  }
  for (const scope of scopes) {
    if (scope.scopeType === SCOPE_CUSTOM) for (const id of idList(scope.scopeValue)) reach.add(id);
  }
  return reach;
}
