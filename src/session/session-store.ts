// The signed-in session: tokens, the person, menu, permissions and the lock, with one subscription for React.
import { useSyncExternalStore } from 'react';
import { settings } from '../config/settings';
import type { TokenAnswer } from './auth-api';
import { removeTokenCookie, setTokenCookie } from './cookie';
import { getRecord, getStore, removeStore, setStore } from './storage';

export interface UserInfo {
  userId: string;
  account: string;
  userName: string;
  nickName: string;
  roleName: string;
  avatar: string;
  oauthId: string;
  tenantId: string;
}

export interface SessionState {
  token?: string;
  refreshToken?: string;
  user?: UserInfo;
  locked: boolean;
}

const keys = {
  token: 'token',
  refreshToken: 'refresh-token',
  user: 'user-info',
  locked: 'is-lock',
  lockPassword: 'lock-password',
  lockedPage: 'locked-page',
} as const;

function readState(): SessionState {
  return {
    token: getStore<string>(keys.token) || undefined,
    refreshToken: getStore<string>(keys.refreshToken) || undefined,
    user: getStore<UserInfo>(keys.user),
    locked: getStore<boolean>(keys.locked, 'session') === true,
  };
}

let state: SessionState = readState();
const listeners = new Set<() => void>();

function publish(next: Partial<SessionState>): void {
  state = { ...state, ...next };
  for (const listener of listeners) listener();
}

const signOutHooks = new Set<() => void>();

export const session = {
  get: (): SessionState => state,
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  /** Time the access token was stored (ms since epoch). */
  tokenTime: (): number | undefined => getRecord<string>(keys.token)?.datetime,
  signedIn(answer: Partial<TokenAnswer>): void {
    const user: UserInfo = {
      userId: answer.user_id ?? '',
      account: answer.account ?? '',
      userName: answer.user_name ?? '',
      nickName: answer.nick_name ?? '',
      roleName: answer.role_name ?? '',
      avatar: answer.avatar || '',
      oauthId: answer.oauth_id ?? '',
      tenantId: answer.tenant_id ?? '',
    };
    this.storeTokens(answer);
    setStore(keys.user, user);
    removeStore(keys.locked, 'session');
    removeStore(keys.lockPassword, 'session');
    removeStore(keys.lockedPage, 'session');
    publish({ user, locked: false });
  },
  storeTokens(answer: Partial<TokenAnswer>): void {
    const token = answer.access_token ?? '';
    setStore(keys.token, token);
    setStore(keys.refreshToken, answer.refresh_token ?? '');
    setTokenCookie(token);
    publish({ token: token || undefined, refreshToken: answer.refresh_token || undefined });
  },
  updateUser(partial: Partial<UserInfo>): void {
    if (!state.user) return;
    const user = { ...state.user, ...partial };
    setStore(keys.user, user);
    publish({ user });
  },
  /** Clears tokens, the person, menu, roles and tabs (the hooks clear what other modules hold). */
  clear(): void {
    for (const name of Object.values(keys)) removeStore(name);
    removeStore(keys.locked, 'session');
    removeStore(keys.lockPassword, 'session');
    removeStore(keys.lockedPage, 'session');
    removeTokenCookie();
    for (const hook of signOutHooks) hook();
    publish({ token: undefined, refreshToken: undefined, user: undefined, locked: false });
  },
  onClear(hook: () => void): () => void {
    signOutHooks.add(hook);
    return () => signOutHooks.delete(hook);
  },
  /** Locks the console over `page` (path and query), where unlocking returns. */
  lock(password: string, page: string): void {
    setStore(keys.lockPassword, password, 'session');
    setStore(keys.lockedPage, page, 'session');
    setStore(keys.locked, true, 'session');
    publish({ locked: true });
  },
  lockPassword: (): string | undefined => getStore<string>(keys.lockPassword, 'session'),
  unlock(): void {
    removeStore(keys.locked, 'session');
    publish({ locked: false });
  },
  /** The page the last lock was taken over (home when none was kept): where unlocking returns. */
  lockedPage(): string {
    const page = getStore<string>(keys.lockedPage, 'session');
    return page?.startsWith('/') && !page.startsWith('//') ? page : '/';
  },
};

export function useSession(): SessionState {
  return useSyncExternalStore(session.subscribe, session.get, session.get);
}

export const userRoles = (user?: UserInfo): string[] =>
  (user?.roleName ?? '')
    .split(',')
    .map((role) => role.trim())
    .filter(Boolean);

export const avatarOf = (user?: UserInfo): string => user?.avatar || settings.defaultAvatar;
