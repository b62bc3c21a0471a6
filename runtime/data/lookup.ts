// Names of linked rows (a fault's equipment, a coupon's sites, a site's province): the other resource's list, read
// once per address and filters for the whole session, or, for lists too big to read whole (regions), one row per key.
// Every cell, search and select shares the answers, as dictionaries are shared. A select over a list too big to read
// whole (customers) searches it on the server instead, a page at a time.
import { useEffect, useSyncExternalStore } from 'react';
import { useProvider } from '../config';
import type { Row } from '../schema/types';
import type { DataProvider, QueryValue } from './provider';
import { flatRows } from './tree-rows';

export interface LookupSpec {
  /** The other resource's list call (a page, a plain list or a tree). */
  url: string;
  /** The field of its rows that names them (siteName), or a template of fields (`{{ward}} {{roomNo}}`). */
  labelField: string;
  /** The field of its rows that links point at (default id). */
  valueField?: string;
  /** Fixed query parameters of the list call (only hospitals: `siteKind_equal: 2`). */
  filters?: Record<string, QueryValue>;
  /** A call answering the row of one key, asked with the key under valueField's name, instead of the whole list. */
  byKey?: string;
}

export interface LookupItem {
  value: string;
  label: string;
}

/** The server's largest page: a lookup is a select's worth of rows, not a report. */
const LOOKUP_SIZE = 1000;

/** What the store holds: a list's choices, or one key's row (null when the person may not see it). */
type Answer = LookupItem[] | Row | null;

const cache = new Map<string, Promise<Answer>>();
const loaded = new Map<string, Answer>();
const listeners = new Set<() => void>();
const notify = () => {
  for (const listener of listeners) listener();
};

/** With `showRefusal`, a failed call leaves null behind (a key's row shows the key) until the next screen asks again. */
function load(key: string, fetch: () => Promise<Answer>, showRefusal = false): Promise<Answer> {
  let pending = cache.get(key);
  if (!pending) {
    pending = fetch().then((answer) => {
      loaded.set(key, answer);
      notify();
      return answer;
    });
    // A failed fetch is forgotten so that the next screen tries again.
    pending.catch(() => {
      cache.delete(key);
      if (showRefusal) {
        loaded.set(key, null);
        notify();
      }
    });
    cache.set(key, pending);
  }
  return pending;
}

/** A row's name: its label field, or the template filled in with its fields. */
export function rowLabel(row: Row, labelField: string): string {
  if (!labelField.includes('{{')) return String(row[labelField] ?? '');
  return labelField.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, field: string) => String(row[field] ?? '')).trim();
}

/** A page (`records`), a plain list or a tree (`children`), as one flat list of rows. */
const flatten = (answer: unknown): Row[] =>
  flatRows(Array.isArray(answer) ? answer : ((answer as { records?: Row[] } | null)?.records ?? []));

// Keys start with the address they were read from, so that a write to that resource finds them.
const listKey = ({ url, labelField, valueField = 'id', filters = {} }: LookupSpec) =>
  `${url}?${new URLSearchParams(Object.entries(filters).map(([k, v]) => [k, String(v ?? '')]))}|${labelField}|${valueField}`;
const rowKey = (byKey: string, valueField: string, value: string) => `${byKey}?${valueField}=${value}`;

export function loadLookup(provider: DataProvider, spec: LookupSpec): Promise<LookupItem[]> {
  const valueField = spec.valueField ?? 'id';
  return load(listKey(spec), () =>
    provider
      .read(spec.url, { current: 1, size: LOOKUP_SIZE, ...spec.filters })
      .then((answer) =>
        flatten(answer).map((row) => ({ value: String(row[valueField]), label: rowLabel(row, spec.labelField) })),
      ),
  ) as Promise<LookupItem[]>;
}

function loadRow(provider: DataProvider, byKey: string, valueField: string, value: string): Promise<Answer> {
  return load(
    rowKey(byKey, valueField, value),
    () =>
      // A key call may answer the row or a list holding it (a region's select call).
      provider.read(byKey, { [valueField]: value }).then((answer) => {
        const row = Array.isArray(answer) ? answer[0] : answer;
        return row && typeof row === 'object' ? (row as Row) : null;
      }),
    true,
  );
}

/** Rows of a page a select searching on the server (`search`) asks for at a time. */
export const SEARCH_PAGE = 20;

export interface SearchedPage {
  items: LookupItem[];
  /** Whether the list holds rows beyond this page. */
  more: boolean;
}

/** The names of rows a searching select has shown, by list and key, so a chosen row keeps its name (and a confirm
 * can repeat it) once the search has moved on. */
