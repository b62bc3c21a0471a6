// List data through swr: one key per list and filter set, so a late answer for old filters never replaces a newer one.
import useSWR from 'swr';
import { useProvider } from '../config';
import type { DataProvider, ListPage, Query } from './provider';

type ListKey = [kind: 'list', url: string, query: Query];

const listKey = (url: string, query: Query): ListKey => ['list', url, query];
/** Query objects compare by their entries, whatever the order of their keys. */
export const queryText = (query: Query): string => JSON.stringify(Object.entries(query).sort());

/** The calls sent ahead of the renders that ask for them, per list: a render takes its answer instead of asking again.
 * The last two are kept, because swr asks again one frame late for filters it has answered before, and by then the
 * next search may have been sent; older ones are dropped, so an answer is never taken for a much later render. */
const ahead = new Map<string, { query: string; answer: Promise<ListPage> }[]>();
const KEPT_AHEAD = 2;

function fetchKey(provider: DataProvider, [, url, query]: ListKey): Promise<ListPage> {
  const sent = ahead.get(url) ?? [];
  const index = sent.findIndex((call) => call.query === queryText(query));
  if (index < 0) return provider.list(url, query);
  const [taken] = sent.splice(index, 1);
  return taken.answer;
}

export function useList(url: string | null, query: Query) {
  const provider = useProvider();
  return useSWR<ListPage, Error, ListKey | null>(url ? listKey(url, query) : null, (key) => fetchKey(provider, key), {
    keepPreviousData: true,
    revalidateOnFocus: false,
    // Every change of filters asks the server (or takes the call sent ahead for it), even right after the same ones.
    dedupingInterval: 0,
  });
}

/** Sends the list call now, before the screen renders the filters that ask for it. */
export function sendList(provider: DataProvider, url: string, query: Query): void {
  const answer = provider.list(url, query);
  // A failure is reported by the data provider, and again by the list when its render takes the answer.
  answer.catch(() => {});
  const text = queryText(query);
  const sent = (ahead.get(url) ?? []).filter((call) => call.query !== text);
  ahead.set(url, [...sent, { query: text, answer }].slice(-KEPT_AHEAD));
}
