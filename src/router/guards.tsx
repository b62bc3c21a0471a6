// Spec §2 routing rules: signed out → /login; signed in on /login → /; locked → /lock.
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { settings } from '../config/settings';
import { session, useSession } from '../session/session-store';

export function RequireSession({ children }: { children: ReactNode }) {
  const { token, locked } = useSession();
  const location = useLocation();
  if (!token) {
    const here = `${location.pathname}${location.search}`;
    const redirect = here === '/' ? '' : `?redirect=${encodeURIComponent(here)}`;
    return <Navigate to={`/login${redirect}`} replace />;
  }
  if (locked) return <Navigate to={settings.lockPath} replace />;
  return children;
}

/** Where a visitor of /login goes once signed in: the page that sent them there, or home. */
export function afterSignIn(search: string): string {
  const redirect = new URLSearchParams(search).get('redirect');
  return redirect?.startsWith('/') && !redirect.startsWith('//') && !redirect.startsWith('/login') ? redirect : '/';
}

export function GuestOnly({ children }: { children: ReactNode }) {
  const { token, locked } = useSession();
  const location = useLocation();
  if (token) return <Navigate to={locked ? settings.lockPath : afterSignIn(location.search)} replace />;
  return children;
}

/** The lock page needs a session; once unlocked it leads back to the page that was locked. */
export function RequireLocked({ children }: { children: ReactNode }) {
  const { token, locked } = useSession();
  if (!token) return <Navigate to="/login" replace />;
  if (!locked) return <Navigate to={session.lockedPage()} replace />;
  return children;
}
