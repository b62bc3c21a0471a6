// Columns holding a comma list of ids as text ("1", "1,2", "2,1,3"), as users keep their roles and departments.
import { type Expression, type ExpressionBuilder, type SqlBool, sql } from 'kysely';
import type { Row } from './types.js';

/** Rows whose comma list `column` names at least one of `ids` (none: no row). */
export function listContains<TB extends string>(column: string, ids: number[]) {
  return (eb: ExpressionBuilder<Record<string, Row>, TB>): Expression<SqlBool> => {
    if (ids.length === 0) return sql<SqlBool>`1 = 0`;
    return eb.or(ids.map((id) => eb(sql<string>`(',' || ${sql.ref(column)} || ',')`, 'like', `%,${id},%`)));
  };
}

/** Whether the stored comma list names `id`, read the way `listContains` matches it. */
export const listNames = (list: unknown, id: number): boolean =>
  typeof list === 'string' && list.split(',').includes(String(id));
