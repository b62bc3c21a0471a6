// The permission codes of the session (its buttons and menus), set by the shell after sign-in; every check is a
// synchronous lookup.
import { useSyncExternalStore } from 'react';
import type { Permission } from './schema/types';

let codes = new Set<string>();
const listeners = new Set<() => void>();

export function setPermissions(list: Iterable<string>): void {
  codes = new Set(list);
  for (const listener of listeners) listener();
}

export function hasPermission(code: Permission | undefined): boolean {
  if (code === undefined) return false;
  return code === true || codes.has(code);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Re-renders when the shell sets a new permission set (after a new sign-in). */
export function usePermissionSet(): (code: Permission | undefined) => boolean {
  useSyncExternalStore(subscribe, () => codes);
  return hasPermission;
}

export function usePermission(code: Permission | undefined): boolean {
  return usePermissionSet()(code);
}

let userKey = 'anonymous';
let userId = '';
/**
 * The signed-in account, so that column settings are kept per user, and its user id, which rules compare with a row's
 * (`{ "me": [] }`: the approve button is not offered on one's own request).
 */
export function setSessionUser(key: string, id = ''): void {
  userKey = key;
  userId = id;
}
export const sessionUser = (): string => userKey;
export const sessionUserId = (): string => userId;

let roles: string[] = [];
/** The role aliases of the signed-in account (e.g. administrator), for rows only some roles may change. */
export function setSessionRoles(list: string[]): void {
  roles = [...list];
}
export const sessionRoles = (): string[] => roles;
