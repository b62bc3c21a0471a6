// BladeX serialization (contract §2): ids as strings, null text/date → "", null number → -1, null list → [],
// dates as `yyyy-MM-dd HH:mm:ss`. An absent id is "" so clients can always compare ids as strings.
import { formatDateTime } from '../db/time.js';
import type { Fields, FieldType, Row } from './types.js';

type Convert = (value: unknown) => unknown;

const idOf: Convert = (value) => (value === null || value === undefined ? '' : String(value));
const textOf: Convert = (value) => (value === null || value === undefined ? '' : value);
const integerOf: Convert = (value) => (value === null || value === undefined ? -1 : Number(value));
const dateTimeOf: Convert = (value) => {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return formatDateTime(value);
  return String(value).slice(0, 19);
};
const idsOf: Convert = textOf;

const converters: Record<FieldType, Convert> = {
  id: idOf,
  ids: idsOf,
  text: textOf,
  integer: integerOf,
  datetime: dateTimeOf,
};

/** Values the declared fields do not cover: lists stay lists, null becomes "". */
function looseOf(value: unknown): unknown {
  if (value === null || value === undefined) return '';
  if (typeof value === 'bigint') return value.toString();
  return value;
}

export type WireSerializer = (row: Row) => Row;

/** A serializer compiled once per field set: per row it is one loop over the row's keys; `hidden` fields (a
 * password) never leave. */
export function wireSerializer(fields: Fields, hidden: readonly string[] = []): WireSerializer {
  const table = new Map<string, Convert>();
  const skip = new Set(hidden);
  for (const [name, spec] of Object.entries(fields)) table.set(name, converters[spec.type]);
  return (row) => {
    const out: Row = {};
    for (const key in row) {
      if (skip.has(key)) continue;
      const convert = table.get(key);
      out[key] = convert ? convert(row[key]) : looseOf(row[key]);
    }
    return out;
  };
}

const cache = new WeakMap<Fields, WireSerializer>();

/** One row in wire form; fields absent from `fields` pass through with null → "". */
export function toWire(row: Row, fields: Fields): Row {
  let serialize = cache.get(fields);
  if (!serialize) {
    serialize = wireSerializer(fields);
    cache.set(fields, serialize);
  }
  return serialize(row);
}
