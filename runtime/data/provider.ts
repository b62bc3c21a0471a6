// The data provider: every BladeX convention the runtime relies on, in one place. Where a resource's calls live next
// to its list, how a page and a sort are asked for and answered (`records`/`total`), which suffix a search sends
// (`_equal`, `_dategt` …), where dictionaries and a form's server limits are found. Screens speak only to this file.
import type { Dayjs } from 'dayjs';
import { filterParams } from '../crud/filter-params';
import { http, type QueryValue, request } from '../http/client';
import type { Api, Row, SearchField } from '../schema/types';
import { clearDictionaries } from './dictionary';
import { forgetLookups } from './lookup';

export { filterParams };

export type Query = Record<string, QueryValue>;

export interface ListPage {
  rows: Row[];
  total: number;
}

export interface ResourceUrls {
  list: string;
  detail: string;
  submit: string;
  /** Where an edit goes: `update` when given, else submit. */
  update: string;
  remove: string;
  /** Query parameter of detail that carries the key (default: the row key). */
  detailParam?: string;
  /** Query parameter of remove that carries the keys. */
  removeParam: string;
}

/** `/api/blade-system/param/list` → `/api/blade-system/param/<verb>`. */
const nextTo = (listUrl: string, verb: string): string => listUrl.replace(/\/[^/]+$/, `/${verb}`);

/** A resource's calls: those the definition gives, the rest found next to its list call. */
export function resourceUrls(api: Api): ResourceUrls {
  const submit = api.submit ?? nextTo(api.list, 'submit');
  return {
    list: api.list,
    detail: api.detail ?? nextTo(api.list, 'detail'),
    submit,
    update: api.update ?? submit,
    remove: api.remove ?? nextTo(api.list, 'remove'),
    detailParam: api.detailParam,
    removeParam: api.removeParam ?? 'ids',
  };
}

/** A page is asked for with `current` (from 1) and `size`. */
export const pageQuery = (current: number, size: number): Query => ({ current, size });

/** The sort is `ascs=field` or `descs=field`. */
export function sortQuery(sort: { field?: string; order?: 'ascend' | 'descend' | null }): Query {
  if (!sort.field || !sort.order) return {};
  return sort.order === 'ascend' ? { ascs: sort.field } : { descs: sort.field };
}

/** BladeX answers a page `{records, total}` or, for trees, a plain array. */
export function toListPage(data: unknown): ListPage {
  if (Array.isArray(data)) return { rows: data as Row[], total: data.length };
  const page = (data ?? {}) as { records?: Row[]; total?: number };
  const rows = page.records ?? [];
  return { rows, total: page.total ?? rows.length };
}

export type SearchValues = Record<string, unknown>;

const isDayjs = (value: unknown): value is Dayjs =>
  typeof value === 'object' && value !== null && 'format' in value && typeof (value as Dayjs).format === 'function';

/** Search values as filter parameters; dates as yyyy-MM-dd, a month as yyyy-MM. */
export function toQuery(fields: SearchField[], values: SearchValues): Query {
  const query: Query = {};
  for (const field of fields) {
    const value = values[field.field];
    if (value === undefined || value === null || value === '') continue;
    const params = filterParams(field);
    // A month (a date range sent as one parameter) is one picked date.
    if (field.type === 'dateRange' && params.length === 1 && isDayjs(value)) {
      query[params[0]] = value.format('YYYY-MM');
    } else if (field.type === 'dateRange' || field.type === 'numberRange') {
      const [from, to] = value as [unknown, unknown];
      const text = (v: unknown) => (isDayjs(v) ? v.format('YYYY-MM-DD') : (v as string | number | undefined));
      if (from !== undefined && from !== null) query[params[0]] = text(from);
      if (to !== undefined && to !== null) query[params[1] ?? params[0]] = text(to);
    } else {
      query[params[0]] = value as string | number;
    }
  }
  return query;
}

export const dictionaryUrl = (biz: boolean): string =>
  biz ? '/api/blade-system/dict-biz/dictionary' : '/api/blade-system/dict/dictionary';

/** The server's field limits live next to the submit call: `…/param/submit` → `…/param/fields`. */
export const fieldLimitsUrl = (submitUrl: string | undefined): string | undefined =>
  submitUrl && /\/(submit|update)$/.test(submitUrl) ? submitUrl.replace(/\/(submit|update)$/, '/fields') : undefined;

export async function fetchList(url: string, query: Query): Promise<ListPage> {
  return toListPage(await http.get<unknown>(url, query));
}

/** The detail call names the key like the rows do: `id`, or `code` for regions. */
export const fetchDetail = (url: string, key: string, value: unknown) => http.get<Row>(url, { [key]: String(value) });

/** A write to a dictionary or a linked resource makes the labels read so far stale, so they are fetched again when
 * next shown. */
function afterWrite<T>(url: string, result: T): T {
  if (/\/dict(-biz)?\//.test(url)) clearDictionaries();
  forgetLookups(url);
  return result;
}

export const submitRecord = async (url: string, record: Row) => afterWrite(url, await http.post<unknown>(url, record));

/** Removal sends the keys joined by commas: `ids=1,2,3`. */
export const removeRecords = async (url: string, ids: unknown[], param = 'ids') =>
  afterWrite(url, await request<unknown>({ method: 'POST', url, params: { [param]: ids.map(String).join(',') } }));
