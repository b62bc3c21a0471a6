// Spec §2 routing rules: signed out → /login; signed in on /login → /; locked → /lock.
import { type ReactNode, useRef } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { settings } from '../config/settings';
import { session, useSession } from '../session/session-store';

/** The error pages a signed-out visitor may read (spec §2: no auth needed). */
const OPEN_PAGES: Record<string, 403 | 404> = { '/403': 403, '/404': 404 };

export function RequireSession({
  children,
  alone,
}: {
  children: ReactNode;
  /** An error page as a signed-out visitor reads it, without the console around it. */
  alone: (status: 403 | 404) => ReactNode;
}) {
  const { token, locked } = useSession();
  const location = useLocation();
  // A session that ends while the console is shown (signed out, revoked) leads to sign-in, from an error page too.
  const hadSession = useRef(false);
  if (token) hadSession.current = true;
  const open = OPEN_PAGES[location.pathname];
  if (!token && open && !hadSession.current) return alone(open);
  if (!token) {
    const here = `${location.pathname}${location.search}`;
    // Home and the error pages are no page to come back to after signing in.
    const redirect = ['/', '/403', '/404'].includes(here) ? '' : `?redirect=${encodeURIComponent(here)}`;
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
