// The grants of POST /oauth/token: password, captcha, refresh_token, social, sms_code, and wechat_app (the customer
// app's, whose session names a customer, not a staff user). Each either opens (or
// rotates) a session and answers the flat token, or throws a TokenRefusal with the message the console shows.
import type { AppContext } from '../../platform/context.js';
import { nextId } from '../../platform/db/ids.js';
import { now } from '../../platform/db/time.js';
import { MSG_PENDING, USER_PENDING } from '../users/pending.js';
import { customerOfLoginCode } from './app-login.js';
import { consumeCaptcha } from './captcha.js';
import type { Client } from './client.js';
import { clearFailures, recordFailure, reserveAttempt } from './lockout.js';
import { hashPassword, needsRehash, verifyPassword } from './password.js';
import { openSession, rotateSession, type TokenLifetimes } from './sessions.js';
import { consumeSmsCode } from './sms-code.js';
import { providerOf } from './social/provider.js';
import {
  customerTokenAnswer,
  MSG_BAD_CAPTCHA,
  MSG_BAD_CREDENTIALS,
  MSG_BAD_REFRESH,
  MSG_DISABLED,
  MSG_LOCKED,
  type TokenAnswer,
  TokenRefusal,
  tokenAnswer,
} from './token-answer.js';

export const GRANT_TYPES = ['password', 'captcha', 'refresh_token', 'social', 'sms_code', 'wechat_app'] as const;
export type GrantType = (typeof GRANT_TYPES)[number];

export interface GrantInput {
  grantType: GrantType;
  username?: string;
  password?: string;
  refreshToken?: string;
  source?: string;
  code?: string;
  state?: string;
  phone?: string;
  captchaKey?: string;
  captchaCode?: string;
}

export interface GrantContext {
  ctx: AppContext;
  secret: string;
  client: Client;
  /** CAPTCHA_ENABLED: when on, the password grant must carry a valid captcha too. */
  captchaRequired: boolean;
}

// Spent on unknown accounts so they take as long to refuse as a wrong password.
const DUMMY_HASH = hashPassword('0'.repeat(32));

const required = (value: string | undefined, field: string): string => {
  if (value === undefined || value.trim() === '') throw new TokenRefusal(`${field} 不能为空`);
  return value;
};

/** A user that may not sign in: a registration still waiting for approval, or a disabled account. */
function refuseInactive(status: number | null): void {
  if (status === USER_PENDING) throw new TokenRefusal(MSG_PENDING);
  if (status !== 1) throw new TokenRefusal(MSG_DISABLED);
}

const lifetimesOf = (client: Client): TokenLifetimes => ({
  accessSeconds: client.accessSeconds,
  refreshSeconds: client.refreshSeconds,
});

async function signInAs(g: GrantContext, userId: number, grantType: string, oauthId: number | null = null) {
  const tokens = await openSession(
    g.ctx,
    g.secret,
    { userId, oauthId },
    g.client.clientId,
    grantType,
    lifetimesOf(g.client),
  );
  return tokenAnswer(g.ctx, userId, oauthId, tokens);
}

async function passwordGrant(g: GrantContext, input: GrantInput, checkCaptcha: boolean): Promise<TokenAnswer> {
  const account = required(input.username, 'username').trim();
  const password = required(input.password, 'password');
  if (checkCaptcha && !(await consumeCaptcha(g.ctx, input.captchaKey ?? '', input.captchaCode ?? ''))) {
    throw new TokenRefusal(MSG_BAD_CAPTCHA);
  }
  if (!(await reserveAttempt(g.ctx, account))) throw new TokenRefusal(MSG_LOCKED);
  const user = await g.ctx.db
    .selectFrom('blade_user')
    .select(['id', 'password', 'status'])
    .where('account', '=', account)
    .where('isDeleted', '=', 0)
    .executeTakeFirst();
  const wellFormed = /^[0-9a-f]{32}$/i.test(password);
  const stored = user?.password ?? (await DUMMY_HASH);
  const matches = wellFormed && (await verifyPassword(password, stored)) && user !== undefined;
  if (!user || !matches) {
    await recordFailure(g.ctx, account);
    throw new TokenRefusal(MSG_BAD_CREDENTIALS);
  }
  await clearFailures(g.ctx, [account]);
  refuseInactive(user.status);
  if (needsRehash(user.password)) {
    await g.ctx.db
      .updateTable('blade_user')
      .set({ password: await hashPassword(password) })
      .where('id', '=', user.id)
      .execute();
  }
  return signInAs(g, user.id, input.grantType);
}

