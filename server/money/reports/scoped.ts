// Applies a data scope to a typed query. Orders carry their site's department; equipment, faults and beds reach it
// through their site.
import type { SelectQueryBuilder } from 'kysely';
import type { ScopeWhere } from '../../platform/engine/scope.js';
import type { ScopeDept } from '../../platform/engine/types.js';

export const ORDER_DEPT: ScopeDept = 'biz_order.deptId';
export const SITE_DEPT: ScopeDept = { link: 'siteId', table: 'biz_site', column: 'deptId' };

// biome-ignore lint/suspicious/noExplicitAny: a scope condition is written for any table that carries the columns it names
export function scoped<Q extends SelectQueryBuilder<any, any, any>>(query: Q, scope: ScopeWhere): Q {
  return (scope ? query.where(scope as never) : query) as Q;
}
