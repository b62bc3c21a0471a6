// A page's lists tell its other blocks when they reload (refresh, save, delete) and what they search, so the stats
// above a list follow it.
import { createContext, useContext } from 'react';

import type { Query } from '../data/provider';

export interface PageReload {
  /** Counts the reloads of the page's lists so far. */
  count: number;
  listReloaded: () => void;
  /** The page's list's current search as filter parameters (what a `followsList` stats block sends). */
  search: Query;
  searched: (search: Query) => void;
}

export const PageReloadContext = createContext<PageReload>({
  count: 0,
  listReloaded: () => {},
  search: {},
  searched: () => {},
});

export const usePageReload = () => useContext(PageReloadContext);
