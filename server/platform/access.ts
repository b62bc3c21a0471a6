// The caller of a request and what the platform asks about one: who holds a menu or button code, which rows of a
// screen it may see. The system area answers (system/permissions); the app hands those answers in when it is built
// (server/app.ts decorates the app with them), so the engine names no domain module.
import type { FastifyRequest } from 'fastify';
import type { AppContext } from './context.js';

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

/** The rows of a screen a caller may see: every row, those of some departments, or only its own. */
export type DataScope = { kind: 'all' } | { kind: 'depts'; deptIds: number[] } | { kind: 'own'; userId: number };

export interface Access {
  /** True when one of the caller's live roles is granted the menu or button with this code. */
  holdsCode: (ctx: AppContext, user: SessionUser, code: string) => Promise<boolean>;
  /** The caller's data scope on a menu's rows. */
  dataScopeOf: (request: FastifyRequest, menuCode: string) => Promise<DataScope>;
}

/**
 * A button code; or, for a call that adds or changes (submit), the add and the edit button and how to tell which
 * one the input asks for (by default: the body carries an id).
 */
export type RouteButton =
  | string
  | { add: string; edit: string; editing?: (request: FastifyRequest) => boolean | Promise<boolean> };

/** `<menu>_add` to add, `<menu>_edit` to change. */
export const addOrEdit = (menu: string, editing?: (request: FastifyRequest) => boolean | Promise<boolean>) => ({
  add: `${menu}_add`,
  edit: `${menu}_edit`,
  ...(editing ? { editing } : {}),
});

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the sign-in check (system/auth/plugin.ts); null for a caller without a token. */
    user: SessionUser | null;
  }
  interface FastifyInstance {
    access: Access;
  }
}
