// The flat token answer of contract §4 (no envelope), and the OAuth-style failure `{error_code, error_description}`.
import type { AppContext } from '../../platform/context.js';
import type { AnswerDoc } from '../../platform/docs/record.js';
import { liveRoleAliases } from './role-aliases.js';
import type { IssuedTokens } from './sessions.js';

export interface TokenAnswer {
  tenant_id: string;
  user_id: string;
  dept_id: string;
  post_id: string;
  role_id: string;
  oauth_id: string;
  account: string;
  user_name: string;
  nick_name: string;
  role_name: string;
  avatar: string;
  access_token: string;
  refresh_token: string;
  token_type: 'bearer';
  expires_in: number;
  detail: { type: 'web' | 'app' };
  /** A customer-app token's customer. */
  customer_id?: string;
}

const text = { type: 'string' };

/** The token answer in the OpenAPI document (each field of `TokenAnswer` declared, the customer's alone optional). */
export const TOKEN_ANSWER_DOC: AnswerDoc = {
  name: 'Token',
  flat: {
    type: 'object',
    required: [
      'tenant_id',
      'user_id',
      'dept_id',
      'post_id',
      'role_id',
      'oauth_id',
      'account',
      'user_name',
      'nick_name',
      'role_name',
      'avatar',
      'access_token',
      'refresh_token',
      'token_type',
      'expires_in',
      'detail',
    ],
    properties: {
      tenant_id: text,
      user_id: text,
      dept_id: text,
      post_id: text,
      role_id: text,
      oauth_id: text,
      account: text,
      user_name: text,
      nick_name: text,
      role_name: { type: 'string', description: 'role aliases, comma separated' },
      avatar: text,
      access_token: text,
      refresh_token: text,
      token_type: { const: 'bearer' },
      expires_in: { type: 'integer', description: 'seconds' },
      detail: {
        type: 'object',
        required: ['type'],
        properties: { type: { enum: ['web', 'app'] } },
      },
      customer_id: { type: 'string', description: "a customer-app token's customer" },
    } satisfies Record<keyof TokenAnswer, object>,
  },
  refusal: {
    type: 'object',
    required: ['error_code', 'error_description'],
    properties: { error_code: { type: 'integer' }, error_description: { type: 'string' } },
  },
};

/** A refused grant: HTTP 400 (401 for the client check) with the message the console shows as it is. */
export class TokenRefusal extends Error {
  constructor(
    message: string,
    readonly status = 400,
  ) {
    super(message);
    this.name = 'TokenRefusal';
  }
}

export const MSG_BAD_CREDENTIALS = '用户名或密码不正确';
export const MSG_BAD_CAPTCHA = '验证码不正确';
export const MSG_LOCKED = '登录错误次数过多,请稍后再试';
export const MSG_BAD_CLIENT = '客户端认证失败';
export const MSG_BAD_REFRESH = '刷新令牌无效或已过期';
export const MSG_DISABLED = '账号已停用,请联系管理员';

/** For a session of a social account not bound to any user: user_id "-1" makes the console offer registration. */
export interface UnboundSocial {
  oauthId: number;
  username: string;
  avatar: string;
}

export async function tokenAnswer(
  ctx: AppContext,
  userId: number,
  oauthId: number | null,
  tokens: IssuedTokens,
  unbound?: UnboundSocial,
): Promise<TokenAnswer> {
  const base = {
    access_token: tokens.accessToken,
    refresh_token: tokens.refreshToken,
    token_type: 'bearer' as const,
    expires_in: tokens.expiresIn,
    detail: { type: 'web' as const },
  };
  const user =
    userId === -1
      ? undefined
      : await ctx.db
          .selectFrom('blade_user')
          .select(['tenantId', 'deptId', 'postId', 'roleId', 'account', 'name', 'realName', 'avatar'])
          .where('id', '=', userId)
          .executeTakeFirst();
  if (!user) {
    return {
      tenant_id: '000000',
      user_id: '-1',
      dept_id: '',
      post_id: '',
      role_id: '',
      oauth_id: String(unbound?.oauthId ?? oauthId ?? ''),
      account: '',
      user_name: unbound?.username ?? '',
      nick_name: unbound?.username ?? '',
      role_name: '',
      avatar: unbound?.avatar ?? '',
      ...base,
    };
  }
  return {
    tenant_id: user.tenantId,
    user_id: String(userId),
    dept_id: user.deptId ?? '',
    post_id: user.postId ?? '',
    role_id: user.roleId ?? '',
    oauth_id: oauthId === null ? '' : String(oauthId),
    account: user.account,
    user_name: user.account,
    nick_name: user.name || user.realName || user.account,
    role_name: (await liveRoleAliases(ctx, user.roleId)).join(','),
    avatar: user.avatar ?? '',
    ...base,
  };
}

/** A customer-app token: the customer in place of a user, no roles, no department. */
export async function customerTokenAnswer(
  ctx: AppContext,
  customerId: number,
  tokens: IssuedTokens,
): Promise<TokenAnswer> {
  const customer = await ctx.db
    .selectFrom('biz_customer')
    .select(['nickName', 'avatar'])
    .where('id', '=', customerId)
    .executeTakeFirst();
  return {
    tenant_id: '000000',
    user_id: '',
    dept_id: '',
    post_id: '',
    role_id: '',
    oauth_id: '',
    account: '',
    user_name: '',
    nick_name: customer?.nickName ?? '',
    role_name: '',
    avatar: customer?.avatar ?? '',
    customer_id: String(customerId),
    access_token: tokens.accessToken,
    refresh_token: tokens.refreshToken,
    token_type: 'bearer',
    expires_in: tokens.expiresIn,
    detail: { type: 'app' },
  };
}
