// Tables whose rows hang under a parent row by `parentId` (menus, roles, departments, dictionaries): the live
// links a save checks a new parent against, and the removal guard every such table shares.
import { badRequest } from '../http/envelope.js';
import type { AnyTrx, RemoveEvent, Row } from './types.js';

export const MSG_HAS_CHILDREN = '请先删除子节点!';

export interface Link {
  id: number;
  parentId: number;
}

/** The live rows of a linked table: id and parentId as numbers, `columns` as stored. */
export async function liveLinks(db: AnyTrx, table: string, columns: string[]): Promise<Array<Link & Row>> {
  const rows: Row[] = await db
    .selectFrom(table)
    .select(['id', 'parentId', ...columns])
    .where('isDeleted', '=', 0)
    .execute();
  return rows.map((row) => ({ ...row, id: Number(row.id), parentId: Number(row.parentId) }));
}

/** The ids of `rootIds` and of every row below them. */
export function descendantsOf(rootIds: number[], rows: Link[]): Set<number> {
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
  return found;
}

/** Refuses a value of `field` (a menu code, a role alias) that another live row of the table already holds. */
export function refuseTaken(links: Array<Link & Row>, row: Row, existing: Row | null, field: string, taken: string) {
  const id = existing ? Number(existing.id) : null;
  const value = row[field] ?? existing?.[field];
  if (links.some((link) => String(link[field]) === value && link.id !== id)) throw badRequest(taken);
}

/** The settled parent of a saved row, 0 for a root: a cleared parent, or none given on add, becomes 0 in `row`. */
export function parentIdOf(row: Row, existing: Row | null): number {
  if (row.parentId === null || (!existing && row.parentId === undefined)) row.parentId = 0;
  return Number(row.parentId ?? existing?.parentId ?? 0);
}

/** The live parent row (undefined for a root), or the `missing` refusal. */
export function parentAmong<T extends Link>(links: T[], parentId: number, missing: string): T | undefined {
  if (parentId === 0) return undefined;
  const parent = links.find((link) => link.id === parentId);
  if (!parent) throw badRequest(missing);
  return parent;
}

/** Refuses moving a stored row under itself or under a row below it. */
export function refuseLoop(links: Link[], existing: Row | null, parentId: number, loop: string): void {
  if (existing && descendantsOf([Number(existing.id)], links).has(parentId)) throw badRequest(loop);
}

/**
 * A beforeRemove hook refusing to remove a row that still has live children. Children removed in the same call
 * do not count, unless `alongside` is 'refused' (dictionaries: a root goes only once its items are gone).
 */
export function refuseParentsWithChildren(table: string, alongside: 'allowed' | 'refused' = 'allowed') {
  return async ({ db, ids }: Pick<RemoveEvent, 'db' | 'ids'>): Promise<void> => {
    let children = db.selectFrom(table).select('id').where('parentId', 'in', ids).where('isDeleted', '=', 0);
    if (alongside === 'allowed') children = children.where('id', 'not in', ids);
    if (await children.executeTakeFirst()) throw badRequest(MSG_HAS_CHILDREN);
  };
}
