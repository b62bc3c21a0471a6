// Platform details of a user (BladeX "用户平台"): one extension text per user and platform (1 WEB, 2 APP, 3 OTHER).
import { nextId } from '../../platform/db/ids.js';
import { field, NOTHING } from '../../platform/docs/record.js';
import { done, ok } from '../../platform/http/envelope.js';
import type { RoutePlugin } from '../../platform/http/route-plugin.js';
import { idQuery, platformQuery, TAGS } from './schemas.js';
import { findUser, USER_MENU, userRecord, usersOnWire } from './store.js';

export const platformRoutes: RoutePlugin = async (app) => {
  const { ctx } = app;
  const access = { menu: USER_MENU };

  app.post(
    '/blade-user/update-platform',
    {
      config: { answer: NOTHING, access, button: 'user_platform' },
      schema: { tags: TAGS, summary: '设置用户平台信息', querystring: platformQuery },
    },
    async (request) => {
      const { query } = request;
      const userId = Number(query.userId);
      await findUser(ctx, request, userId);
      await ctx.db
        .insertInto('blade_user_platform')
        .values({ id: nextId(), userId, userType: query.userType, userExt: query.userExt })
        .onConflict((oc) => oc.columns(['userId', 'userType']).doUpdateSet({ userExt: query.userExt }))
        .execute();
      await ctx.db.updateTable('blade_user').set({ userType: query.userType }).where('id', '=', userId).execute();
      return done();
    },
  );

  app.get(
    '/blade-user/platform-detail',
    {
      config: {
        access,
        record: { ...userRecord, userExt: field('text', '用户拓展信息', 'Platform details') },
        answers: 'record',
      },
      schema: { tags: TAGS, summary: '用户平台详情', querystring: idQuery },
    },
    async (request) => {
      const id = Number(request.query.id);
      const row = await findUser(ctx, request, id);
      const platform = await ctx.db
        .selectFrom('blade_user_platform')
        .select('userExt')
        .where('userId', '=', id)
        .where('userType', '=', Number(row.userType))
        .executeTakeFirst();
      const [user] = await usersOnWire(ctx, [row]);
      return ok({ ...user, userExt: platform?.userExt ?? '' });
    },
  );
};
