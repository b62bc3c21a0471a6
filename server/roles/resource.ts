// blade_role as an engine resource: a unique alias, a parent that is neither itself nor below it, and no removal
// of a role that still has child roles or users.
import type { ExpressionBuilder, Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { defineResource } from '../engine/define.js';
import type { AnyTrx } from '../engine/types.js';
import { badRequest } from '../http/envelope.js';
import { descendantsOf } from '../menus/tree.js';

export const MSG_DUPLICATE_ALIAS = '角色别名已存在';
export const MSG_HAS_CHILDREN = '请先删除子节点!';
export const MSG_PARENT_LOOP = '上级角色不能是自身或其下级角色';
export const MSG_PARENT_MISSING = '上级角色不存在';
export const roleInUse = (names: string[]): string =>
  `角色「${names.join('、')}」仍有用户在使用,请先取消这些用户的角色`;

/** Users whose comma list `column` names `id` (the list is text: "1", "1,2", "2,1,3"). */
export function listContains(column: 'roleId' | 'deptId', id: number) {
  return (eb: ExpressionBuilder<Database, 'blade_user'>) =>
    eb.or([
      eb(column, '=', String(id)),
      eb(column, 'like', `${id},%`),
      eb(column, 'like', `%,${id}`),
      eb(column, 'like', `%,${id},%`),
    ]);
}

async function liveRoles(db: AnyTrx) {
  const rows = await db
    .selectFrom('blade_role')
    .select(['id', 'parentId', 'roleAlias', 'roleName'])
    .where('isDeleted', '=', 0)
    .execute();
  return rows.map((row) => ({
    id: Number(row.id),
    parentId: Number(row.parentId),
    roleAlias: String(row.roleAlias),
    roleName: String(row.roleName),
  }));
}

export const roleResource = defineResource({
  table: 'blade_role',
  prefix: '/blade-system/role',
  menu: 'role',
  title: '角色',
  operations: ['submit', 'remove'],
  defaultOrder: [['sort', 'asc']],
  fields: {
    parentId: { type: 'id', label: '上级角色' },
    roleName: { type: 'text', label: '角色名称', required: '请输入角色名称', maxLength: 255 },
    roleAlias: { type: 'text', label: '角色别名', required: '请输入角色别名', maxLength: 255 },
    sort: { type: 'integer', label: '角色排序', minimum: 0, maximum: 99999 },
  },
  async beforeSave({ db, row, existing }) {
    const roles = await liveRoles(db);
    const id = existing ? Number(existing.id) : null;
    const alias = (row.roleAlias ?? existing?.roleAlias) as string;
    if (roles.some((role) => role.roleAlias === alias && role.id !== id)) throw badRequest(MSG_DUPLICATE_ALIAS);
    if (row.parentId === null || (!existing && row.parentId === undefined)) row.parentId = 0;
    const parentId = Number(row.parentId ?? existing?.parentId ?? 0);
    if (parentId === 0) return;
    if (!roles.some((role) => role.id === parentId)) throw badRequest(MSG_PARENT_MISSING);
    if (id !== null && descendantsOf(id, roles).has(parentId)) throw badRequest(MSG_PARENT_LOOP);
  },
  async beforeRemove({ db, ids }) {
    const child = await db
      .selectFrom('blade_role')
      .select('id')
      .where('parentId', 'in', ids)
      .where('id', 'not in', ids)
      .where('isDeleted', '=', 0)
      .executeTakeFirst();
    if (child) throw badRequest(MSG_HAS_CHILDREN);
    // The engine hands an untyped transaction; the user lookup reads blade_user through the typed schema.
    const users = db as unknown as Kysely<Database>;
    const inUse: string[] = [];
    for (const id of ids) {
      const holder = await users
        .selectFrom('blade_user')
        .select('id')
        .where('isDeleted', '=', 0)
        .where(listContains('roleId', id))
        .executeTakeFirst();
      if (holder) {
        const role = await users.selectFrom('blade_role').select('roleName').where('id', '=', id).executeTakeFirst();
        inUse.push(role?.roleName ?? String(id));
      }
    }
    if (inUse.length > 0) throw badRequest(roleInUse(inUse));
    await users.deleteFrom('blade_role_menu').where('roleId', 'in', ids).execute();
    await users.deleteFrom('blade_role_scope').where('roleId', 'in', ids).execute();
  },
});
