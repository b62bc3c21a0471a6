// Registrations of social accounts waiting for an administrator (status 2, see pending.ts): approving lets the
// account sign in; rejecting removes it and unbinds the outside account so it may register again. Approval is an edit
// of the user (button user_edit), rejection a removal (user_delete).
import type { FastifyRequest } from 'fastify';
import { now } from '../../platform/db/time.js';
import { NOTHING } from '../../platform/docs/record.js';
import { done, notFound } from '../../platform/http/envelope.js';
import type { RoutePlugin } from '../../platform/http/route-plugin.js';
import { idList } from '../permissions/id-list.js';
import { USER_ACTIVE, USER_PENDING } from './pending.js';
import { idsQuery, TAGS } from './schemas.js';
import { USER_MENU, visibleUsers } from './store.js';

export const registrationRoutes: RoutePlugin = async (app) => {
  const { ctx } = app;
  const access = { menu: USER_MENU };

  /** The pending registrations among `userIds` the caller may see; 404 when none. */
  const pendingIds = async (request: FastifyRequest, userIds: string): Promise<number[]> => {
    const ids = idList(userIds);
    const rows = await (await visibleUsers(ctx, request))
      .select('id')
      .where('id', 'in', ids)
      .where('status', '=', USER_PENDING)
      .execute();
    if (rows.length === 0) throw notFound('没有待审核的注册申请');
    return rows.map((row) => Number(row.id));
  };

  app.post(
    '/blade-user/approve-registration',
    {
      config: { answer: NOTHING, access, button: `${USER_MENU}_edit` },
      schema: { tags: TAGS, summary: '通过注册申请', querystring: idsQuery('userIds', '用户主键, 逗号分隔') },
    },
    async (request) => {
      const ids = await pendingIds(request, request.query.userIds);
      await ctx.db
        .updateTable('blade_user')
        .set({ status: USER_ACTIVE, updateUser: request.user?.userId ?? null, updateTime: now() })
        .where('id', 'in', ids)
        .where('status', '=', USER_PENDING)
        .execute();
      return done();
    },
  );

  app.post(
    '/blade-user/reject-registration',
    {
      config: { answer: NOTHING, access, button: `${USER_MENU}_delete` },
      schema: { tags: TAGS, summary: '拒绝注册申请', querystring: idsQuery('userIds', '用户主键, 逗号分隔') },
    },
    async (request) => {
      const ids = await pendingIds(request, request.query.userIds);
      await ctx.db.transaction().execute(async (trx) => {
        await trx
          .updateTable('blade_user')
          .set({ isDeleted: 1, updateUser: request.user?.userId ?? null, updateTime: now() })
          .where('id', 'in', ids)
          .execute();
        await trx.updateTable('blade_user_oauth').set({ userId: null }).where('userId', 'in', ids).execute();
      });
      return done();
    },
  );
};
