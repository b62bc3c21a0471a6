// Spec §4: every second, compare the age of the stored token with the configured token time; refresh once it is
// reached, with at most one refresh in flight.
import { useEffect } from 'react';
import { settings } from '../config/settings';
import { refreshAccessToken } from './auth-api';
import { session } from './session-store';

let refreshing = false;

/** Seconds since the token was stored, as the token time is counted in seconds (see src/README.md). */
export const tokenAgeSeconds = (storedAt: number, now: number): number => (now - storedAt) / 1000;

export async function checkToken(now: number = Date.now()): Promise<void> {
  const storedAt = session.tokenTime();
  const refreshToken = session.get().refreshToken;
  if (refreshing || storedAt === undefined || !refreshToken) return;
  if (tokenAgeSeconds(storedAt, now) < settings.tokenTime) return;
  refreshing = true;
  try {
    session.storeTokens(await refreshAccessToken(refreshToken));
  } catch {
    // A refused refresh leaves the old token; the next call that the server refuses with 401 signs the person out.
  } finally {
    refreshing = false;
  }
}

export const isRefreshing = (): boolean => refreshing;

export function useTokenRefresh(): void {
  useEffect(() => {
    const timer = setInterval(() => void checkToken(), settings.tokenCheckIntervalMs);
    return () => clearInterval(timer);
  }, []);
}
