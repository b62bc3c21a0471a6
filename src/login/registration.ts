// Whether the signed-in account came from a third party without a user of its own, and must register (spec §2).
import type { UserInfo } from '../session/session-store';

export function needsRegistration(user?: UserInfo): boolean {
  if (!user) return false;
  const id = Number(user.userId);
  return !user.userId || Number.isNaN(id) || id < 0;
}
