// List data through swr: one key per list and filter set, so a late answer for old filters never replaces a newer one.
import useSWR from 'swr';
import { fetchList, type ListPage, type Query } from './provider';

type ListKey = [kind: 'list', url: string, query: Query];

const listKey = (url: string, query: Query): ListKey => ['list', url, query];
/** Query objects compare by their entries, whatever the order of their keys. */
export const queryText = (query: Query): string => JSON.stringify(Object.entries(query).sort());

/** The call sent ahead of the render that asks for it, one per list: that render takes its answer instead of asking
 * again. Only the latest is kept, so an answer is never taken for a later render of the same filters. */
const ahead = new Map<string, { query: string; answer: Promise<ListPage> }>();

function fetchKey([, url, query]: ListKey): Promise<ListPage> {
  const sent = ahead.get(url);
  if (sent && sent.query === queryText(query)) {
    ahead.delete(url);
    return sent.answer;
  }
  return fetchList(url, query);
}

export function useList(url: string | null, query: Query) {
  return useSWR<ListPage, Error, ListKey | null>(url ? listKey(url, query) : null, fetchKey, {
    keepPreviousData: true,
    revalidateOnFocus: false,
    // Every change of filters asks the server (or takes the call sent ahead for it), even right after the same ones.
    dedupingInterval: 0,
  });
}

/** Sends the list call now, before the screen renders the filters that ask for it. */
export function sendList(url: string, query: Query): void {
  const answer = fetchList(url, query);
  // A failure is shown by the request client, and again by the list when its render takes the answer.
  answer.catch(() => {});
  ahead.set(url, { query: queryText(query), answer });
}
