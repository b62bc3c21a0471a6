// BladeX sends an empty number as -1 (contract §2) and its clients send it back unchanged. For an enumerated number
// field without -1 among its values (a sex, a platform), -1 means "empty" and is read as null before the body is
// validated, so saving an unchanged record never trips over its own empty fields. A bounded number whose bounds do
// not admit -1 (a port, an amount) is read so only where it is what the client was given: an update of a row whose
// stored value is empty leaves the field as it is. Anywhere else a -1 there may be a typed value, and the bound
// refuses it by name.
import type { FastifyRequest } from 'fastify';
import { fieldsOf } from '../http/route-plugin.js';
import { anyDb, type FieldSpec, type Fields } from './types.js';

const WIRE_EMPTY = -1;

const optionalInteger = (spec: FieldSpec): boolean => spec.type === 'integer' && !spec.required && !spec.readOnly;

const meansEmpty = (spec: FieldSpec): boolean =>
  optionalInteger(spec) && spec.enum !== undefined && !spec.enum.includes(WIRE_EMPTY);

/** Bounded above -1 (the engine's integers are bounded by default only at 32 bits). */
const boundedAboveEmpty = (spec: FieldSpec): boolean =>
  optionalInteger(spec) && spec.enum === undefined && spec.minimum !== undefined && spec.minimum > WIRE_EMPTY;

const isWireEmpty = (value: unknown): boolean => value === WIRE_EMPTY || value === String(WIRE_EMPTY);

type Body = Record<string, unknown>;

/** The fields of an update of `table` sent as -1 whose stored value is empty: left out, so they stay empty. */
async function keepStoredEmpty(request: FastifyRequest, body: Body, table: string, names: string[]): Promise<void> {
  const sent = names.filter((name) => isWireEmpty(body[name]));
  const id = typeof body.id === 'string' && /^[0-9]{1,16}$/.test(body.id) ? Number(body.id) : null;
  if (sent.length === 0 || id === null) return;
  const stored = await anyDb(request.server.ctx).selectFrom(table).select(sent).where('id', '=', id).executeTakeFirst();
  if (!stored) return;
  for (const name of sent) if (stored[name] === null) delete body[name];
}

/**
 * The preValidation hook of a write call over `fields`: -1 becomes null in the fields where it means empty; with
 * the resource's `table`, a -1 sent back for a bounded field whose stored value is empty leaves it unchanged.
 */
export function wireEmptyNumbers(fields: Fields, table?: string) {
  const entries = Object.entries(fields);
  const empties = entries.filter(([, spec]) => meansEmpty(spec)).map(([name]) => name);
  const bounded = entries.filter(([, spec]) => boundedAboveEmpty(spec)).map(([name]) => name);
  return async (request: FastifyRequest): Promise<void> => {
    const body = fieldsOf(request.body);
    if (!body) return;
    for (const name of empties) if (isWireEmpty(body[name])) body[name] = null;
    if (table && bounded.length > 0) await keepStoredEmpty(request, body, table, bounded);
  };
}
