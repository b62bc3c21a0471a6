// Client errors kept locally (spec §2 log dialog, §8): uncaught errors, unhandled rejections and render errors.

import { api } from '@ride-console/runtime/shell';
import { useSyncExternalStore } from 'react';
import { getStore, setStore } from '../session/storage';

export interface LogEntry {
  id: string;
  type: 'error' | 'unhandledrejection' | 'render';
  url: string;
  message: string;
  stack: string;
  info: string;
  time: string;
}

const storeName = 'log-list';
/** The oldest entries go first once the list is this long, so local storage never fills up. */
const keepAtMost = 200;

let entries: LogEntry[] = getStore<LogEntry[]>(storeName) ?? [];
const listeners = new Set<() => void>();

function publish(next: LogEntry[]): void {
  entries = next;
  setStore(storeName, entries);
  for (const listener of listeners) listener();
}

const pad = (value: number) => String(value).padStart(2, '0');
export function formatTime(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ${pad(date.getHours())}:${pad(
    date.getMinutes(),
  )}:${pad(date.getSeconds())}`;
}

export function describe(reason: unknown): { message: string; stack: string } {
  if (reason instanceof Error) return { message: reason.message, stack: reason.stack ?? '' };
  return { message: typeof reason === 'string' ? reason : (JSON.stringify(reason) ?? String(reason)), stack: '' };
}

export const errorLog = {
  get: (): LogEntry[] => entries,
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  record(type: LogEntry['type'], reason: unknown, info = ''): void {
    const { message, stack } = describe(reason);
    const entry: LogEntry = {
      id: `${Date.now()}-${Math.random().toString(36).slice(2, 8)}`,
      type,
      url: window.location.href,
      message,
      stack,
      info,
      time: formatTime(new Date()),
    };
    publish([entry, ...entries].slice(0, keepAtMost));
  },
  clear: () => publish([]),
  /** A BladeX quirk the spec keeps: the list is posted to the logout path. */
  async upload(): Promise<void> {
    await api.post('/api/blade-auth/oauth/logout', entries);
  },
};

/** Records what escapes every handler; installed once at start-up. */
export function captureUncaughtErrors(): void {
  window.addEventListener('error', (event) => errorLog.record('error', event.error ?? event.message));
  window.addEventListener('unhandledrejection', (event) => errorLog.record('unhandledrejection', event.reason));
}

export const useErrorLog = (): LogEntry[] => useSyncExternalStore(errorLog.subscribe, errorLog.get, errorLog.get);
