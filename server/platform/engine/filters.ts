// Filter keys of contract §3: `<field>[_<suffix>]=value`. Only declared fields filter (a list call naming another key is
// refused before it runs: filter-keys.ts); values are always bound parameters, never SQL text.
import { type Expression, type ExpressionBuilder, type SqlBool, sql } from 'kysely';
import type { DialectName } from '../db/index.js';
import { badRequest } from '../http/envelope.js';
import { listContains } from './comma-list.js';
import { nextDay, parseDate } from './dates.js';
import type { FieldSpec, Fields, Row } from './types.js';

/** The operators a filter key may end in (contract §3). */
export const SUFFIXES = new Set([
  'equal',
  'notequal',
  'like',
  'likeleft',
  'likeright',
  'notlike',
  'ge',
  'le',
  'gt',
  'lt',
  'datege',
  'dategt',
  'dateequal',
  'datelt',
  'datele',
  'null',
  'notnull',
  'ignore',
]);

/** Query keys that are never filters. */
export const PAGING_KEYS = new Set(['current', 'size', 'ascs', 'descs', 'afterId', 'searchCount']);

export const camelCase = (name: string): string => name.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());

type Where = (eb: ExpressionBuilder<Record<string, Row>, string>) => Expression<SqlBool>;

interface Parsed {
  key: string;
  field: string;
  spec: FieldSpec;
  op: string;
}

function parseKey(key: string, fields: Fields): Parsed | null {
  const cut = key.lastIndexOf('_');
  const suffix = cut > 0 ? key.slice(cut + 1).toLowerCase() : '';
  const [name, op] = SUFFIXES.has(suffix) ? [key.slice(0, cut), suffix] : [key, 'bare'];
  const field = camelCase(name);
  const spec = fields[field];
  if (!spec || spec.filter === false) return null;
  return { key, field, spec, op };
}

const escapeLike = (text: string): string => text.replace(/[\\%_]/g, (c) => `\\${c}`);

function numberValue(key: string, spec: FieldSpec, text: string): number {
  const ok = spec.type === 'id' || spec.type === 'ids' ? /^\d{1,16}$/.test(text) : /^-?\d{1,15}$/.test(text);
  if (!ok) throw badRequest(`${key} 必须是整数`);
  return Number(text);
}

function likeCondition(field: string, pattern: string, dialect: DialectName, negate: boolean): Where {
  const operator = sql.raw(`${negate ? 'not ' : ''}${dialect === 'postgres' ? 'ilike' : 'like'}`);
  return () => sql<SqlBool>`${sql.ref(field)} ${operator} ${pattern} escape '\\'`;
}

function dateCondition(parsed: Parsed, text: string): Where {
  const { key, field, op } = parsed;
  if (parsed.spec.type !== 'datetime') throw badRequest(`${key} 不是日期字段`);
  const date = parseDate(text);
  if (!date) throw badRequest(`${key} 日期格式应为 yyyy-MM-dd 或 yyyy-MM-dd HH:mm:ss`);
  // A day alone means the whole day: a range picker's end day is included, its start day too.
  const start = date.value;
  const end = date.dayOnly ? nextDay(date.value) : null;
  switch (op) {
    case 'datege':
      return (eb) => eb(field, '>=', start);
    case 'dategt':
      return end ? (eb) => eb(field, '>=', start) : (eb) => eb(field, '>', start);
    case 'datele':
      return end ? (eb) => eb(field, '<', end) : (eb) => eb(field, '<=', start);
    case 'datelt':
      return end ? (eb) => eb(field, '<', end) : (eb) => eb(field, '<', start);
    default:
      return end ? (eb) => eb.and([eb(field, '>=', start), eb(field, '<', end)]) : (eb) => eb(field, '=', start);
  }
}

function condition(parsed: Parsed, text: string, dialect: DialectName): Where | null {
  const { key, field, spec, op } = parsed;
  const textual = spec.type === 'text' || spec.type === 'ids';
  const value = (): string | number =>
    textual ? text : spec.type === 'datetime' ? text : numberValue(key, spec, text);
  switch (op) {
    case 'ignore':
      return null;
    case 'null':
      return (eb) => eb(field, 'is', null);
    case 'notnull':
      return (eb) => eb(field, 'is not', null);
    case 'bare':
    case 'equal':
      // A comma list of ids holds a set: it equals an id when it names it (staff of a site: siteIds_equal=12).
      if (spec.type === 'ids') return listContains(field, [numberValue(key, spec, text)]);
      if (op === 'equal') return eqCondition(field, value());
      if (spec.type === 'datetime') return dateCondition({ ...parsed, op: 'dateequal' }, text);
      return textual ? likeCondition(field, `%${escapeLike(text)}%`, dialect, false) : eqCondition(field, value());
    case 'notequal': {
      const v = value();
      return (eb) => eb(field, '<>', v);
    }
    case 'like':
    case 'notlike':
    case 'likeleft':
    case 'likeright': {
      if (!textual) throw badRequest(`${key} 不支持模糊查询`);
      const escaped = escapeLike(text);
      const pattern = op === 'likeleft' ? `%${escaped}` : op === 'likeright' ? `${escaped}%` : `%${escaped}%`;
      return likeCondition(field, pattern, dialect, op === 'notlike');
    }
    case 'ge':
    case 'le':
    case 'gt':
    case 'lt': {
      const v = value();
      const operator = ({ ge: '>=', le: '<=', gt: '>', lt: '<' } as const)[op];
      return (eb) => eb(field, operator, v);
    }
    default:
      return dateCondition(parsed, text);
  }
}

function eqCondition(field: string, value: string | number): Where {
  return (eb) => eb(field, '=', value);
}

/** The conditions the query's filter keys ask for; empty values are skipped. */
export function filterConditions(
  query: Record<string, unknown>,
  fields: Fields,
  dialect: DialectName,
  reserved: ReadonlySet<string> = PAGING_KEYS,
): Where[] {
  const wheres: Where[] = [];
  for (const [key, raw] of Object.entries(query)) {
    if (reserved.has(key) || raw === undefined || raw === null) continue;
    const text = String(Array.isArray(raw) ? raw[0] : raw).trim();
    const parsed = parseKey(key, fields);
    if (!parsed || (text === '' && parsed.op !== 'null' && parsed.op !== 'notnull')) continue;
    const where = condition(parsed, text, dialect);
    if (where) wheres.push(where);
  }
  return wheres;
}

/** The conditions of the query's keyword keys (`keywords`): any of the key's fields contains the text. */
export function keywordConditions(
  query: Record<string, unknown>,
  keywords: Record<string, string[]>,
  dialect: DialectName,
): Where[] {
  const wheres: Where[] = [];
  for (const [key, fields] of Object.entries(keywords)) {
    const raw = query[key];
    const text = String(Array.isArray(raw) ? raw[0] : (raw ?? '')).trim();
    if (text === '') continue;
    const pattern = `%${escapeLike(text)}%`;
    const each = fields.map((field) => likeCondition(field, pattern, dialect, false));
    wheres.push((eb) => eb.or(each.map((where) => where(eb))));
  }
  return wheres;
}
