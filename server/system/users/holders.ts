// Roles, departments and posts in use: a live user's comma list (`roleId`, `deptId`, `postId`) still names them.
import { listContains, listNames } from '../../platform/engine/comma-list.js';
import type { AnyTrx } from '../../platform/engine/types.js';

interface Held {
  /** The user column holding the comma list. */
  column: 'roleId' | 'deptId' | 'postId';
  /** The table the ids belong to, and the column naming a row there. */
  table: 'blade_role' | 'blade_dept' | 'blade_post';
  name: 'roleName' | 'deptName' | 'postName';
}

/** The names of those of `ids` some live user still holds, in the order of `ids`; two queries whatever the count. */
export async function namesHeldByUsers(db: AnyTrx, { column, table, name }: Held, ids: number[]): Promise<string[]> {
  const users = await db
    .selectFrom('blade_user')
    .select(column)
    .where('isDeleted', '=', 0)
    .where(listContains(column, ids))
    .execute();
  const held = ids.filter((id) => users.some((user) => listNames(user[column], id)));
  if (held.length === 0) return [];
  const rows = await db.selectFrom(table).select(['id', name]).where('id', 'in', held).execute();
  const names = new Map(rows.map((row) => [Number(row.id), row[name]]));
  return held.map((id) => String(names.get(id) ?? id));
}
