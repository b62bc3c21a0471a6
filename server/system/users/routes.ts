// User administration under /api/blade-user (menu `user`): page by department, detail, add/update, remove, role
// grants, password reset, platform details and unlocking. Every call is limited to the users the caller's data
// scope shows.

import { addOrEdit } from '../../platform/access.js';
import { now } from '../../platform/db/time.js';
import { FIELD_LIMITS, NOTHING } from '../../platform/docs/record.js';
import { listContains } from '../../platform/engine/comma-list.js';
import { filterConditions, PAGING_KEYS } from '../../platform/engine/filters.js';
import { pageOfSelect } from '../../platform/engine/resource.js';
import { fieldLimits, fieldNames } from '../../platform/engine/schemas.js';
import { orderOf } from '../../platform/engine/sort.js';
import type { Row } from '../../platform/engine/types.js';
import { wireEmptyNumbers } from '../../platform/engine/wire-empty.js';
import { badRequest, done, notFound, ok } from '../../platform/http/envelope.js';
import type { RoutePlugin } from '../../platform/http/route-plugin.js';
import { clearFailures } from '../auth/lockout.js';
import { PARAM_INIT_PASSWORD, paramValue } from '../auth/params.js';
import { hashPassword, md5Hex } from '../auth/password.js';
import { revokeUserSessions } from '../auth/sessions.js';
import { departmentsAndBelow } from '../permissions/departments.js';
import { idList } from '../permissions/id-list.js';
import { userFields } from './fields.js';
import { platformRoutes } from './platform-routes.js';
import { recordUserRoles } from './role-audit.js';
import {
  grantQuery,
  idQuery,
  idsQuery,
  PASSWORD_MAX_LENGTH,
  TAGS,
  userMessages,
  userPageQuery,
  userSubmitBody,
  userUpdateBody,
} from './schemas.js';
import { findUser, USER_MENU, userRecord, usersOnWire, visibleUsers } from './store.js';
import { addUser, updateUser } from './write.js';

const access = { menu: USER_MENU };
const NOT_FILTERS = new Set([...PAGING_KEYS, 'deptId']);
/** What the user list filters on: its fields (but secrets), and `deptId` with the departments below. */
const USER_FILTERS = Object.entries(userFields)
  .filter(([, spec]) => spec.filter !== false)
  .map(([name]) => name);

const holderOf = (row: Row) => ({ id: Number(row.id), account: String(row.account) });

