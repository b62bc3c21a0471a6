// Whether the window is a phone's (narrower than the runtime's `phoneWidth`, the spec's screen class 0). The list, its
// search, the record view and the dialogs draw their phone layouts from the same definition while it holds.
import { useSyncExternalStore } from 'react';
import { useRuntime } from '../config';
import { installStyle } from '../crud/installStyle';
import { phoneCss } from './phoneStyle';

const queries = new Map<number, MediaQueryList>();

function queryOf(width: number): MediaQueryList {
  let query = queries.get(width);
  if (!query) {
    query = window.matchMedia(`(max-width: ${width - 0.02}px)`);
    queries.set(width, query);
  }
  return query;
}

export function usePhone(): boolean {
  const { phoneWidth } = useRuntime();
  const query = queryOf(phoneWidth);
  // Dialogs drawn outside any list (an action's form, a confirm) take the whole screen by these rules too.
  installStyle('phone', phoneCss(phoneWidth));
  return useSyncExternalStore(
    (changed) => {
      query.addEventListener('change', changed);
      return () => query.removeEventListener('change', changed);
    },
    () => query.matches,
  );
}
