// The data provider over HTTP, as a BladeX server answers: the one runtime file that sends calls itself, through the
// request client (its headers, envelope, 401 and error reporting). The console builds it and hands it in.
import { api } from '../http/api';
import { http, request } from '../http/client';
import type { Row } from '../schema/types';
import type { DataProvider, ListPage } from './provider';

/** BladeX answers a page `{records, total}` or, for trees, a plain array. */
export function toListPage(data: unknown): ListPage {
  if (Array.isArray(data)) return { rows: data as Row[], total: data.length };
  const page = (data ?? {}) as { records?: Row[]; total?: number };
  const rows = page.records ?? [];
  return { rows, total: page.total ?? rows.length };
}

const dictionaryUrl = (biz: boolean) =>
  biz ? ('/api/blade-system/dict-biz/dictionary' as const) : ('/api/blade-system/dict/dictionary' as const);

export function createHttpProvider(): DataProvider {
  return {
    list: async (url, query) => toListPage(await http.get<unknown>(url, query)),
    read: (url, query) => http.get(url, query),
    submit: (url, record) => http.post(url, record),
    // Removal sends the keys joined by commas: `ids=1,2,3`.
    remove: (url, ids, param) => request({ method: 'POST', url, params: { [param]: ids.map(String).join(',') } }),
    dictionary: (code, biz) => api.get(dictionaryUrl(biz), { code }),
    fieldLimits: (url) => request({ url, quiet: true }),
    send: (call) => request(call),
  };
}
