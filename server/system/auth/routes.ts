// The sign-in calls under /api/blade-auth (contract §4). The token endpoints answer the flat OAuth shapes, not the
// envelope: `{access_token, …}` on success and `{error_code, error_description}` on failure.
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { FromSchema } from 'json-schema-to-ts';
import { type AnswerDoc, NOTHING, nullable, shape, text as textField } from '../../platform/docs/record.js';
import { BladeError, done, ok } from '../../platform/http/envelope.js';
import { languageOf } from '../../platform/http/language.js';
import type { RoutePlugin } from '../../platform/http/route-plugin.js';
import { validationMessage } from '../../platform/http/validation.js';
import { writeErrorLog } from '../logs/error-log.js';
import { issueCaptcha } from './captcha.js';
import { authenticateClient, type Client } from './client.js';
import { GRANT_TYPES, type GrantInput, type GrantType, runGrant } from './grants.js';
import { miniAppRoutes } from './miniapp/routes.js';
import { revokeSession } from './sessions.js';
import { smsCodeRoutes } from './sms-routes.js';
import { socialRoutes } from './social/routes.js';
import { MSG_BAD_CLIENT, TOKEN_ANSWER_DOC, TokenRefusal } from './token-answer.js';

const TAGS = ['认证'];

/** The captcha answer, flat: `enabled` says whether the console shows it and signs in with the captcha grant. */
const CAPTCHA_DOC: AnswerDoc = {
  name: 'Captcha',
  flat: {
    type: 'object',
    required: ['key', 'image', 'enabled'],
    properties: {
      key: { type: 'string' },
      image: { type: 'string', description: 'data:image/…;base64,…' },
      enabled: { type: 'boolean' },
    },
  },
};
const text = { type: 'string', maxLength: 2000 } as const;

const tokenQuery = {
  type: 'object',
  properties: {
    grant_type: {
      type: 'string',
      description: 'password | captcha | refresh_token | social | sms_code | wechat_app (the customer app)',
    },
    grantType: { type: 'string', description: 'grant_type (camelCase form)' },
    tenantId: { type: 'string', maxLength: 12 },
    username: { type: 'string', maxLength: 45 },
    password: { type: 'string', maxLength: 64, description: 'md5 hex of the password' },
    scope: text,
    type: text,
    refresh_token: text,
    source: { type: 'string', maxLength: 32 },
    code: { type: 'string', maxLength: 64 },
    state: { type: 'string', maxLength: 255 },
    phone: { type: 'string', maxLength: 20 },
  },
} as const;

type TokenQuery = FromSchema<typeof tokenQuery>;

const header = (request: FastifyRequest, name: string): string | undefined => {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
};

declare module 'fastify' {
  interface FastifyRequest {
    /** The client that passed the Basic check of a token endpoint. */
    oauthClient?: Client;
  }
}

/** Any failure of a token endpoint in the flat OAuth shape the console reads `error_description` from. */
function tokenErrorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof TokenRefusal) {
    return reply.status(error.status).send({ error_code: error.status, error_description: error.message });
  }
  if (error.validation) {
    const description = validationMessage(error.validation, error.validationContext, {
      language: languageOf(request),
    });
    return reply.status(400).send({ error_code: 400, error_description: description });
  }
  // A refused request (bad body, NUL byte, unsupported content type …) keeps its status and message.
  const refusal: unknown = error;
  if (refusal instanceof BladeError) {
    return reply.status(refusal.code).send({ error_code: refusal.code, error_description: refusal.message });
  }
  if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
    return reply.status(error.statusCode).send({ error_code: error.statusCode, error_description: error.message });
  }
  request.log.error(error);
  const { ctx } = request.server;
  writeErrorLog(ctx, request, error);
  const description = ctx.config.env === 'production' ? '服务器异常' : error.message;
  return reply.status(500).send({ error_code: 500, error_description: description });
}

/** The signed-in person as BladeX describes them: ids as text, lists of ids comma-joined, the roles' aliases. */
const USER_INFO: AnswerDoc = {
  name: 'SignedInUser',
  data: nullable(
    shape({
      tenantId: textField(),
      userId: textField(),
      account: textField(),
      userName: textField(),
      nickName: textField(),
      realName: textField(),
      deptId: textField('comma-joined ids'),
      postId: textField('comma-joined ids'),
      roleId: textField('comma-joined ids'),
      roleName: textField('comma-joined role aliases'),
      clientId: textField(),
      oauthId: textField('the social binding the session was opened with, empty for none'),
    }),
  ),
};

