// The data provider: what the runtime asks of the server it runs against, as a value the host hands in beside the
// registry (RuntimeConfig.provider), and the BladeX conventions of the calls it names. Where a resource's calls live
// next to its list, how a page and a sort are asked for (`current`/`size`, `ascs`/`descs`), which suffix a search sends
// (`_equal`, `_dategt` …), where a form's server limits are found. The console hands in the HTTP provider
// (httpProvider.ts); tests hand in one that answers from memory.
import type { Dayjs } from 'dayjs';
import { filterParams } from '../crud/filter-params';
import type { Api, Row, SearchField } from '../schema/types';
import { clearDictionaries, type DictItem } from './dictionary';
import type { FieldLimits } from './fieldLimits';
import { forgetLookups } from './lookup';

export { filterParams };

export type QueryValue = string | number | boolean | null | undefined;
export type Query = Record<string, QueryValue>;

/** A call the runtime sends as the definition writes it: an action's request, an upload, a step of an export. */
export interface Call {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: string;
  params?: Query;
  /** The body: a record as JSON, or FormData for a file. */
  data?: unknown;
  /** The call carries out a person's action (a button's request), whatever its method. */
  acts?: boolean;
  /** Reject without reporting the failure: the caller shows or ignores it itself. */
  quiet?: boolean;
  /** Resolve with the server's message beside the data (`{ msg, data }`), for an action that shows it. */
  envelope?: boolean;
  /** Resolve a file the server sends as a Blob. */
  blob?: boolean;
}

/** What the runtime asks of the server. Every method rejects on a refusal, once the provider has reported it (the
 * console shows the server's message), unless the call says `quiet`. */
export interface DataProvider {
  /** A page of a list (`current`/`size` in the query), a whole tree or a plain list, as rows and a total. */
  list(url: string, query: Query): Promise<ListPage>;
  /** What a read call answers, as it is: a record (detail), a tree, a report's figures. */
  read<T = unknown>(url: string, query?: Query): Promise<T>;
  /** Saves a record, new or edited (BladeX's submit and update calls). */
  submit(url: string, record: Row): Promise<unknown>;
  /** Removes the records of these keys, sent under `param` joined by commas. */
  remove(url: string, ids: unknown[], param: string): Promise<unknown>;
  /** A dictionary's items by its code; `biz` for a business dictionary. */
  dictionary(code: string, biz: boolean): Promise<DictItem[]>;
  /** The server's limits of a resource's fields (at fieldLimitsUrl); quiet: a resource without them rejects. */
  fieldLimits(url: string): Promise<Record<string, FieldLimits>>;
  /** Any other call: an action's request, an upload, an import's rows, an export's steps. */
  send<T = unknown>(call: Call): Promise<T>;
}

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

/** The server's field limits live next to the submit call: `…/param/submit` → `…/param/fields`. */
export const fieldLimitsUrl = (submitUrl: string | undefined): string | undefined =>
  submitUrl && /\/(submit|update)$/.test(submitUrl) ? submitUrl.replace(/\/(submit|update)$/, '/fields') : undefined;

/** A write to a dictionary or a linked resource makes the labels read so far stale, so they are fetched again when
 * next shown. */
function afterWrite<T>(url: string, result: T): T {
  if (/\/dict(-biz)?\//.test(url)) clearDictionaries();
  forgetLookups(url);
  return result;
}

export const submitRecord = async (provider: DataProvider, url: string, record: Row) =>
  afterWrite(url, await provider.submit(url, record));

export const removeRecords = async (provider: DataProvider, url: string, ids: unknown[], param = 'ids') =>
  afterWrite(url, await provider.remove(url, ids, param));
