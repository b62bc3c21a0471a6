// How a route declares who may call it (the caller itself, `SessionUser`, is the platform's: platform/access.ts).
import type { RouteButton } from '../../platform/access.js';

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
