// Writes of the generic resource pattern: submit (add or update), remove by ids, detail, and action requests.
import { http, request } from '../http/client';
import type { Row } from '../schema/types';

export function resourceUrl(listUrl: string, verb: string): string {
  return listUrl.replace(/\/[^/]+$/, `/${verb}`);
}

/** The detail call names the key like the rows do: `id`, or `code` for regions. */
export const fetchDetail = (url: string, key: string, value: unknown) => http.get<Row>(url, { [key]: String(value) });

export const submitRecord = (url: string, record: Row) => http.post<unknown>(url, record);

export const removeRecords = (url: string, ids: unknown[], param = 'ids') =>
  request<unknown>({ method: 'POST', url, params: { [param]: ids.map(String).join(',') } });
