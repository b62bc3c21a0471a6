// Adding and changing users: unique accounts, the plain password of an add turned into the stored hash, audit
// columns from the caller. Updates never touch the password (that has calls of its own). A change of the roles a
// user holds goes into the audit trail with it (role-audit.ts).
import type { FastifyRequest } from 'fastify';
import type { Updateable } from 'kysely';
import type { AppContext } from '../../platform/context.js';
import { nextId } from '../../platform/db/ids.js';
import type { UserTable } from '../../platform/db/schema.js';
import { now } from '../../platform/db/time.js';
import { parseDate } from '../../platform/engine/dates.js';
import type { Row } from '../../platform/engine/types.js';
import { badRequest } from '../../platform/http/envelope.js';
import { hashPassword, md5Hex } from '../auth/password.js';
import { idList } from '../permissions/id-list.js';
import { EDITABLE, userFields } from './fields.js';
import { recordUserRoles } from './role-audit.js';
import { findUser } from './store.js';

export const MSG_USER_EXISTS = '当前用户已存在';

/** The request schema checked the shape; the calendar (2024-02-30) is checked here. Birthday is the one date. */
function calendarDate(value: string): string {
  const date = parseDate(value);
  if (!date) throw badRequest('生日不是有效的日期');
  return date.value;
}

/** The editable columns present in a body, as stored: "" becomes null for ids, numbers and dates. */
export function storedColumns(body: Row, names: readonly string[] = EDITABLE): UserColumns {
  const row: Row = {};
  for (const name of names) {
    if (!(name in body) || body[name] === undefined) continue;
    const value = body[name];
    const type = userFields[name].type;
    if (value === '' && type !== 'text' && type !== 'ids') row[name] = null;
    else if (type === 'datetime' && typeof value === 'string') row[name] = calendarDate(value);
    else row[name] = value;
  }
  // The request schema (schemas.ts, built from the same fields) has checked every value's type.
  return row as UserColumns;
}

async function refuseTakenAccount(ctx: AppContext, account: string, exceptId?: number): Promise<void> {
  let query = ctx.db.selectFrom('blade_user').select('id').where('account', '=', account).where('isDeleted', '=', 0);
  if (exceptId !== undefined) query = query.where('id', '<>', exceptId);
  if (await query.executeTakeFirst()) throw badRequest(MSG_USER_EXISTS);
}

/** User columns a body may set. */
export type UserColumns = Updateable<UserTable>;

export interface NewUserInput {
  row: UserColumns;
  plainPassword: string;
  createUser: number | null;
  createDept: number | null;
  /** The staff member's request adding the user: the roles it is given go into the audit trail. */
  by?: FastifyRequest;
}

export async function insertUser(ctx: AppContext, input: NewUserInput): Promise<number> {
  const account = String(input.row.account ?? '').trim();
  await refuseTakenAccount(ctx, account);
  const id = nextId();
  const stamp = now();
  const password = await hashPassword(md5Hex(input.plainPassword));
  const { by } = input;
  await ctx.db.transaction().execute(async (trx) => {
    await trx
      .insertInto('blade_user')
      .values({
        ...input.row,
        id,
        account,
        password,
        createUser: input.createUser,
        createDept: input.createDept,
        createTime: stamp,
        updateUser: input.createUser,
        updateTime: stamp,
        isDeleted: 0,
      })
      .execute();
    if (by) await recordUserRoles(trx, by, { id, account }, 'add', null, input.row.roleId);
  });
  return id;
}

export async function addUser(ctx: AppContext, request: FastifyRequest, body: Row): Promise<number> {
  const caller = request.user;
  return insertUser(ctx, {
    row: storedColumns(body),
    plainPassword: String(body.password),
    createUser: caller?.userId ?? null,
    createDept: idList(caller?.deptId)[0] ?? null,
    by: request,
  });
}

export async function updateUser(ctx: AppContext, request: FastifyRequest, body: Row): Promise<void> {
  const id = Number(body.id);
  const existing = await findUser(ctx, request, id);
  const row = storedColumns(body);
  if (typeof row.account === 'string') {
    row.account = row.account.trim();
    await refuseTakenAccount(ctx, row.account, id);
  }
  await ctx.db.transaction().execute(async (trx) => {
    await trx
      .updateTable('blade_user')
      .set({ ...row, updateUser: request.user?.userId ?? null, updateTime: now() })
      .where('id', '=', id)
      .execute();
    if (row.roleId === undefined) return;
    const account = String(row.account ?? existing.account);
    await recordUserRoles(trx, request, { id, account }, 'edit', existing.roleId as string | null, row.roleId);
  });
}
