// Writes of the generic resource pattern: submit (add or update), remove by ids, detail, and action requests.
import { http, request } from '../http/client';
import type { Row } from '../schema/types';

export function resourceUrl(listUrl: string, verb: string): string {
  return listUrl.replace(/\/[^/]+$/, `/${verb}`);
}

export const fetchDetail = (url: string, id: unknown) => http.get<Row>(url, { id: String(id) });

export const submitRecord = (url: string, record: Row) => http.post<unknown>(url, record);

export const removeRecords = (url: string, ids: unknown[]) =>
  request<unknown>({ method: 'POST', url, params: { ids: ids.map(String).join(',') } });
