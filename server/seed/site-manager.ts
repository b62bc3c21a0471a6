// The rental organisation a fresh console starts with: the head office as a company, one franchisee with its own
// department, and a site manager of that franchisee who sees only its company's rows ("own department and below").
import type { Kysely } from 'kysely';
import { SITE_MANAGER_ROLE_ALIAS } from '../../facts/role-aliases.js';
import { nextId } from '../platform/db/ids.js';
import type { Database } from '../platform/db/schema.js';
import { now } from '../platform/db/time.js';
import { hashPassword, md5Hex } from '../system/auth/password.js';
import { SCOPE_DEPT_AND_BELOW } from '../system/permissions/data-scope.js';
import type { MenuIds } from './menus.js';

export const SITE_MANAGER_ACCOUNT = 'manager';
export const SITE_MANAGER_PASSWORD = 'manager';
export const FRANCHISEE_DEPT = '童乐出行';

/** The site manager's screens: its company's sites, equipment (with the lock actions), prices, fault reports,
 * wards, beds and duty rota in full; the shared type catalogue and its own company to look at; its sites' orders
 * (finishing a rental stuck on site) and its hospitals' report. Its company's field staff it reads through the rota
 * (the staff list is readable under `schedule`) and does not add or change: a person may serve sites of several
 * companies and is linked to a console account, which is the head office's to decide. */
export const SITE_MANAGER_CODES = [
  'business',
  'site_equipment',
  'marketing',
  ...['site', 'equ', 'price', 'problem', 'room', 'bed', 'schedule'].flatMap((code) => [
    code,
    `${code}_add`,
    `${code}_edit`,
    `${code}_delete`,
    `${code}_view`,
  ]),
  'equ_unlock',
  'equ_enable',
  'equ_sublock',
  'type',
  'type_view',
  'company',
  'company_view',
  'trade',
  'order',
  'order_view',
  'order_finish',
  'report',
  'hos_report',
  'hos_report_view',
  // Leave requests of its staff are its to approve (docs/workflow.md), and it asks for its own.
  'work',
  'work_start',
  'work_start_launch',
  'work_claim',
  'task_claim',
  'work_todo',
  'task_complete',
  'work_send',
  'work_done',
];

/** The screens whose rows the site manager sees through its department subtree (`oper`: the staff the rota reads). */
const SCOPED_CODES = [
  'company',
  'site',
  'equ',
  'price',
  'problem',
  'room',
  'bed',
  'schedule',
  'oper',
  'order',
  'hos_report',
];

export async function seedRentalOrganisation(db: Kysely<Database>, menuIds: MenuIds): Promise<void> {
  const createTime = now();
  const headOffice = await db
    .selectFrom('blade_dept')
    .select('id')
    .where('parentId', '=', 0)
    .orderBy('sort')
    .executeTakeFirstOrThrow();
  const franchisee = nextId();
  await db
    .insertInto('blade_dept')
    .values({
      id: franchisee,
      parentId: headOffice.id,
      ancestors: `0,${headOffice.id}`,
      deptName: FRANCHISEE_DEPT,
      fullName: '童乐出行科技有限公司',
      deptCategory: 1,
      sort: 3,
      remark: null,
      createTime,
    })
    .execute();
  await db
    .insertInto('biz_company')
    .values([
      {
        id: nextId(),
        companyName: '乐行租赁有限公司',
        shortName: '乐行租赁',
        companyKind: 1,
        deptId: headOffice.id,
        contactName: '王经理',
        contactPhone: '021-62880000',
        address: '上海市徐汇区漕溪北路88号',
        remark: null,
        createTime,
        createDept: headOffice.id,
      },
      {
        id: nextId(),
        companyName: '童乐出行科技有限公司',
        shortName: '童乐出行',
        companyKind: 2,
        deptId: franchisee,
        contactName: '李店长',
        contactPhone: '0571-86660000',
        address: '杭州市西湖区文三路259号',
        remark: null,
        createTime,
        createDept: franchisee,
      },
    ])
    .execute();

  const role = nextId();
  await db
    .insertInto('blade_role')
    .values({ id: role, parentId: 0, roleName: '站点经理', roleAlias: SITE_MANAGER_ROLE_ALIAS, sort: 3, createTime })
    .execute();
  await db
    .insertInto('blade_role_menu')
    .values(SITE_MANAGER_CODES.map((code) => ({ id: nextId(), menuId: menuIds.get(code) ?? 0, roleId: role })))
    .execute();
  const scopes = await db
    .selectFrom('blade_scope_data')
    .select('id')
    .where('resourceCode', 'in', SCOPED_CODES)
    .where('scopeType', '=', SCOPE_DEPT_AND_BELOW)
    .execute();
  await db
    .insertInto('blade_role_scope')
    .values(scopes.map((scope) => ({ id: nextId(), scopeCategory: 1, scopeId: scope.id, roleId: role })))
    .execute();

  await db
    .insertInto('blade_user')
    .values({
      id: nextId(),
      account: SITE_MANAGER_ACCOUNT,
      password: await hashPassword(md5Hex(SITE_MANAGER_PASSWORD)),
      name: SITE_MANAGER_ACCOUNT,
      realName: '站点经理',
      roleId: String(role),
      deptId: String(franchisee),
      userType: 1,
      code: null,
      avatar: null,
      email: null,
      phone: null,
      birthday: null,
      sex: null,
      postId: null,
      createTime,
    })
    .execute();
}