export const userRoutes: RoutePlugin = async (app) => {
  const { ctx } = app;

  /** The ids among `ids` the caller may see; 404 when none. */
  const visibleIds = async (request: Parameters<typeof visibleUsers>[1], ids: number[]): Promise<Row[]> => {
    const rows = await (await visibleUsers(ctx, request))
      .select(['id', 'account', 'roleId'])
      .where('id', 'in', ids)
      .execute();
    if (rows.length === 0) throw notFound('用户不存在');
    return rows;
  };

  for (const path of ['/blade-user/page', '/blade-user/list']) {
    app.get(
      path,
      {
        config: { access, record: userRecord, filters: USER_FILTERS },
        schema: { tags: TAGS, summary: '用户分页 (deptId 含下级部门)', querystring: userPageQuery },
      },
      async (request) => {
        const { query } = request;
        let filtered = await visibleUsers(ctx, request);
        if (query.deptId) {
          filtered = filtered.where(listContains('deptId', await departmentsAndBelow(ctx, [Number(query.deptId)])));
        }
        for (const where of filterConditions(query, userFields, ctx.dialect, NOT_FILTERS))
          filtered = filtered.where(where);
        const order = () => orderOf(query, userFields, [], true);
        return ok(await pageOfSelect(filtered, query, order, (rows) => usersOnWire(ctx, rows)));
      },
    );
  }

  app.get(
    '/blade-user/detail',
    {
      config: { access, record: userRecord, answers: 'record' },
      schema: { tags: TAGS, summary: '用户详情', querystring: idQuery },
    },
    async (request) => {
      const { id } = request.query;
      const [user] = await usersOnWire(ctx, [await findUser(ctx, request, Number(id))]);
      return ok(user);
    },
  );

  // The password is written by the add form only (as BladeX sends it), so its limit is the add's, not a column's.
  const { label, en } = userFields.password;
  const limits = {
    ...fieldLimits(userFields),
    password: { label, en, required: true, maxLength: PASSWORD_MAX_LENGTH },
  };
  app.get(
    '/blade-user/fields',
    { config: { access, answer: FIELD_LIMITS }, schema: { tags: TAGS, summary: '用户字段 (表单校验用的限制)' } },
    async () => ok(limits),
  );

  // The user bodies are built from the user's fields at run time: their types are declared here.
  app.post<{ Body: Row }>(
    '/blade-user/submit',
    {
      config: {
        answer: NOTHING,
        access,
        button: addOrEdit(USER_MENU),
        fieldMessages: userMessages,
        fieldNames: fieldNames(userFields),
      },
      schema: { tags: TAGS, summary: '新增 (明文密码) 或修改用户', body: userSubmitBody() },
      preValidation: wireEmptyNumbers(userFields),
    },
    async (request) => {
      const { body } = request;
      if (body.id) await updateUser(ctx, request, body);
      else await addUser(ctx, request, body);
      return done();
    },
  );

  app.post<{ Body: Row }>(
    '/blade-user/update',
    {
      config: {
        answer: NOTHING,
        access,
        button: `${USER_MENU}_edit`,
        fieldMessages: userMessages,
        fieldNames: fieldNames(userFields),
      },
      schema: { tags: TAGS, summary: '修改用户 (不改密码)', body: userUpdateBody() },
      preValidation: wireEmptyNumbers(userFields),
    },
    async (request) => {
      await updateUser(ctx, request, request.body);
      return done();
    },
  );

  app.post(
    '/blade-user/remove',
    {
      config: { answer: NOTHING, access, button: `${USER_MENU}_delete` },
      schema: { tags: TAGS, summary: '删除用户', querystring: idsQuery('ids', '用户主键, 逗号分隔') },
    },
    async (request) => {
      const ids = idList(request.query.ids);
      if (ids.includes(request.user?.userId ?? -1)) throw badRequest('不能删除本账号');
      const users = await visibleIds(request, ids);
      const found = users.map((row) => Number(row.id));
      await ctx.db.transaction().execute(async (trx) => {
        await trx
          .updateTable('blade_user')
          .set({ isDeleted: 1, updateUser: request.user?.userId ?? null, updateTime: now() })
          .where('id', 'in', found)
          .execute();
        for (const user of users) {
          await recordUserRoles(trx, request, holderOf(user), 'remove', user.roleId as string | null, null);
        }
      });
      await revokeUserSessions(ctx, found);
      return done();
    },
  );

  app.post(
    '/blade-user/grant',
    {
      config: { answer: NOTHING, access, button: 'user_role' },
      schema: { tags: TAGS, summary: '设置用户角色', querystring: grantQuery },
    },
    async (request) => {
      const { query } = request;
      const roleIds = idList(query.roleIds);
      const roles = await ctx.db
        .selectFrom('blade_role')
        .select('id')
        .where('id', 'in', roleIds)
        .where('isDeleted', '=', 0)
        .execute();
      if (roles.length !== new Set(roleIds).size) throw badRequest('角色不存在');
      const users = await visibleIds(request, idList(query.userIds));
      const roleId = [...new Set(roleIds)].join(',');
      await ctx.db.transaction().execute(async (trx) => {
        await trx
          .updateTable('blade_user')
          .set({ roleId, updateUser: request.user?.userId ?? null, updateTime: now() })
          .where(
            'id',
            'in',
            users.map((row) => Number(row.id)),
          )
          .execute();
        for (const user of users) {
          await recordUserRoles(trx, request, holderOf(user), 'grant', user.roleId as string | null, roleId);
        }
      });
      return done();
    },
  );

  app.post(
    '/blade-user/reset-password',
    {
      config: { answer: NOTHING, access, button: 'user_reset' },
      schema: {
        tags: TAGS,
        summary: '重置密码 (参数 account.initPassword)',
        querystring: idsQuery('userIds', '用户主键, 逗号分隔'),
      },
    },
    async (request) => {
      const users = await visibleIds(request, idList(request.query.userIds));
      const password = await hashPassword(md5Hex(await paramValue(ctx, PARAM_INIT_PASSWORD, '123456')));
      const ids = users.map((row) => Number(row.id));
      await ctx.db.updateTable('blade_user').set({ password }).where('id', 'in', ids).execute();
      // The old password no longer works, so neither should sessions opened with it.
      await revokeUserSessions(ctx, ids);
      await clearFailures(
        ctx,
        users.map((row) => String(row.account)),
      );
      return done();
    },
  );

  app.post(
    '/blade-user/unlock',
    {
      config: { answer: NOTHING, access, button: 'user_unlock' },
      schema: {
        tags: TAGS,
        summary: '解锁账号 (登录失败锁定)',
        querystring: idsQuery('userIds', '用户主键, 逗号分隔'),
      },
    },
    async (request) => {
      const users = await visibleIds(request, idList(request.query.userIds));
      await clearFailures(
        ctx,
        users.map((row) => String(row.account)),
      );
      return done();
    },
  );

  await app.register(platformRoutes);
};
