// The caller's data scope as a condition on rows that carry `createDept` / `createUser`.

import type { FastifyRequest } from 'fastify';
import { type Expression, type ExpressionBuilder, type SqlBool, sql } from 'kysely';
import type { Row, ScopeDept } from './types.js';

export type ScopeWhere = ((eb: ExpressionBuilder<Record<string, Row>, string>) => Expression<SqlBool>) | null;

/** The linked table's alias inside a list scope's subquery, apart from the row's own table. */
const LINKED = 'scope_link';

export async function scopeWhere(
  request: FastifyRequest,
  menu: string,
  dept: ScopeDept = 'createDept',
): Promise<ScopeWhere> {
  const scope = await request.server.access.dataScopeOf(request, menu);
  if (scope.kind === 'all') return null;
  if (scope.kind === 'own') return (eb) => eb('createUser', '=', scope.userId);
  // No department at all means no rows, not all rows.
  if (scope.deptIds.length === 0) return (eb) => eb.lit(false);
  const { deptIds } = scope;
  if (typeof dept === 'string') return (eb) => eb(dept, 'in', deptIds);
  if ('list' in dept) {
    // Any linked row in scope will do: matched on whole items of the list, so site 1 never matches site 11.
    return (eb) =>
      eb.exists(
        eb
          .selectFrom(`${dept.table} as ${LINKED}`)
          .select(`${LINKED}.id`)
          .where(`${LINKED}.${dept.column}`, 'in', deptIds)
          .where(`${LINKED}.isDeleted`, '=', 0)
          .where(
            sql<string>`',' || ${sql.ref(dept.list)} || ','`,
            'like',
            sql<string>`'%,' || cast(${sql.ref(`${LINKED}.id`)} as varchar(20)) || ',%'`,
          ),
      );
  }
  return (eb) =>
    eb(
      dept.link,
      'in',
      eb.selectFrom(dept.table).select('id').where(dept.column, 'in', deptIds).where('isDeleted', '=', 0),
    );
}