async function refreshGrant(g: GrantContext, input: GrantInput): Promise<TokenAnswer> {
  const refreshToken = required(input.refreshToken, 'refresh_token');
  const rotated = await rotateSession(g.ctx, g.secret, refreshToken, g.client.clientId, lifetimesOf(g.client));
  if (!rotated.ok) throw new TokenRefusal(MSG_BAD_REFRESH);
  if (rotated.customerId !== null) return customerTokenAnswer(g.ctx, rotated.customerId, rotated.tokens);
  if (rotated.userId === -1) {
    return tokenAnswer(g.ctx, -1, rotated.oauthId, rotated.tokens, await unboundOf(g.ctx, rotated.oauthId));
  }
  return tokenAnswer(g.ctx, rotated.userId, rotated.oauthId, rotated.tokens);
}

async function unboundOf(ctx: AppContext, oauthId: number | null) {
  const row =
    oauthId === null
      ? undefined
      : await ctx.db
          .selectFrom('blade_user_oauth')
          .select(['username', 'avatar'])
          .where('id', '=', oauthId)
          .executeTakeFirst();
  return { oauthId: oauthId ?? -1, username: row?.username ?? '', avatar: row?.avatar ?? '' };
}

async function socialGrant(g: GrantContext, input: GrantInput): Promise<TokenAnswer> {
  const source = required(input.source, 'source');
  const code = required(input.code, 'code');
  const provider = providerOf(g.ctx, source);
  if (!provider) throw new TokenRefusal(`不支持的登录方式: ${source}`);
  const identity = await provider.exchange(g.ctx, code, input.state ?? '');
  if (!identity) throw new TokenRefusal('第三方授权已失效,请重新登录');
  await g.ctx.db
    .insertInto('blade_user_oauth')
    .values({
      id: nextId(),
      uuid: identity.uuid,
      source,
      username: identity.username,
      nickname: identity.username,
      avatar: identity.avatar,
      createTime: now(),
    })
    .onConflict((oc) => oc.columns(['source', 'uuid']).doNothing())
    .execute();
  const binding = await g.ctx.db
    .selectFrom('blade_user_oauth as o')
    .leftJoin('blade_user as u', (join) => join.onRef('u.id', '=', 'o.userId').on('u.isDeleted', '=', 0))
    .select(['o.id', 'o.username', 'o.avatar', 'u.id as userId', 'u.status'])
    .where('o.source', '=', source)
    .where('o.uuid', '=', identity.uuid)
    .executeTakeFirstOrThrow();
  if (binding.userId !== null) {
    refuseInactive(binding.status);
    return signInAs(g, binding.userId, 'social', binding.id);
  }
  const tokens = await openSession(
    g.ctx,
    g.secret,
    { userId: -1, oauthId: binding.id },
    g.client.clientId,
    'social',
    lifetimesOf(g.client),
  );
  return tokenAnswer(g.ctx, -1, binding.id, tokens, {
    oauthId: binding.id,
    username: binding.username ?? '',
    avatar: binding.avatar ?? '',
  });
}

async function smsGrant(g: GrantContext, input: GrantInput): Promise<TokenAnswer> {
  const phone = required(input.phone, 'phone').trim();
  const code = required(input.code, 'code');
  const loginName = `sms:${phone}`;
  if (!(await reserveAttempt(g.ctx, loginName))) throw new TokenRefusal(MSG_LOCKED);
  if (!(await consumeSmsCode(g.ctx, phone, code))) {
    await recordFailure(g.ctx, loginName);
    throw new TokenRefusal(MSG_BAD_CAPTCHA);
  }
  await clearFailures(g.ctx, [loginName]);
  const user = await g.ctx.db
    .selectFrom('blade_user')
    .select(['id', 'status'])
    .where('phone', '=', phone)
    .where('isDeleted', '=', 0)
    .orderBy('id')
    .executeTakeFirst();
  if (!user) throw new TokenRefusal('该手机号未绑定账号');
  refuseInactive(user.status);
  return signInAs(g, user.id, 'sms_code');
}

/** The customer app: the wx.login code exchanged for the customer, who gets a session of their own. */
async function customerGrant(g: GrantContext, input: GrantInput): Promise<TokenAnswer> {
  const customerId = await customerOfLoginCode(g.ctx, required(input.code, 'code'));
  const tokens = await openSession(
    g.ctx,
    g.secret,
    { userId: 0, oauthId: null, customerId },
    g.client.clientId,
    'wechat_app',
    lifetimesOf(g.client),
  );
  return customerTokenAnswer(g.ctx, customerId, tokens);
}

export async function runGrant(g: GrantContext, input: GrantInput): Promise<TokenAnswer> {
  if (!g.client.grantTypes.includes(input.grantType)) {
    throw new TokenRefusal(`客户端不支持该授权类型: ${input.grantType}`);
  }
  switch (input.grantType) {
    case 'password':
      return passwordGrant(g, input, g.captchaRequired);
    case 'captcha':
      return passwordGrant(g, input, true);
    case 'refresh_token':
      return refreshGrant(g, input);
    case 'social':
      return socialGrant(g, input);
    case 'sms_code':
      return smsGrant(g, input);
    case 'wechat_app':
      return customerGrant(g, input);
  }
}
