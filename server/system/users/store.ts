// Reading users the caller may see: live rows within the caller's data scope for the `user` menu. Users carry their
// departments in `deptId` (a comma list), so department scopes match on it rather than on createDept.
import type { FastifyRequest } from 'fastify';
import type { Expression, ExpressionBuilder, SqlBool } from 'kysely';
import type { AppContext } from '../../platform/context.js';
import { listContains } from '../../platform/engine/comma-list.js';
import { wireSerializer } from '../../platform/engine/serialize.js';
import { type AnySelect, anyDb, type FieldSpec, type Fields, type Row } from '../../platform/engine/types.js';
import { notFound } from '../../platform/http/envelope.js';
import { dataScopeOf } from '../permissions/data-scope.js';
import { userFields } from './fields.js';
import { withNames } from './names.js';

export const USER_MENU = 'user';

type Where = (eb: ExpressionBuilder<Record<string, Row>, string>) => Expression<SqlBool>;

async function scopeOf(request: FastifyRequest): Promise<Where | null> {
  const scope = await dataScopeOf(request, USER_MENU);
  if (scope.kind === 'all') return null;
  if (scope.kind === 'depts') return listContains('deptId', scope.deptIds);
  // Own records: the users this caller created, and the caller.
  return (eb) => eb.or([eb('createUser', '=', scope.userId), eb('id', '=', scope.userId)]);
}

export async function visibleUsers(ctx: AppContext, request: FastifyRequest): Promise<AnySelect> {
  let query = anyDb(ctx).selectFrom('blade_user').where('isDeleted', '=', 0);
  const scope = await scopeOf(request);
  if (scope) query = query.where(scope);
  return query;
}

export async function findUser(ctx: AppContext, request: FastifyRequest, id: number): Promise<Row> {
  const row = await (await visibleUsers(ctx, request)).selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound('用户不存在');
  return row;
}

const text = (label: string, en: string): FieldSpec => ({ type: 'text', label, en });

const { password: _password, ...shownFields } = userFields;

/** A user as answered: the stored fields but the password, and the names of its ids (`names.ts`). */
export const userRecord: Fields = {
  ...shownFields,
  roleName: text('角色', 'Roles'),
  deptName: text('部门', 'Departments'),
  postName: text('岗位', 'Posts'),
  tenantName: text('租户', 'Tenant'),
  sexName: text('性别', 'Sex'),
  userTypeName: text('用户平台', 'User platform'),
};

const serialize = wireSerializer(userRecord, ['password']);

/** Stored user rows as the console receives them: names added, password never included. */
export async function usersOnWire(ctx: AppContext, rows: Row[]): Promise<Row[]> {
  return (await withNames(ctx, rows)).map(serialize);
}
