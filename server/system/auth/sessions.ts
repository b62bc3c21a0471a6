// Sessions: one row per sign-in, named by both of its tokens. Revoking the row (logout) refuses both tokens on every
// instance; refreshing rotates the refresh token, so only the newest one is accepted.
import crypto from 'node:crypto';
import { sql } from 'kysely';
import type { SessionUser } from '../../platform/access.js';
import type { AppContext } from '../../platform/context.js';
import { nextId } from '../../platform/db/ids.js';
import { now, secondsFromNow } from '../../platform/db/time.js';
import { signToken, type VerifyResult, verifyToken } from './jwt.js';

export interface TokenLifetimes {
  accessSeconds: number;
  refreshSeconds: number;
}

export interface SignedInUser {
  /** -1 for a social account that is not bound to a user yet. */
  userId: number;
  oauthId: number | null;
  /** A customer-app sign-in: the customer, with userId 0. */
  customerId?: number;
}

export interface IssuedTokens {
  sessionId: number;
  accessToken: string;
  refreshToken: string;
  expiresIn: number;
}

const newJti = (): string => crypto.randomBytes(12).toString('base64url');
const nowSeconds = (): number => Math.floor(Date.now() / 1000);

function sign(sessionId: number, refreshJti: string, lifetimes: TokenLifetimes, secret: string): IssuedTokens {
  const iat = nowSeconds();
  const sid = String(sessionId);
  return {
    sessionId,
    accessToken: signToken({ sid, typ: 'access', jti: newJti(), iat, exp: iat + lifetimes.accessSeconds }, secret),
    refreshToken: signToken({ sid, typ: 'refresh', jti: refreshJti, iat, exp: iat + lifetimes.refreshSeconds }, secret),
    expiresIn: lifetimes.accessSeconds,
  };
}

export async function openSession(
  ctx: AppContext,
  secret: string,
  who: SignedInUser,
  clientId: string,
  grantType: string,
  lifetimes: TokenLifetimes,
): Promise<IssuedTokens> {
  const id = nextId();
  const refreshJti = newJti();
  // Sessions whose refresh token has expired can never be used again; drop them as new ones open.
  await ctx.db.deleteFrom('blade_session').where('refreshExpireTime', '<', now()).execute();
  await ctx.db
    .insertInto('blade_session')
    .values({
      id,
      userId: who.userId,
      oauthId: who.oauthId,
      customerId: who.customerId ?? null,
      clientId,
      grantType,
      refreshJti,
      accessExpireTime: secondsFromNow(lifetimes.accessSeconds),
      refreshExpireTime: secondsFromNow(lifetimes.refreshSeconds),
      createTime: now(),
    })
    .execute();
  return sign(id, refreshJti, lifetimes, secret);
}

export type RefreshResult =
  | {
      ok: true;
      tokens: IssuedTokens;
      userId: number;
      oauthId: number | null;
      customerId: number | null;
      clientId: string;
    }
  | { ok: false };

/** Exchanges a refresh token for new tokens; the old refresh token stops working at once (compare-and-set). */
export async function rotateSession(
  ctx: AppContext,
  secret: string,
  refreshToken: string,
  clientId: string,
  lifetimes: TokenLifetimes,
): Promise<RefreshResult> {
  const verified = verifyToken(refreshToken, secret);
  if (!verified.ok || verified.claims.typ !== 'refresh') return { ok: false };
  const sessionId = Number(verified.claims.sid);
  const session = await ctx.db
    .selectFrom('blade_session')
    .select(['userId', 'oauthId', 'customerId', 'clientId'])
    .where('id', '=', sessionId)
    .where('revoked', '=', 0)
    .where('refreshJti', '=', verified.claims.jti)
    .executeTakeFirst();
  if (!session || session.clientId !== clientId) return { ok: false };
  const refreshJti = newJti();
  const rotated = await ctx.db
    .updateTable('blade_session')
    .set({
      refreshJti,
      accessExpireTime: secondsFromNow(lifetimes.accessSeconds),
      refreshExpireTime: secondsFromNow(lifetimes.refreshSeconds),
      updateTime: now(),
    })
    .where('id', '=', sessionId)
    .where('revoked', '=', 0)
    .where('refreshJti', '=', verified.claims.jti)
    .executeTakeFirst();
  // A concurrent refresh with the same token already won: this one is refused like any used token.
  if (Number(rotated.numUpdatedRows) !== 1) return { ok: false };
  return {
    ok: true,
    tokens: sign(sessionId, refreshJti, lifetimes, secret),
    userId: session.userId,
    oauthId: session.oauthId,
    customerId: session.customerId,
    clientId: session.clientId,
  };
}

