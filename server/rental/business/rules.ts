// Checks the rental resources share: the value a save leaves, links to live rows, and rows still in use.
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../platform/context.js';
import type { Resource } from '../../platform/engine/resource.js';
import type { AnyDb, AnyTrx, Row, SaveEvent, ValidateEvent } from '../../platform/engine/types.js';
import { badRequest } from '../../platform/http/envelope.js';

/** The value a save leaves in a field: the one sent, else the stored one (null on an add that omits it). */
export const savedValue = (event: SaveEvent | ValidateEvent, field: string): unknown =>
  field in event.row ? event.row[field] : (event.existing?.[field] ?? null);

/** Whether a save touches a field (every field counts on an add). */
export const touches = (event: SaveEvent | ValidateEvent, ...fields: string[]): boolean =>
  !event.existing || fields.some((field) => field in event.row);

export interface LinkMessages {
  /** The field's required message, for a link cleared to nothing (请选择站点). */
  missing: string;
  /** For a link to a row that does not exist or the caller may not see (站点不存在). */
  unknown: string;
}

/**
 * The live row a link field names, among the rows the caller may see of `target`: a scoped site manager cannot
 * file equipment under another company's site.
 */
export async function linkedRow(
  ctx: AppContext,
  request: FastifyRequest,
  target: Resource,
  id: unknown,
  messages: LinkMessages,
): Promise<Row> {
  if (id === null || id === undefined || id === '') throw badRequest(messages.missing);
  const row = await (await target.visible(ctx, request)).selectAll().where('id', '=', Number(id)).executeTakeFirst();
  if (!row) throw badRequest(messages.unknown);
  return row;
}

/** The row a link field names when the save touches that field (every field on an add), else null. */
export async function linkWhenTouched(
  event: ValidateEvent,
  field: string,
  target: Resource,
  messages: LinkMessages,
): Promise<Row | null> {
  if (!touches(event, field)) return null;
  return linkedRow(event.ctx, event.request, target, savedValue(event, field), messages);
}

/** Refuses removing rows that live rows of `table` still point at through `column`. */
export async function refuseInUse(
  db: AnyDb | AnyTrx,
  table: string,
  column: string,
  ids: number[],
  message: string,
): Promise<void> {
  const user = await db
    .selectFrom(table)
    .select('id')
    .where(column, 'in', ids)
    .where('isDeleted', '=', 0)
    .limit(1)
    .executeTakeFirst();
  if (user) throw badRequest(message);
}

/** A beforeSave refusing a row whose key fields (together) another live row already holds, e.g. a room number
 * within its ward. */
export function refuseSameKey(table: string, keys: string[], message: string) {
  return async (event: SaveEvent): Promise<void> => {
    if (!touches(event, ...keys)) return;
    let query = event.db.selectFrom(table).select('id').where('isDeleted', '=', 0);
    for (const key of keys) query = query.where(key, '=', savedValue(event, key) as string | number);
    if (event.existing) query = query.where('id', '<>', Number(event.existing.id));
    if (await query.executeTakeFirst()) throw badRequest(message);
  };
}

/** A time window whose end must come after its start (both as saved, `yyyy-MM-dd HH:mm:ss` sorting as text). */
export function checkWindow(event: SaveEvent | ValidateEvent, start: string, end: string, message: string): void {
  if (!touches(event, start, end)) return;
  const from = savedValue(event, start);
  const to = savedValue(event, end);
  const moment = (value: unknown): string => String(value).replace('T', ' ').slice(0, 19);
  if (from && to && moment(to) <= moment(from)) throw badRequest(message);
}
