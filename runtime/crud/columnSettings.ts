// Which columns a person hid, kept per user and per page in localStorage; reset returns to the definition's default.
import { useCallback, useState } from 'react';
import { sessionUser } from '../permissions';

const storageKey = (pageId: string) => `ride-console-columns:${sessionUser()}:${pageId}`;

function read(pageId: string): string[] {
  try {
    const stored = JSON.parse(localStorage.getItem(storageKey(pageId)) ?? '[]');
    return Array.isArray(stored) ? stored.map(String) : [];
  } catch {
    return [];
  }
}

export function useColumnSettings(pageId: string) {
  const [hidden, setHidden] = useState<string[]>(() => read(pageId));
  const update = useCallback(
    (next: string[]) => {
      setHidden(next);
      if (next.length) localStorage.setItem(storageKey(pageId), JSON.stringify(next));
      else localStorage.removeItem(storageKey(pageId));
    },
    [pageId],
  );
  return { hidden, setHidden: update, reset: () => update([]) };
}