const searchedLabels = new Map<string, string>();
const searchedKey = (spec: LookupSpec, value: string) => `${listKey(spec)}|${value}`;

/** One page of the rows whose `param` matches the text as the server searches it (a customer by name or phone). */
export async function searchLookup(
  provider: DataProvider,
  spec: LookupSpec,
  param: string,
  text: string,
  current: number,
): Promise<SearchedPage> {
  const valueField = spec.valueField ?? 'id';
  const answer = await provider.read(spec.url, { ...spec.filters, [param]: text, current, size: SEARCH_PAGE });
  const items = flatten(answer).map((row) => ({
    value: String(row[valueField]),
    label: rowLabel(row, spec.labelField),
  }));
  for (const item of items) searchedLabels.set(searchedKey(spec, item.value), item.label);
  const total = Number((answer as { total?: unknown } | null)?.total ?? 0);
  return { items, more: current * SEARCH_PAGE < total };
}

/** The name a searching select showed for a key, when it has shown it. */
export const searchedLabel = (spec: LookupSpec, value: string): string | undefined =>
  searchedLabels.get(searchedKey(spec, value));

/** A write to a resource makes the names read from it stale (a renamed site), so they are fetched again. */
export function forgetLookups(writtenUrl: string): void {
  const folder = writtenUrl.slice(0, writtenUrl.lastIndexOf('/') + 1);
  let forgotten = false;
  for (const key of [...cache.keys()]) {
    if (!key.startsWith(folder)) continue;
    cache.delete(key);
    loaded.delete(key);
    forgotten = true;
  }
  if (forgotten) notify();
}

/** Forget every lookup (after sign-out: another person may see other rows). */
export function clearLookups(): void {
  cache.clear();
  loaded.clear();
  searchedLabels.clear();
  notify();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The choices of a list lookup; nothing while they load, or while `skip` says the call cannot be made yet. */
export function useLookup(spec: LookupSpec, skip = false): LookupItem[] | undefined {
  const key = listKey(spec);
  const items = useSyncExternalStore(subscribe, () => (skip ? undefined : (loaded.get(key) as LookupItem[])));
  const latest = JSON.stringify(spec);
  const provider = useProvider();
  useEffect(() => {
    if (!skip && !items) loadLookup(provider, JSON.parse(latest) as LookupSpec).catch(() => {});
  }, [provider, skip, items, latest]);
  return items;
}

/** The keys of a cell: one, or a comma list of them (a person's sites); BladeX's -1 is no link (contract §2). */
export const keysOf = (value: unknown): string[] =>
  value === undefined || value === null || value === '' || value === -1 || value === '-1'
    ? []
    : String(value).split(',').filter(Boolean);

/** Names join as the language lists things: 港汇广场、正大广场 / Site A, Site B. */
const joinNames = (names: string[], lang: 'zh' | 'en') => names.join(lang === 'zh' ? '、' : ', ');

/** The names of a link or of a comma list of links, each key without a name shown as it is. */
export function lookupText(items: LookupItem[] | undefined, value: unknown, lang: 'zh' | 'en'): string {
  return joinNames(
    keysOf(value).map((id) => items?.find((item) => item.value === id)?.label ?? id),
    lang,
  );
}

/** Nothing while a key's row loads; the key itself when the person may not see the row. */
const keyLabel = (answer: Answer | undefined, labelField: string, key: string) =>
  answer === undefined ? '' : answer && !Array.isArray(answer) ? rowLabel(answer, labelField) || key : key;

/** The names of the linked rows of a key lookup, each row asked once per session. */
export async function lookupTextByKey(
  provider: DataProvider,
  spec: LookupSpec,
  value: unknown,
  lang: 'zh' | 'en',
): Promise<string> {
  const valueField = spec.valueField ?? 'id';
  const byKey = spec.byKey as string;
  const names = await Promise.all(
    keysOf(value).map((key) =>
      loadRow(provider, byKey, valueField, key).then(
        (row) => keyLabel(row, spec.labelField, key),
        () => key,
      ),
    ),
  );
  return joinNames(names, lang);
}

export function useLookupTextByKey(spec: LookupSpec, value: unknown, lang: 'zh' | 'en'): string {
  const valueField = spec.valueField ?? 'id';
  const byKey = spec.byKey as string;
  const text = useSyncExternalStore(subscribe, () =>
    joinNames(
      keysOf(value).map((key) => keyLabel(loaded.get(rowKey(byKey, valueField, key)), spec.labelField, key)),
      lang,
    ),
  );
  const provider = useProvider();
  useEffect(() => {
    for (const key of keysOf(value)) loadRow(provider, byKey, valueField, key).catch(() => {});
  }, [provider, byKey, valueField, value]);
  return text;
}
