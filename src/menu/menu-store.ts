// The person's menu, loaded after sign-in and again after a reload; it also sets the permission set (the codes of the
// person's buttons and menus). With top menus configured (顶部菜单), choosing one in the header narrows the sidebar to
// that top menu's part of the menu (menu/routes?topMenuId=), as Saber does; routes and search keep the whole menu.

import {
  api,
  clearDictionaries,
  clearLookups,
  setPermissions,
  setSessionRoles,
  setSessionUser,
} from '@ride-console/runtime';
import type { Schema } from '@ride-console/runtime/shell';
import { useSyncExternalStore } from 'react';
import { quietRefusals } from '../session/http-setup';
import { session, userRoles } from '../session/session-store';
import { menuCalls } from './menu-calls';
import {
  buttonCodes,
  type MenuEntry,
  menuCodes,
  redirectTable,
  routeTable,
  toMenuEntries,
  visibleFor,
} from './menu-entry';

/** A top menu of `menu/top-menu`. */
export type TopMenu = Pick<Schema<'Topmenu'>, 'id' | 'code' | 'name'>;

export interface MenuState {
  status: 'idle' | 'loading' | 'ready' | 'failed';
  entries: MenuEntry[];
  routes: Map<string, MenuEntry>;
  redirects: Map<string, string>;
  /** The person's top menus; none when none is configured (the header then shows no top menu). */
  tops: TopMenu[];
  /** The chosen top menu; undefined for 首页, the whole menu. */
  topId?: string;
  /** What the sidebar shows: the chosen top menu's part of the menu, else the whole menu. */
  side: MenuEntry[];
}

const empty: MenuState = { status: 'idle', entries: [], routes: new Map(), redirects: new Map(), tops: [], side: [] };
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
  /** Fetches routes, top menus and buttons side by side (none needs another's answer); one load at a time. */
  load(): Promise<void> {
    if (loading) return loading;
    publish({ ...state, status: 'loading' });
    // An answer that arrives after the session ended (a 401 signs out mid-load) belongs to no one and is dropped.
    const token = session.get().token;
    generation += 1;
    const mine = generation;
    // The screen may be drawn before the menu arrives (resolve-view.tsx): it already reads the person's own column
    // settings and role-locked rows.
    setSessionUser(session.get().user?.account ?? 'anonymous', session.get().user?.userId ?? '');
    setSessionRoles(userRoles(session.get().user));
    quietRefusals('menu', true);
    loading = (async () => {
      try {
        // Top menus are an extra: without them (or when they fail) the sidebar holds the whole menu.
        const [tree, tops, buttons] = await Promise.all([
          api.get(menuCalls.routes),
          api.get(menuCalls.topMenu, {}, { quiet: true }).catch(() => []),
          api.get(menuCalls.buttons),
        ]);
        const entries = visibleFor(toMenuEntries(tree ?? []), userRoles(session.get().user));
        if (session.get().token !== token) return;
        setPermissions([...buttonCodes(buttons ?? []), ...menuCodes(tree ?? [])]);
        publish({
          status: 'ready',
          entries,
          routes: routeTable(entries),
          redirects: redirectTable(entries),
          tops: (tops ?? []).map((top) => ({
            id: String(top.id),
            code: String(top.code ?? ''),
            name: String(top.name),
          })),
          side: entries,
        });
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
  /** Narrows the sidebar to a top menu (undefined: 首页, the whole menu); answers what the sidebar now shows. */
  async chooseTop(topId: string | undefined): Promise<MenuEntry[]> {
    const token = session.get().token;
    const side = topId
      ? visibleFor(
          toMenuEntries((await api.get(menuCalls.routes, { topMenuId: topId })) ?? []),
          userRoles(session.get().user),
        )
      : state.entries;
    if (session.get().token === token && state.status === 'ready') publish({ ...state, topId, side });
    return side;
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
