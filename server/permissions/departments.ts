// Department subtrees, computed from parent links (not the stored `ancestors` text) so a moved department is always
// counted where it now sits. Departments are few, so one query over all of them is cheap.
import type { AppContext } from '../context.js';

/** The given departments and every department below them. */
export async function departmentsAndBelow(ctx: AppContext, rootIds: number[]): Promise<number[]> {
  if (rootIds.length === 0) return [];
  const rows = await ctx.db.selectFrom('blade_dept').select(['id', 'parentId']).where('isDeleted', '=', 0).execute();
  const children = new Map<number, number[]>();
  for (const row of rows) {
    const siblings = children.get(row.parentId) ?? [];
    siblings.push(row.id);
    children.set(row.parentId, siblings);
  }
  const found = new Set<number>(rootIds);
  const queue = [...rootIds];
  while (queue.length > 0) {
    const id = queue.pop() as number;
    for (const child of children.get(id) ?? []) {
      if (!found.has(child)) {
        found.add(child);
        queue.push(child);
      }
    }
  }
  return [...found];
}
