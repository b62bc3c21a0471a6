// The person's menu, loaded after sign-in and again after a reload; it also sets the permission set (the codes of the
// person's buttons and menus).
import { useSyncExternalStore } from 'react';
import {
  clearDictionaries,
  clearLookups,
  http,
  setPermissions,
  setSessionRoles,
  setSessionUser,
} from '../../runtime/index';
import { quietRefusals } from '../session/http-setup';
import { session, userRoles } from '../session/session-store';
import {
  buttonCodes,
  type MenuEntry,
  menuCodes,
  redirectTable,
  routeTable,
  type ServerMenu,
  toMenuEntries,
  visibleFor,
} from './menu-entry';

export interface MenuState {
  status: 'idle' | 'loading' | 'ready' | 'failed';
  entries: MenuEntry[];
  routes: Map<string, MenuEntry>;
  redirects: Map<string, string>;
}

const empty: MenuState = { status: 'idle', entries: [], routes: new Map(), redirects: new Map() };
let state: MenuState = empty;
let loading: Promise<void> | undefined;
/** Bumped by every load and by sign-out, so a stale load cannot release a newer one's guard. */
let generation = 0;
const listeners = new Set<() => void>();

function publish(next: MenuState): void {
  state = next;
  for (const listener of listeners) listener();
}

export const menuStore = {
  get: (): MenuState => state,
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  /** Fetches routes then buttons (spec §4: button permissions load after the menu); one load at a time. */
  load(): Promise<void> {
    if (loading) return loading;
    publish({ ...state, status: 'loading' });
    // An answer that arrives after the session ended (a 401 signs out mid-load) belongs to no one and is dropped.
    const token = session.get().token;
    generation += 1;
    const mine = generation;
    // The screen may be drawn before the menu arrives (resolve-view.tsx): it already reads the person's own column
    // settings and role-locked rows.
    setSessionUser(session.get().user?.account ?? 'anonymous');
    setSessionRoles(userRoles(session.get().user));
    quietRefusals('menu', true);
    loading = (async () => {
      try {
        const tree = (await http.get<ServerMenu[]>('/api/blade-system/menu/routes')) ?? [];
        const entries = visibleFor(toMenuEntries(tree), userRoles(session.get().user));
        const buttons = (await http.get<ServerMenu[]>('/api/blade-system/menu/buttons')) ?? [];
        if (session.get().token !== token) return;
        setPermissions([...buttonCodes(buttons), ...menuCodes(tree)]);
        publish({ status: 'ready', entries, routes: routeTable(entries), redirects: redirectTable(entries) });
      } catch {
        if (session.get().token === token) publish({ ...empty, status: 'failed' });
      } finally {
        if (generation === mine) {
          loading = undefined;
          quietRefusals('menu', false);
        }
      }
    })();
    return loading;
  },
  /** Signing out also forgets the permission set and the dictionaries and linked rows' names fetched for this person. */
  clear(): void {
    generation += 1;
    loading = undefined;
    quietRefusals('menu', false);
    setPermissions([]);
    setSessionRoles([]);
    clearDictionaries();
    clearLookups();
    publish(empty);
  },
};

session.onClear(() => menuStore.clear());

export const useMenu = (): MenuState => useSyncExternalStore(menuStore.subscribe, menuStore.get, menuStore.get);
