// What a request knows about its caller, and how a route declares who may call it.
import type { RouteButton } from './buttons.js';

export interface SessionUser {
  /** -1 for a social account not yet bound to a user (it may only read its own, empty, session). */
  userId: number;
  tenantId: string;
  account: string;
  userName: string;
  realName: string;
  /** Comma lists of ids, as stored on the user row. */
  roleId: string;
  deptId: string;
  postId: string;
  /** Role aliases, e.g. `administrator`. */
  roleAliases: string[];
  clientId: string;
  /** The session row the access token belongs to (revocation is per session). */
  sessionId: number;
  /** The social binding the session was opened with, if any. */
  oauthId: number | null;
  /** A customer-app caller's customer (userId is then 0, with no roles); null for staff. */
  customerId: number | null;
}

/**
 * Who may call a route, declared in its `config.access`:
 * - `public`: anyone (sign-in, captcha);
 * - `signedIn`: any signed-in staff caller (user-info, routes, buttons, dictionaries, own profile);
 * - `customer`: a customer signed in through the customer app's client, and nobody else;
 * - `{ menu }`: a caller whose roles are granted that menu code (or, given a list, any of them: a screen reading
 *   another screen's rows); a button the call needs beyond the menu is declared beside it in `config.button`.
 */
export type RouteAccess = 'public' | 'signedIn' | 'customer' | { menu: string | string[] };

declare module 'fastify' {
  interface FastifyRequest {
    user: SessionUser | null;
  }
  interface FastifyContextConfig {
    access?: RouteAccess;
    /** The button the caller's roles must hold (administrator holds all); 403 otherwise (buttons.ts). */
    button?: RouteButton;
  }
  interface FastifyInstance {
    /** The token-signing secret (TOKEN_SECRET or the one kept in blade_setting). */
    tokenSecret: string;
  }
}
