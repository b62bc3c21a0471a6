// List data through swr: one key per page and filter set, so a late answer for old filters never replaces a newer one.
import useSWR from 'swr';
import { http, type QueryValue } from '../http/client';
import type { Row } from '../schema/types';

export interface ListPage {
  rows: Row[];
  total: number;
}

export type Query = Record<string, QueryValue>;

/** BladeX answers a page `{records, total}` or, for trees, a plain array. */
export function toListPage(data: unknown): ListPage {
  if (Array.isArray(data)) return { rows: data as Row[], total: data.length };
  const page = (data ?? {}) as { records?: Row[]; total?: number };
  const rows = page.records ?? [];
  return { rows, total: page.total ?? rows.length };
}

export async function fetchList(url: string, query: Query): Promise<ListPage> {
  return toListPage(await http.get<unknown>(url, query));
}

export function useList(url: string | null, query: Query) {
  return useSWR<ListPage, Error>(
    url ? ['list', url, query] : null,
    ([, u, q]: [string, string, Query]) => fetchList(u, q),
    {
      keepPreviousData: true,
      revalidateOnFocus: false,
    },
  );
}
