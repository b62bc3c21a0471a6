// Signing out: the server revokes the session, then everything local is cleared (spec §4).
import { revokeSession } from './auth-api';
import { session } from './session-store';

export async function signOut(): Promise<void> {
  try {
    await revokeSession();
  } catch {
    // The local session ends even when the server cannot be told.
  }
  session.clear();
}
