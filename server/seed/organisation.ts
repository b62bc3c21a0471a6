// The departments, the two roles with their grants and the two accounts a fresh console starts with.
import type { Kysely } from 'kysely';
import { MENU_TREE, type MenuSeed } from '../../facts/menu-tree.js';
import { ADMIN_ROLE_ALIAS } from '../../facts/role-aliases.js';
import type { Config } from '../platform/config.js';
import { nextId } from '../platform/db/ids.js';
import type { Database } from '../platform/db/schema.js';
import { now } from '../platform/db/time.js';
import { hashPassword, md5Hex } from '../system/auth/password.js';
import type { MenuIds } from './menus.js';

export const OPERATOR_ROLE_ALIAS = 'operator';
export const OPERATOR_PASSWORD = 'operator';

/** Top-level groups the operator role holds whole, and the single system screen it may use (without delete). */
export const OPERATOR_GROUPS = ['business', 'mp', 'report', 'work'];
export const OPERATOR_EXTRA_CODES = [
  'desk',
  'notice',
  'notice_view',
  'system',
  'param',
  'param_view',
  'param_add',
  'param_edit',
];

/** A payout above the approval amount needs a second person: the operator asks for it, never decides it. Processes
 * are managed by the administrators: the operator holds the workflow area without its three management screens. */
export const OPERATOR_WITHHELD_CODES = [
  'approval_approve',
  'approval_reject',
  // Settling a difference with WeChat Pay's bill, and downloading a day's bill again, are the finance staff's.
  'bill_handle',
  'bill_reconcile',
  ...['flow_model', 'flow_deploy', 'flow_follow'].flatMap((code) => [code, `${code}_view`]),
];

function codesOf(menus: MenuSeed[]): string[] {
  return menus.flatMap((m) => [m.code, ...(m.buttons ?? []).map((b) => b.code), ...codesOf(m.children ?? [])]);
}

async function insertDept(
  db: Kysely<Database>,
  parentId: number,
  ancestors: string,
  fields: { deptName: string; fullName: string; deptCategory: number; sort: number },
): Promise<number> {
  const id = nextId();
  await db
    .insertInto('blade_dept')
    .values({ id, parentId, ancestors, ...fields, remark: null, createTime: now() })
    .execute();
  return id;
}

async function grantMenus(db: Kysely<Database>, roleId: number, menuIds: number[]): Promise<void> {
  await db
    .insertInto('blade_role_menu')
    .values(menuIds.map((menuId) => ({ id: nextId(), menuId, roleId })))
    .execute();
}

export async function seedOrganisation(db: Kysely<Database>, config: Config, menuIds: MenuIds): Promise<void> {
  const headOffice = await insertDept(db, 0, '0', {
    deptName: '乐行租赁',
    fullName: '乐行租赁有限公司',
    deptCategory: 1,
    sort: 1,
  });
  const hospitalSite = await insertDept(db, headOffice, `0,${headOffice}`, {
    deptName: '儿童医院站点',
    fullName: '乐行租赁儿童医院站点',
    deptCategory: 2,
    sort: 1,
  });
  await insertDept(db, headOffice, `0,${headOffice}`, {
    deptName: '万达广场站点',
    fullName: '乐行租赁万达广场站点',
    deptCategory: 2,
    sort: 2,
  });

  const adminRole = nextId();
  const operatorRole = nextId();
  await db
    .insertInto('blade_role')
    .values([
      { id: adminRole, parentId: 0, roleName: '超级管理员', roleAlias: ADMIN_ROLE_ALIAS, sort: 1, createTime: now() },
      {
        id: operatorRole,
        parentId: 0,
        roleName: '运营人员',
        roleAlias: OPERATOR_ROLE_ALIAS,
        sort: 2,
        createTime: now(),
      },
    ])
    .execute();

  await grantMenus(db, adminRole, [...menuIds.values()]);
  const operatorCodes = [
    ...codesOf(MENU_TREE.filter((group) => OPERATOR_GROUPS.includes(group.code))),
    ...OPERATOR_EXTRA_CODES,
  ].filter((code) => !OPERATOR_WITHHELD_CODES.includes(code));
  await grantMenus(
    db,
    operatorRole,
    operatorCodes.map((code) => menuIds.get(code) ?? 0),
  );

  // The posts come with the schema (migration 0008); the administrator holds the top one, as BladeX clients want a post.
  const topPost = await db.selectFrom('blade_post').select('id').where('postCode', '=', 'gm').executeTakeFirst();
  const createTime = now();
  await db
    .insertInto('blade_user')
    .values([
      {
        id: nextId(),
        account: 'admin',
        password: await hashPassword(md5Hex(config.adminPassword)),
        name: 'admin',
        realName: '管理员',
        roleId: String(adminRole),
        deptId: String(headOffice),
        userType: 1,
        code: null,
        avatar: null,
        email: null,
        phone: null,
        birthday: null,
        sex: null,
        postId: topPost ? String(topPost.id) : null,
        createTime,
      },
      {
        id: nextId(),
        account: 'operator',
        password: await hashPassword(md5Hex(OPERATOR_PASSWORD)),
        name: 'operator',
        realName: '运营人员',
        roleId: String(operatorRole),
        deptId: String(hospitalSite),
        userType: 1,
        code: null,
        avatar: null,
        email: null,
        phone: null,
        birthday: null,
        sex: null,
        postId: null,
        createTime,
      },
    ])
    .execute();
}
