// Whether the person asked their system for less motion (prefers-reduced-motion): antd then opens and closes
// dialogs, menus and messages at once instead of animating them.
import { useSyncExternalStore } from 'react';

const query = () => window.matchMedia('(prefers-reduced-motion: reduce)');

function subscribe(changed: () => void): () => void {
  const media = query();
  media.addEventListener('change', changed);
  return () => media.removeEventListener('change', changed);
}

export function useReducedMotion(): boolean {
  return useSyncExternalStore(subscribe, () => query().matches);
}
