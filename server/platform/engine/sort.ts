// `ascs` / `descs`: comma lists of camelCase or snake_case field names, each checked against the resource's
// sortable fields so no name from the query ever reaches SQL unchecked.
import { badRequest } from '../http/envelope.js';
import { camelCase } from './filters.js';
import type { Fields } from './types.js';

export type Order = Array<[string, 'asc' | 'desc']>;

function names(key: 'ascs' | 'descs', list: unknown, fields: Fields): string[] {
  if (list === undefined || list === null || list === '') return [];
  return String(list)
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean)
    .map((name) => {
      const field = camelCase(name);
      const spec = fields[field];
      if (!/^[A-Za-z][A-Za-z0-9_]*$/.test(name) || !spec || spec.sortable === false) {
        throw badRequest(`${key} 不支持按 ${name} 排序`);
      }
      return field;
    });
}

/** The order the caller asked for, else the resource's default; `id desc` last keeps pages stable. */
export function orderOf(query: Record<string, unknown>, fields: Fields, fallback: Order, hasId: boolean): Order {
  const asked: Order = [
    ...names('ascs', query.ascs, fields).map((field): [string, 'asc'] => [field, 'asc']),
    ...names('descs', query.descs, fields).map((field): [string, 'desc'] => [field, 'desc']),
  ];
  const order = asked.length ? asked : [...fallback];
  if (hasId && !order.some(([field]) => field === 'id')) order.push(['id', 'desc']);
  return order;
}
