// Rows the tests need beyond the seed (which brings admin/admin, operator/operator, the saber client and the
// account params): roles, departments, users and menu grants, written straight to the database the way an
// administrator's edits would leave them.
import { md5 } from 'js-md5';
import { nextId } from '../../../server/platform/db/ids.js';
import { now } from '../../../server/platform/db/time.js';
import type { Server } from '../../../server/start.js';
import { hashPassword } from '../../../server/system/auth/password.js';

export async function addRole(server: Server, roleAlias: string, roleName = roleAlias): Promise<number> {
  const id = nextId();
  await server.ctx.db.insertInto('blade_role').values({ id, roleName, roleAlias, createTime: now() }).execute();
  return id;
}

export async function addDept(server: Server, deptName: string, parentId = 0): Promise<number> {
  const id = nextId();
  await server.ctx.db.insertInto('blade_dept').values({ id, parentId, deptName, createTime: now() }).execute();
  return id;
}

export interface NewUser {
  account: string;
  password?: string;
  roleIds?: number[];
  deptIds?: number[];
  realName?: string;
  phone?: string;
  status?: number;
  /** A stored hash to use as is (e.g. a legacy sha1(md5) one). */
  storedPassword?: string;
}

export async function addUser(server: Server, user: NewUser): Promise<number> {
  const id = nextId();
  await server.ctx.db
    .insertInto('blade_user')
    .values({
      id,
      account: user.account,
      password: user.storedPassword ?? (await hashPassword(md5(user.password ?? 'secret1'))),
      name: user.account,
      realName: user.realName ?? user.account,
      phone: user.phone ?? null,
      roleId: (user.roleIds ?? []).join(','),
      deptId: (user.deptIds ?? []).join(','),
      status: user.status ?? 1,
      createTime: now(),
    })
    .execute();
  return id;
}

/** A menu (or button) with this code, created when missing, granted to the role. */
export async function grantCode(server: Server, roleId: number, code: string, category = 1): Promise<number> {
  const db = server.ctx.db;
  const existing = await db.selectFrom('blade_menu').select('id').where('code', '=', code).executeTakeFirst();
  const menuId = existing?.id ?? nextId();
  if (!existing) {
    await db.insertInto('blade_menu').values({ id: menuId, code, name: code, category, createTime: now() }).execute();
  }
  await db.insertInto('blade_role_menu').values({ id: nextId(), menuId, roleId }).execute();
  return menuId;
}

export async function setParam(server: Server, paramKey: string, paramValue: string): Promise<void> {
  const db = server.ctx.db;
  const updated = await db
    .updateTable('blade_param')
    .set({ paramValue })
    .where('paramKey', '=', paramKey)
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) === 0) {
    await db
      .insertInto('blade_param')
      .values({ id: nextId(), paramName: paramKey, paramKey, paramValue, createTime: now() })
      .execute();
  }
}
