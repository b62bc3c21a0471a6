// Department subtrees, computed from parent links (not the stored `ancestors` text) so a moved department is always
// counted where it now sits. Departments are few, so one query over all of them is cheap.
import type { AppContext } from '../../platform/context.js';
import { descendantsOf } from '../../platform/engine/tree.js';

/** The given departments and every department below them. */
export async function departmentsAndBelow(ctx: AppContext, rootIds: number[]): Promise<number[]> {
  if (rootIds.length === 0) return [];
  const rows = await ctx.db.selectFrom('blade_dept').select(['id', 'parentId']).where('isDeleted', '=', 0).execute();
  return [...descendantsOf(rootIds, rows)];
}
