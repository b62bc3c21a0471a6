// A beforeSave hook refusing a value another live row already holds (e.g. 参数键名已存在); also a check before a
// write is filed for approval. A partial unique index (migration 0004) backs it against two writers racing.
import { badRequest } from '../http/envelope.js';
import type { AnyDb, Row } from './types.js';

export function unique(table: string, field: string, message: string) {
  return async ({ db, row, existing }: { db: AnyDb; row: Row; existing: Row | null }): Promise<void> => {
    const value = row[field];
    if (value === undefined || value === null || (existing && existing[field] === value)) return;
    let query = db.selectFrom(table).select('id').where(field, '=', value).where('isDeleted', '=', 0);
    if (existing) query = query.where('id', '<>', existing.id);
    if (await query.executeTakeFirst()) throw badRequest(message);
  };
}
