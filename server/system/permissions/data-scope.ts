// The rows a caller may see of a menu's resource, from the data scopes (blade_scope_data) granted to its roles
// (blade_role_scope, category 1). Scope types follow the `data_scope_type` dictionary:
// 1 全部可见 all · 2 本人可见 own records · 3 所在机构可见 own department · 4 所在机构及子级可见 own department and
// below · 5 自定义 the departments listed in scopeValue (comma ids; BladeX's raw SQL is never executed).
// No scope granted for the menu means no restriction, as in BladeX. Several roles combine to the widest.
import type { FastifyRequest } from 'fastify';
import type { DataScope } from '../../platform/access.js';
import { departmentsAndBelow } from './departments.js';
import { isAdministrator } from './grants.js';
import { idList } from './id-list.js';

export const SCOPE_ALL = 1;
export const SCOPE_OWN = 2;
export const SCOPE_DEPT = 3;
export const SCOPE_DEPT_AND_BELOW = 4;
export const SCOPE_CUSTOM = 5;

/** Data scope category in blade_role_scope (2 is API scopes). */
export const DATA_SCOPE_CATEGORY = 1;

export async function dataScopeOf(request: FastifyRequest, menuCode: string): Promise<DataScope> {
  const user = request.user;
  if (!user) return { kind: 'own', userId: -1 };
  if (isAdministrator(user)) return { kind: 'all' };
  const roleIds = idList(user.roleId);
  if (roleIds.length === 0) return { kind: 'all' };
  const db = request.server.ctx.db;
  const scopes = await db
    .selectFrom('blade_scope_data as sd')
    .innerJoin('blade_role_scope as rs', (join) =>
      join.onRef('rs.scopeId', '=', 'sd.id').on('rs.scopeCategory', '=', DATA_SCOPE_CATEGORY),
    )
    .leftJoin('blade_menu as m', 'm.id', 'sd.menuId')
    .select(['sd.scopeType', 'sd.scopeValue'])
    .where('rs.roleId', 'in', roleIds)
    .where('sd.isDeleted', '=', 0)
    .where((eb) => eb.or([eb('m.code', '=', menuCode), eb('sd.resourceCode', '=', menuCode)]))
    .execute();
  if (scopes.length === 0 || scopes.some((scope) => scope.scopeType === SCOPE_ALL)) return { kind: 'all' };
  const ownDepts = idList(user.deptId);
  const deptIds = new Set<number>();
  let deptScoped = false;
  // Several roles may each grant "own department and below": the subtree is read once.
  let below: number[] | undefined;
  for (const scope of scopes) {
    if (scope.scopeType === SCOPE_DEPT) {
      deptScoped = true;
      for (const id of ownDepts) deptIds.add(id);
    } else if (scope.scopeType === SCOPE_DEPT_AND_BELOW) {
      deptScoped = true;
      below ??= await departmentsAndBelow(request.server.ctx, ownDepts);
      for (const id of below) deptIds.add(id);
    } else if (scope.scopeType === SCOPE_CUSTOM) {
      deptScoped = true;
      for (const id of idList(scope.scopeValue)) deptIds.add(id);
    }
  }
  if (deptScoped) return { kind: 'depts', deptIds: [...deptIds] };
  return { kind: 'own', userId: user.userId };
}
