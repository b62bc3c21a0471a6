// List data through swr: one key per list and filter set, so a late answer for old filters never replaces a newer one.
import useSWR, { preload } from 'swr';
import { fetchList, type ListPage, type Query } from './provider';

type ListKey = [kind: 'list', url: string, query: Query];

const listKey = (url: string, query: Query): ListKey => ['list', url, query];
const fetchKey = ([, url, query]: ListKey) => fetchList(url, query);

export function useList(url: string | null, query: Query) {
  return useSWR<ListPage, Error, ListKey | null>(url ? listKey(url, query) : null, fetchKey, {
    keepPreviousData: true,
    revalidateOnFocus: false,
  });
}

/** Sends the list call now, before the screen renders the filters that ask for it; useList then takes its answer. */
export function sendList(url: string, query: Query): void {
  preload(listKey(url, query), () => fetchList(url, query)).catch(() => {});
}
