// What a person chose for a list (hidden columns, page size), kept per account and list in localStorage; reset
// returns the columns to the definition's default.
import { useCallback, useState } from 'react';
import { sessionUser } from '../../permissions';

export interface ViewSettings {
  /** Columns the person hid; undefined: the definition's default. */
  hidden?: string[];
  pageSize?: number;
}

/** Kept as `<prefix>:<account>:<list>`; the page reads it too, before the console's code (src/ahead/). */
export const VIEW_SETTINGS_PREFIX = 'ride-console-columns';

const storageKey = (pageId: string) => `${VIEW_SETTINGS_PREFIX}:${sessionUser()}:${pageId}`;

const strings = (value: unknown): string[] | undefined => (Array.isArray(value) ? value.map(String) : undefined);

export function readViewSettings(pageId: string): ViewSettings {
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(storageKey(pageId)) ?? '{}');
    // Settings kept before page sizes were remembered are the list of hidden columns alone.
    if (Array.isArray(stored)) return { hidden: strings(stored) };
    const { hidden, pageSize } = (stored ?? {}) as Record<string, unknown>;
    return { hidden: strings(hidden), pageSize: typeof pageSize === 'number' ? pageSize : undefined };
  } catch {
    return {};
  }
}

function write(pageId: string, settings: ViewSettings): void {
  if (settings.hidden === undefined && settings.pageSize === undefined) localStorage.removeItem(storageKey(pageId));
  else localStorage.setItem(storageKey(pageId), JSON.stringify(settings));
}

export function useViewSettings(pageId: string) {
  const [settings, setSettings] = useState<ViewSettings>(() => readViewSettings(pageId));
  const update = useCallback(
    (change: ViewSettings) =>
      setSettings((previous) => {
        const next = { ...previous, ...change };
        write(pageId, next);
        return next;
      }),
    [pageId],
  );
  return { settings, update };
}