export async function revokeSession(ctx: AppContext, sessionId: number): Promise<void> {
  await ctx.db
    .updateTable('blade_session')
    .set({ revoked: 1, updateTime: now() })
    .where('id', '=', sessionId)
    .execute();
}

/** Ends every session of these users (password reset, removal), except the one named by `keep` (own password change). */
export async function revokeUserSessions(ctx: AppContext, userIds: number[], keep?: number): Promise<void> {
  if (userIds.length === 0) return;
  let revoke = ctx.db
    .updateTable('blade_session')
    .set({ revoked: 1, updateTime: now() })
    .where('userId', 'in', userIds)
    .where('revoked', '=', 0);
  if (keep !== undefined) revoke = revoke.where('id', '!=', keep);
  await revoke.execute();
}

export type CallerResult = { ok: true; user: SessionUser } | { ok: false; reason: 'forged' | 'expired' };

/**
 * The live roles a user row holds, joined beside it: one row per role, or one with no alias when there is none. The
 * stored comma list is matched whole (`,1,` in `,11,1,`), blanks in it ignored, as idList reads it.
 */
const holdsRole = sql<boolean>`(',' || replace(${sql.ref('u.roleId')}, ' ', '') || ',') like ('%,' || ${sql.ref('r.id')} || ',%')`;

/**
 * The caller named by an access token: its session with its user and that user's live roles' aliases, or with the
 * customer a customer-app session signed in, read in one query.
 */
export async function callerOf(ctx: AppContext, secret: string, accessToken: string): Promise<CallerResult> {
  const verified: VerifyResult = verifyToken(accessToken, secret);
  if (!verified.ok) return verified;
  if (verified.claims.typ !== 'access') return { ok: false, reason: 'forged' };
  const rows = await ctx.db
    .selectFrom('blade_session as s')
    .leftJoin('blade_user as u', (join) => join.onRef('u.id', '=', 's.userId').on('u.isDeleted', '=', 0))
    .leftJoin('blade_role as r', (join) => join.on(holdsRole).on('r.isDeleted', '=', 0))
    .leftJoin('biz_customer as c', (join) => join.onRef('c.id', '=', 's.customerId').on('c.isDeleted', '=', 0))
    .select([
      's.id',
      's.userId',
      's.oauthId',
      's.customerId',
      's.clientId',
      's.revoked',
      'u.id as foundUserId',
      'u.tenantId',
      'u.account',
      'u.name',
      'u.realName',
      'u.roleId',
      'u.deptId',
      'u.postId',
      'u.status',
      'r.roleAlias',
      'c.nickName as customerNickName',
      'c.status as customerStatus',
    ])
    .where('s.id', '=', Number(verified.claims.sid))
    .execute();
  const [row] = rows;
  if (row?.revoked !== 0) return { ok: false, reason: 'expired' };
  if (row.customerId !== null) return customerCaller(row);
  const bound = row.userId !== -1;
  if (bound && (row.foundUserId === null || row.status !== 1)) return { ok: false, reason: 'expired' };
  const roleId = row.roleId ?? '';
  return {
    ok: true,
    user: {
      userId: row.userId,
      tenantId: row.tenantId ?? '000000',
      account: row.account ?? '',
      userName: row.name ?? '',
      realName: row.realName ?? '',
      roleId,
      deptId: row.deptId ?? '',
      postId: row.postId ?? '',
      roleAliases: rows.flatMap((held) => (held.roleAlias === null ? [] : [held.roleAlias])),
      clientId: row.clientId,
      sessionId: row.id,
      oauthId: row.oauthId,
      customerId: null,
    },
  };
}

/** A customer-app session's caller: no roles, no department, only the customer it signed in, while active. */
function customerCaller(row: {
  id: number;
  clientId: string;
  customerId: number | null;
  customerNickName: string | null;
  customerStatus: number | null;
}): CallerResult {
  if (row.customerStatus !== 1) return { ok: false, reason: 'expired' };
  return {
    ok: true,
    user: {
      userId: 0,
      tenantId: '000000',
      account: '',
      userName: row.customerNickName ?? '',
      realName: '',
      roleId: '',
      deptId: '',
      postId: '',
      roleAliases: [],
      clientId: row.clientId,
      sessionId: row.id,
      oauthId: null,
      customerId: row.customerId,
    },
  };
}
