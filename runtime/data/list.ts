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
 * next search may have been sent; older ones are dropped, and so is one left untaken for ten seconds (the shipped
 * definition's first page when a published version asked otherwise), so an answer is never taken for a much later
 * render. Each is the provider's it was sent through. */
interface SentList {
  provider: DataProvider;
  query: string;
  at: number;
  answer: Promise<ListPage>;
}
const ahead = new Map<string, SentList[]>();
const KEPT_AHEAD = 2;
const FRESH_MS = 10_000;

/** The calls of this list still waiting to be taken, the stale ones dropped. */
function waiting(url: string): SentList[] {
  const now = performance.now();
  const fresh = (ahead.get(url) ?? []).filter((call) => now - call.at < FRESH_MS);
  ahead.set(url, fresh);
  return fresh;
}

const indexOf = (sent: SentList[], provider: DataProvider, query: Query): number =>
  sent.findIndex((call) => call.provider === provider && call.query === queryText(query));

/** What a list's rows are shown with, asked for beside them: its answer waits for it (which never rejects). */
export type ShownWith = () => Promise<unknown>;

const listed = (provider: DataProvider, url: string, query: Query, shownWith?: ShownWith): Promise<ListPage> =>
  shownWith ? Promise.all([provider.list(url, query), shownWith()]).then(([page]) => page) : provider.list(url, query);

function fetchKey(provider: DataProvider, [, url, query]: ListKey, shownWith?: ShownWith): Promise<ListPage> {
  const sent = waiting(url);
  const index = indexOf(sent, provider, query);
  if (index < 0) return listed(provider, url, query, shownWith);
  const [taken] = sent.splice(index, 1);
  return taken.answer;
}

export function useList(url: string | null, query: Query, shownWith?: ShownWith) {
  const provider = useProvider();
  return useSWR<ListPage, Error, ListKey | null>(
    url ? listKey(url, query) : null,
    (key) => fetchKey(provider, key, shownWith),
    {
      keepPreviousData: true,
      revalidateOnFocus: false,
      // Every change of filters asks the server (or takes the call sent ahead for it), even right after the same ones.
      dedupingInterval: 0,
    },
  );
}

/**
 * Sends the list call now, before the screen renders the filters that ask for it; a call already sent ahead with the
 * same filters and not yet taken is not sent twice.
 */
export function sendList(provider: DataProvider, url: string, query: Query, shownWith?: ShownWith): void {
  const sent = waiting(url);
  if (indexOf(sent, provider, query) >= 0) return;
  const answer = listed(provider, url, query, shownWith);
  // A failure is reported by the data provider, and again by the list when its render takes the answer.
  answer.catch(() => {});
  const call = { provider, query: queryText(query), at: performance.now(), answer };
  ahead.set(url, [...sent, call].slice(-KEPT_AHEAD));
}
