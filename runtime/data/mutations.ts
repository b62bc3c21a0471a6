// Writes of the generic resource pattern: submit (add or update), remove by ids, detail, and action requests.
import { http, request } from '../http/client';
import type { Row } from '../schema/types';
import { clearDictionaries } from './dictionary';

export function resourceUrl(listUrl: string, verb: string): string {
  return listUrl.replace(/\/[^/]+$/, `/${verb}`);
}

/** The detail call names the key like the rows do: `id`, or `code` for regions. */
export const fetchDetail = (url: string, key: string, value: unknown) => http.get<Row>(url, { [key]: String(value) });

/** A write to a dictionary makes the labels read so far stale, so they are fetched again when next shown. */
function afterWrite<T>(url: string, result: T): T {
  if (/\/dict(-biz)?\//.test(url)) clearDictionaries();
  return result;
}

export const submitRecord = async (url: string, record: Row) => afterWrite(url, await http.post<unknown>(url, record));

export const removeRecords = async (url: string, ids: unknown[], param = 'ids') =>
  afterWrite(url, await request<unknown>({ method: 'POST', url, params: { [param]: ids.map(String).join(',') } }));
