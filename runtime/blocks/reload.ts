// A page's lists tell its other blocks when they reload (refresh, save, delete), so the stats above a list follow it.
import { createContext, useContext } from 'react';

export interface PageReload {
  /** Counts the reloads of the page's lists so far. */
  count: number;
  listReloaded: () => void;
}

export const PageReloadContext = createContext<PageReload>({ count: 0, listReloaded: () => {} });

export const usePageReload = () => useContext(PageReloadContext);
