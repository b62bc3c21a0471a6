// The caller's own account: info, profile edits and password change (any signed-in user), and the registration of a
// social account while `account.registerUser` is "true".
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { PARAM_REGISTER_USER, paramValue } from '../auth/params.js';
import { hashPassword, verifyPassword } from '../auth/password.js';
import type { SessionUser } from '../auth/types.js';
import { now } from '../db/time.js';
import type { Row } from '../engine/types.js';
import { wireEmptyNumbers } from '../engine/wire-empty.js';
import { badRequest, done, forbidden, ok } from '../http/envelope.js';
import { PROFILE_FIELDS, userFields } from './fields.js';
import { passwordQuery, profileBody, registerMessages, registerQuery, TAGS } from './schemas.js';
import { usersOnWire } from './store.js';
import { insertUser, storedColumns } from './write.js';

/** The caller, who must be a user (a social session not yet bound to one has no account to edit). */
function bound(request: FastifyRequest): SessionUser {
  const user = request.user;
  if (!user || user.userId === -1) throw forbidden('请先注册或绑定账号');
  return user;
}

export const profileRoutes: FastifyPluginAsync = async (app) => {
  const { ctx } = app;

  app.get(
    '/blade-user/info',
    { config: { access: 'signedIn' }, schema: { tags: TAGS, summary: '当前用户信息' } },
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
      config: { access: 'signedIn' },
      schema: { tags: TAGS, summary: '修改个人信息', body: profileBody },
      preValidation: wireEmptyNumbers(userFields),
    },
    async (request) => {
      const caller = bound(request);
      const row = storedColumns(request.body as Row, PROFILE_FIELDS);
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
      config: { access: 'signedIn' },
      schema: { tags: TAGS, summary: '修改密码 (md5)', querystring: passwordQuery },
    },
    async (request) => {
      const caller = bound(request);
      const query = request.query as { oldPassword: string; newPassword: string; newPassword1: string };
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
      return done();
    },
  );

  // Public: the caller holds at most the session of an unbound social account; the oauthId it names must be
  // such an unbound binding. The new user has no role until an administrator grants one (that is the approval).
  app.post(
    '/blade-user/register-guest',
    {
      config: { access: 'public', fieldMessages: registerMessages },
      schema: { tags: TAGS, summary: '第三方账号注册 (account.registerUser 为 true 时)', querystring: registerQuery },
    },
    async (request) => {
      if ((await paramValue(ctx, PARAM_REGISTER_USER, 'false')).trim() !== 'true') {
        throw badRequest('当前系统未开启注册功能');
      }
      const query = request.query as { name: string; account: string; password: string; oauthId: string };
      const oauthId = Number(query.oauthId);
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
