// The caller's own account: info, profile edits and password change (any signed-in user), and the registration of a
// social account while `account.registerUser` is "true". A registered account waits (status 2, USER_PENDING) until an
// administrator approves it on the user screen.

import type { FastifyRequest } from 'fastify';
import type { SessionUser } from '../../platform/access.js';
import { now } from '../../platform/db/time.js';
import { NOTHING } from '../../platform/docs/record.js';
import { fieldNames } from '../../platform/engine/schemas.js';
import { wireEmptyNumbers } from '../../platform/engine/wire-empty.js';
import { badRequest, done, forbidden, ok, unauthorized } from '../../platform/http/envelope.js';
import type { RoutePlugin } from '../../platform/http/route-plugin.js';
import { PARAM_REGISTER_USER, paramValue } from '../auth/params.js';
import { hashPassword, verifyPassword } from '../auth/password.js';
import { MSG_REGISTER_FIRST } from '../auth/plugin.js';
import { revokeUserSessions } from '../auth/sessions.js';
import { PROFILE_FIELDS, userFields } from './fields.js';
import { USER_PENDING } from './pending.js';
import { passwordQuery, profileBody, registerMessages, registerQuery, TAGS } from './schemas.js';
import { userRecord, usersOnWire } from './store.js';
import { insertUser, storedColumns } from './write.js';

/** The caller, who must be a user (a social session not yet bound to one has no account to edit). */
function bound(request: FastifyRequest): SessionUser {
  const user = request.user;
  if (!user || user.userId === -1) throw forbidden(MSG_REGISTER_FIRST);
  return user;
}

export const profileRoutes: RoutePlugin = async (app) => {
  const { ctx } = app;

  app.get(
    '/blade-user/info',
    {
      config: { access: 'signedIn', record: userRecord, answers: 'record' },
      schema: { tags: TAGS, summary: '当前用户信息' },
    },
    async (request) => {
      const caller = bound(request);
      const row = await ctx.db
        .selectFrom('blade_user')
        .selectAll()
        .where('id', '=', caller.userId)
        .executeTakeFirstOrThrow();
      const [user] = await usersOnWire(ctx, [{ ...row }]);
      return ok(user);
    },
  );

  app.post(
    '/blade-user/update-info',
    {
      config: { answer: NOTHING, access: 'signedIn', fieldNames: fieldNames(userFields) },
      schema: { tags: TAGS, summary: '修改个人信息', body: profileBody },
      preValidation: wireEmptyNumbers(userFields),
    },
    async (request) => {
      const caller = bound(request);
      const row = storedColumns(request.body, PROFILE_FIELDS);
      await ctx.db
        .updateTable('blade_user')
        .set({ ...row, updateUser: caller.userId, updateTime: now() })
        .where('id', '=', caller.userId)
        .execute();
      return done();
    },
  );

  app.post(
    '/blade-user/update-password',
    {
      config: { answer: NOTHING, access: 'signedIn' },
      schema: { tags: TAGS, summary: '修改密码 (md5)', querystring: passwordQuery },
    },
    async (request) => {
      const caller = bound(request);
      const { query } = request;
      if (query.newPassword.toLowerCase() !== query.newPassword1.toLowerCase()) throw badRequest('两次输入密码不一致');
      const row = await ctx.db
        .selectFrom('blade_user')
        .select('password')
        .where('id', '=', caller.userId)
        .executeTakeFirstOrThrow();
      if (!(await verifyPassword(query.oldPassword, row.password))) throw badRequest('原密码不正确');
      await ctx.db
        .updateTable('blade_user')
        .set({ password: await hashPassword(query.newPassword), updateUser: caller.userId, updateTime: now() })
        .where('id', '=', caller.userId)
        .execute();
      // Whoever holds the old password's sessions is signed out; the caller who changed it stays.
      await revokeUserSessions(ctx, [caller.userId], caller.sessionId);
      return done();
    },
  );

  // Public, because the caller holds only the session of an unbound social account, which no other call accepts.
  // The oauthId must be that session's own: nobody registers an outside account they did not sign in with.
  app.post(
    '/blade-user/register-guest',
    {
      config: { answer: NOTHING, access: 'public', limit: 'signIn', fieldMessages: registerMessages },
      schema: { tags: TAGS, summary: '第三方账号注册 (account.registerUser 为 true 时)', querystring: registerQuery },
    },
    async (request) => {
      if ((await paramValue(ctx, PARAM_REGISTER_USER, 'false')).trim() !== 'true') {
        throw badRequest('当前系统未开启注册功能');
      }
      const { query } = request;
      const session = request.user;
      if (!session || session.userId !== -1 || session.oauthId === null) throw unauthorized('请先完成第三方登录');
      if (query.oauthId !== String(session.oauthId)) throw forbidden('只能注册本人登录的第三方账号');
      const oauthId = session.oauthId;
      const binding = await ctx.db
        .selectFrom('blade_user_oauth')
        .select(['userId', 'avatar'])
        .where('id', '=', oauthId)
        .executeTakeFirst();
      if (!binding) throw badRequest('第三方授权信息不存在');
      if (binding.userId !== null) throw badRequest('该第三方账号已绑定用户');
      const userId = await insertUser(ctx, {
        row: {
          account: query.account,
          name: query.name,
          realName: query.name.slice(0, 10),
          avatar: binding.avatar,
          roleId: '',
          deptId: '',
          status: USER_PENDING,
        },
        plainPassword: query.password,
        createUser: null,
        createDept: null,
      });
      const claimed = await ctx.db
        .updateTable('blade_user_oauth')
        .set({ userId })
        .where('id', '=', oauthId)
        .where('userId', 'is', null)
        .executeTakeFirst();
      if (Number(claimed.numUpdatedRows) !== 1) {
        await ctx.db.deleteFrom('blade_user').where('id', '=', userId).execute();
        throw badRequest('该第三方账号已绑定用户');
      }
      return done('注册申请已提交,请耐心等待管理员通过!');
    },
  );
};