export const authRoutes: RoutePlugin = async (app) => {
  const checkClient = async (request: FastifyRequest) => {
    const client = await authenticateClient(app.ctx, header(request, 'authorization'));
    if (!client) throw new TokenRefusal(MSG_BAD_CLIENT, 401);
    request.oauthClient = client;
  };

  const token = async (request: FastifyRequest, query: TokenQuery, forced?: GrantType) => {
    const grantType = forced ?? query.grant_type ?? query.grantType;
    if (!grantType) throw new TokenRefusal('grant_type 不能为空');
    if (!(GRANT_TYPES as readonly string[]).includes(grantType))
      throw new TokenRefusal(`不支持的授权类型: ${grantType}`);
    const input: GrantInput = {
      grantType: grantType as GrantType,
      username: query.username,
      password: query.password,
      refreshToken: query.refresh_token,
      source: query.source,
      code: query.code,
      state: query.state,
      phone: query.phone,
      captchaKey: header(request, 'captcha-key'),
      captchaCode: header(request, 'captcha-code'),
    };
    const client = request.oauthClient as Client;
    return runGrant(
      { ctx: app.ctx, secret: app.tokenSecret, client, captchaRequired: app.ctx.config.captchaEnabled },
      input,
    );
  };

  const tokenRoute = {
    config: { access: 'public' as const, limit: 'signIn' as const, answer: TOKEN_ANSWER_DOC },
    preValidation: checkClient,
    errorHandler: tokenErrorHandler,
  };

  app.post(
    '/blade-auth/oauth/token',
    {
      ...tokenRoute,
      schema: {
        tags: TAGS,
        summary: '获取令牌 (password, captcha, refresh_token, social, sms_code, wechat_app)',
        description:
          'All fields are query parameters. Header `Authorization: Basic base64(clientId:clientSecret)`; the captcha grant (and the password grant while CAPTCHA_ENABLED) also needs headers Captcha-Key and Captcha-Code.',
        querystring: tokenQuery,
      },
    },
    (request) => token(request, request.query),
  );

  app.post(
    '/blade-auth/oauth/token/refresh',
    {
      ...tokenRoute,
      schema: {
        tags: TAGS,
        summary: '刷新令牌',
        querystring: {
          type: 'object',
          required: ['refresh_token'],
          properties: { refresh_token: text, grant_type: text, scope: text, tenantId: text },
        },
      },
    },
    (request) => token(request, request.query, 'refresh_token'),
  );

  app.get(
    '/blade-auth/oauth/captcha',
    {
      config: { access: 'public', answer: CAPTCHA_DOC },
      schema: { tags: TAGS, summary: '获取验证码 (flat {key, image, enabled})' },
    },
    // `enabled` tells the console whether to show the captcha and use the captcha grant (CAPTCHA_ENABLED).
    async () => ({ ...(await issueCaptcha(app.ctx)), enabled: app.ctx.config.captchaEnabled }),
  );

  // Public so a console holding an expired token can still sign out; a valid token's session is revoked.
  app.get(
    '/blade-auth/oauth/logout',
    {
      config: { access: 'public', answer: NOTHING },
      schema: { tags: TAGS, summary: '退出登录 (revokes the access and refresh token)' },
    },
    async (request) => {
      // The sign-in check has already read the token: a live session is the caller's.
      if (request.user) await revokeSession(app.ctx, request.user.sessionId);
      return done();
    },
  );

  app.get(
    '/blade-auth/oauth/user-info',
    { config: { access: 'signedIn', answer: USER_INFO }, schema: { tags: TAGS, summary: '当前登录用户' } },
    async (request) => {
      const user = request.user;
      if (!user) return ok(null);
      return ok({
        tenantId: user.tenantId,
        userId: String(user.userId),
        account: user.account,
        userName: user.account,
        nickName: user.userName,
        realName: user.realName,
        deptId: user.deptId,
        postId: user.postId,
        roleId: user.roleId,
        roleName: user.roleAliases.join(','),
        clientId: user.clientId,
        oauthId: user.oauthId === null ? '' : String(user.oauthId),
      });
    },
  );

  // Nothing is cached per process (permissions, params and dictionaries are read from the database on every
  // call, so every instance agrees); there is nothing to clear, and the console's button still succeeds.
  app.get(
    '/blade-auth/oauth/clear-cache',
    {
      config: { answer: NOTHING, access: 'signedIn' },
      schema: { tags: TAGS, summary: '清除缓存 (nothing is cached per process)' },
    },
    async () => done(),
  );

  await app.register(socialRoutes);
  await app.register(smsCodeRoutes);
  await app.register(miniAppRoutes);
};
