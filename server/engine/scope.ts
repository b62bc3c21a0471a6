// The caller's data scope as a condition on rows that carry `createDept` / `createUser`.

import type { FastifyRequest } from 'fastify';
import type { Expression, ExpressionBuilder, SqlBool } from 'kysely';
import { dataScopeOf } from '../permissions/data-scope.js';
import type { Row, ScopeDept } from './types.js';

export type ScopeWhere = ((eb: ExpressionBuilder<Record<string, Row>, string>) => Expression<SqlBool>) | null;

export async function scopeWhere(
  request: FastifyRequest,
  menu: string,
  dept: ScopeDept = 'createDept',
): Promise<ScopeWhere> {
  const scope = await dataScopeOf(request, menu);
  if (scope.kind === 'all') return null;
  if (scope.kind === 'own') return (eb) => eb('createUser', '=', scope.userId);
  // No department at all means no rows, not all rows.
  if (scope.deptIds.length === 0) return (eb) => eb.lit(false);
  const { deptIds } = scope;
  if (typeof dept === 'string') return (eb) => eb(dept, 'in', deptIds);
  return (eb) =>
    eb(
      dept.link,
      'in',
      eb.selectFrom(dept.table).select('id').where(dept.column, 'in', deptIds).where('isDeleted', '=', 0),
    );
}
