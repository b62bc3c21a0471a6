// Rows of other resources, for a field that links to them (an equipment's site): the names behind ids for cells, and
// the rows a select offers. Each answer is fetched once per session and shared by every cell and form.
import { useEffect, useSyncExternalStore } from 'react';
import { http, type QueryValue } from '../http/client';
import type { Row } from '../schema/types';

const cache = new Map<string, Promise<Row | Row[] | null>>();
const loaded = new Map<string, Row | Row[] | null>();
const listeners = new Set<() => void>();

function load(key: string, fetch: () => Promise<Row | Row[] | null>): Promise<Row | Row[] | null> {
  let pending = cache.get(key);
  if (!pending) {
    pending = fetch().then((answer) => {
      loaded.set(key, answer);
      for (const listener of listeners) listener();
      return answer;
    });
    // A refused or failed call is forgotten so that the next screen asks again.
    pending.catch(() => {
      cache.delete(key);
      loaded.set(key, null);
      for (const listener of listeners) listener();
    });
    cache.set(key, pending);
  }
  return pending;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Forget every linked row (after a save, so a renamed site shows its new name). */
export function clearRecords(): void {
  cache.clear();
  loaded.clear();
  for (const listener of listeners) listener();
}

/** A page (`records`), a plain list or a tree (`children`), as one flat list of rows. */
const flatten = (answer: unknown): Row[] => {
  const rows = Array.isArray(answer) ? answer : ((answer as { records?: Row[] } | null)?.records ?? []);
  return (rows as Row[]).flatMap((row) => [row, ...flatten((row.children as Row[] | undefined) ?? [])]);
};

export interface RecordLookup {
  /** The detail call of the linked resource (`/api/blade-system/site/detail`). */
  url: string;
  /** Its query parameter (default `id`). */
  param?: string;
  /** The field holding the row's name (`siteName`), or a template of fields (`{{ward}} {{roomNo}}`). */
  labelField: string;
}

/** A row's name: its title field, or the template filled in with its fields. */
export function rowTitle(row: Row, labelField: string, fallback: string): string {
  if (!labelField.includes('{{')) return String(row[labelField] ?? fallback);
  return labelField.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, field: string) => String(row[field] ?? '')).trim();
}

const lookupKey = (lookup: RecordLookup, value: string) => `detail:${lookup.url}:${lookup.param ?? 'id'}:${value}`;

const fetchOne = (lookup: RecordLookup, value: string) =>
  load(lookupKey(lookup, value), () => http.get<Row>(lookup.url, { [lookup.param ?? 'id']: value }));

/** The values of a cell: one id, or a comma list of them (a person's sites). */
const valuesOf = (value: unknown): string[] =>
  value === undefined || value === null || value === '' || value === -1 || value === '-1'
    ? []
    : String(value).split(',').filter(Boolean);

/** Nothing while the row loads; its id when the person may not see it. A list answer names it by its first row. */
const titleOf = (answer: unknown, lookup: RecordLookup, value: string) => {
  if (answer === undefined) return '';
  const row = Array.isArray(answer) ? answer[0] : answer;
  return row && typeof row === 'object' ? rowTitle(row as Row, lookup.labelField, value) : value;
};

/** The names of the linked rows, joined with 、; a row the person may not see shows its id. */
export async function recordTitles(lookup: RecordLookup, value: unknown): Promise<string> {
  const titles = await Promise.all(
    valuesOf(value).map((one) =>
      fetchOne(lookup, one).then(
        (row) => titleOf(row, lookup, one),
        () => one,
      ),
    ),
  );
  return titles.join('、');
}

export function useRecordTitles(lookup: RecordLookup, value: unknown): string {
  const titles = useSyncExternalStore(subscribe, () =>
    valuesOf(value)
      .map((one) => titleOf(loaded.get(lookupKey(lookup, one)), lookup, one))
      .join('、'),
  );
  useEffect(() => {
    for (const one of valuesOf(value)) fetchOne(lookup, one).catch(() => {});
  }, [lookup, value]);
  return titles;
}

/** The rows a list call answers with these query parameters (a page, a list or a tree, flattened). */
export function loadRows(url: string, params: Record<string, QueryValue>): Promise<Row[]> {
  const key = `rows:${url}?${new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v ?? '')]))}`;
  return load(key, () => http.get<unknown>(url, params).then(flatten)) as Promise<Row[]>;
}
