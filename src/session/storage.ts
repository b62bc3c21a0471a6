// Prefixed storage: every value is kept as {content, dataType, datetime} under `<prefix>-<name>` (spec §3, §9).
import { settings } from '../config/settings';

export interface StoredRecord<T> {
  content: T;
  dataType: string;
  datetime: number;
}

type Area = 'local' | 'session';

const areaOf = (area: Area): Storage => (area === 'session' ? window.sessionStorage : window.localStorage);

export const storageKey = (name: string): string => `${settings.storagePrefix}-${name}`;

export function setStore<T>(name: string, content: T, area: Area = 'local'): void {
  const record: StoredRecord<T> = { content, dataType: typeof content, datetime: Date.now() };
  areaOf(area).setItem(storageKey(name), JSON.stringify(record));
}

export function getRecord<T>(name: string, area: Area = 'local'): StoredRecord<T> | undefined {
  const text = areaOf(area).getItem(storageKey(name));
  if (!text) return undefined;
  try {
    const record = JSON.parse(text) as StoredRecord<T>;
    return record && typeof record === 'object' && 'content' in record ? record : undefined;
  } catch {
    return undefined;
  }
}

export function getStore<T>(name: string, area: Area = 'local'): T | undefined {
  return getRecord<T>(name, area)?.content;
}

export function removeStore(name: string, area: Area = 'local'): void {
  areaOf(area).removeItem(storageKey(name));
}
