// A list call naming a filter its route does not declare is refused, naming the key and the nearest declared one:
// a misspelt `phoneNumbr_equal` would otherwise filter nothing and answer every row as if it had matched.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { closest } from '../../../runtime/schema/closest.js';
import { badRequest } from '../http/envelope.js';
import { fieldsOf } from '../http/route-plugin.js';
import { camelCase, PAGING_KEYS, SUFFIXES } from './filters.js';

/** The keys a list route takes: its declared filters (each with any suffix), paging and its querystring's own. */
function declaredKeys(request: FastifyRequest): { filters: Set<string>; plain: Set<string> } | null {
  const { config, schema } = request.routeOptions;
  if (!config.filters) return null;
  const querystring = schema?.querystring as { properties?: Record<string, unknown> } | undefined;
  return {
    filters: new Set(config.filters),
    plain: new Set([...PAGING_KEYS, ...Object.keys(querystring?.properties ?? {})]),
  };
}

/** The key's field and suffix, as the engine reads it: `phoneNumber_equal` → `phoneNumber`, `equal`. */
function split(key: string): { field: string; suffix: string | null } {
  const cut = key.lastIndexOf('_');
  const suffix = cut > 0 ? key.slice(cut + 1).toLowerCase() : '';
  return SUFFIXES.has(suffix) ? { field: key.slice(0, cut), suffix } : { field: key, suffix: null };
}

function refuseUnknown(key: string, filters: Set<string>, plain: Set<string>): void {
  if (plain.has(key) || filters.has(key)) return;
  const { field, suffix } = split(key);
  if (filters.has(field) || filters.has(camelCase(field))) return;
  const known = suffix
    ? [...filters].map((name) => `${name}_${suffix}`)
    : [...filters, ...[...plain].filter((name) => !PAGING_KEYS.has(name))];
  const nearest = closest(key, known);
  throw badRequest(nearest ? `未知的查询条件 ${key}, 是否想用 ${nearest}?` : `未知的查询条件 ${key}`);
}

/** Every GET route declaring `config.filters` checks its query's keys before validation. */
export function registerFilterKeys(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    if (request.method !== 'GET') return;
    const declared = declaredKeys(request);
    if (!declared) return;
    for (const key of Object.keys(fieldsOf(request.query) ?? {})) refuseUnknown(key, declared.filters, declared.plain);
  });
}
