// Dictionaries (code → items) are fetched once per code for the whole session and shared by every column and row.
import { useEffect, useMemo, useSyncExternalStore } from 'react';
import { useProvider } from '../config';
import type { Schema } from '../http/wire';
import { useLang } from '../i18n/label';
import type { DataProvider } from './provider';

/** An item as `dict/dictionary` answers it (the server's document); the English only where the dictionary has one. */
export type DictItem = Pick<Schema<'DictDictionary'>, 'dictKey' | 'dictValue'> & {
  dictValueEn?: Schema<'DictDictionary'>['dictValueEn'] | null;
};

const cache = new Map<string, Promise<DictItem[]>>();
/** Answers already in, read synchronously by every cell; a cell costs one store subscription, not one request. */
const loaded = new Map<string, DictItem[]>();
const listeners = new Set<() => void>();
const notify = () => {
  for (const listener of listeners) listener();
};

export function loadDictionary(provider: DataProvider, code: string, biz = false): Promise<DictItem[]> {
  const key = `${biz ? 'biz' : 'sys'}:${code}`;
  let pending = cache.get(key);
  if (!pending) {
    pending = provider.dictionary(code, biz).then((items) => {
      loaded.set(key, items ?? []);
      notify();
      return items ?? [];
    });
    // A failed fetch is forgotten so that the next screen tries again.
    pending.catch(() => cache.delete(key));
    cache.set(key, pending);
  }
  return pending;
}

/** Forget every dictionary (after sign-out, or after a dictionary was edited). */
export function clearDictionaries(): void {
  cache.clear();
  loaded.clear();
  notify();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const inEnglish = (item: DictItem): DictItem => (item.dictValueEn ? { ...item, dictValue: item.dictValueEn } : item);

/** The items in the console's language: on the English screen `dictValue` is the English where there is one. */
export function useDictionary(code: string | undefined, biz = false): DictItem[] | undefined {
  const key = `${biz ? 'biz' : 'sys'}:${code}`;
  const items = useSyncExternalStore(subscribe, () => (code ? loaded.get(key) : undefined));
  const lang = useLang();
  const provider = useProvider();
  // Also after clearDictionaries(): a cell left without items asks again (one request per code still).
  useEffect(() => {
    if (code && !items) loadDictionary(provider, code, biz).catch(() => {});
  }, [provider, code, biz, items]);
  return useMemo(() => (lang === 'en' ? items?.map(inEnglish) : items), [items, lang]);
}

/** String dictKeys match numeric values: status 1 finds dictKey "1". */
export function dictLabel(items: DictItem[] | undefined, value: unknown): string | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  return items?.find((item) => item.dictKey === String(value))?.dictValue;
}
