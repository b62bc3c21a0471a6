// Names of linked rows (a fault's equipment, a coupon's sites): the other resource's list, fetched once per address
// for the whole session and shared by every cell and select, as dictionaries are.
import { useEffect, useSyncExternalStore } from 'react';
import { http } from '../http/client';
import type { Row } from '../schema/types';

export interface LookupSpec {
  /** The other resource's list call. */
  url: string;
  /** The field of its rows that names them (siteName). */
  labelField: string;
  /** The field of its rows that links point at (default id). */
  valueField?: string;
}

export interface LookupItem {
  value: string;
  label: string;
}

/** The server's largest page: a lookup is a select's worth of rows, not a report. */
const LOOKUP_SIZE = 1000;

const cache = new Map<string, Promise<LookupItem[]>>();
const loaded = new Map<string, LookupItem[]>();
const listeners = new Set<() => void>();
const notify = () => {
  for (const listener of listeners) listener();
};

const keyOf = ({ url, labelField, valueField = 'id' }: LookupSpec) => `${url}|${labelField}|${valueField}`;

export function loadLookup(spec: LookupSpec): Promise<LookupItem[]> {
  const key = keyOf(spec);
  let pending = cache.get(key);
  if (!pending) {
    pending = http.get<Row[] | { records?: Row[] }>(spec.url, { current: 1, size: LOOKUP_SIZE }).then((answer) => {
      const rows = Array.isArray(answer) ? answer : (answer?.records ?? []);
      const items = rows.map((row) => ({
        value: String(row[spec.valueField ?? 'id']),
        label: String(row[spec.labelField] ?? ''),
      }));
      loaded.set(key, items);
      notify();
      return items;
    });
    // A failed fetch is forgotten so that the next screen tries again.
    pending.catch(() => cache.delete(key));
    cache.set(key, pending);
  }
  return pending;
}

/** A write to a resource makes the names read from its list stale (a renamed site), so they are fetched again. */
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
  notify();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useLookup(spec: LookupSpec): LookupItem[] | undefined {
  const key = keyOf(spec);
  const items = useSyncExternalStore(subscribe, () => loaded.get(key));
  const { url, labelField, valueField } = spec;
  useEffect(() => {
    if (!items) loadLookup({ url, labelField, valueField }).catch(() => {});
  }, [items, url, labelField, valueField]);
  return items;
}

/** The names of a link or of a comma list of links (`1,2`), each id without a name shown as it is. */
export function lookupText(items: LookupItem[] | undefined, value: unknown): string {
  if (value === undefined || value === null || value === '' || value === -1 || value === '-1') return '';
  return String(value)
    .split(',')
    .filter(Boolean)
    .map((id) => items?.find((item) => item.value === id)?.label ?? id)
    .join(', ');
}
