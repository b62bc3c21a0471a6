// Data scopes offered in the role-grant dialog for the screens whose rows carry a department: one rule per
// `data_scope_type` a site manager would pick. Only the seeded site-manager role is granted some (site-manager.ts).
import type { Kysely } from 'kysely';
import { nextId } from '../platform/db/ids.js';
import type { Database } from '../platform/db/schema.js';
import { now } from '../platform/db/time.js';
import type { MenuIds } from './menus.js';

/** `column` says where the rule finds a row's department (the engine reads it from the resource definition). */
export const SCOPED_SCREENS = [
  { code: 'notice', noun: '通知', column: 'create_dept' },
  { code: 'user', noun: '用户', column: 'dept_id' },
  { code: 'company', noun: '公司', column: 'dept_id' },
  { code: 'site', noun: '站点', column: 'dept_id' },
  { code: 'equ', noun: '设备', column: 'site_id' },
  { code: 'price', noun: '价格方案', column: 'site_id' },
  { code: 'problem', noun: '问题', column: 'site_id' },
  { code: 'room', noun: '病房', column: 'site_id' },
  { code: 'bed', noun: '陪护床', column: 'site_id' },
  { code: 'schedule', noun: '排班', column: 'site_id' },
  { code: 'oper', noun: '运维人员', column: 'site_ids' },
  { code: 'order', noun: '订单', column: 'dept_id' },
  { code: 'hos_report', noun: '医院报表', column: 'dept_id' },
];

const RULES = [
  { scopeType: 1, name: (noun: string) => `全部${noun}` },
  { scopeType: 2, name: (noun: string) => `本人${noun}` },
  { scopeType: 3, name: (noun: string) => `本机构${noun}` },
  { scopeType: 4, name: (noun: string) => `本机构及子级${noun}` },
];

export async function seedDataScopes(db: Kysely<Database>, menuIds: MenuIds): Promise<void> {
  const createTime = now();
  await db
    .insertInto('blade_scope_data')
    .values(
      SCOPED_SCREENS.flatMap((screen) =>
        RULES.map((rule) => ({
          id: nextId(),
          menuId: menuIds.get(screen.code) ?? null,
          resourceCode: screen.code,
          scopeName: rule.name(screen.noun),
          scopeField: '*',
          scopeClass: null,
          scopeColumn: screen.column,
          scopeType: rule.scopeType,
          scopeValue: null,
          remark: null,
          createTime,
        })),
      ),
    )
    .execute();
}
