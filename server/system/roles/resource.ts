// blade_role as an engine resource: a unique alias, a parent that is neither itself nor below it, and no removal
// of a role that still has child roles or users.
import { defineResource } from '../../platform/engine/define.js';
import {
  liveLinks,
  parentAmong,
  parentIdOf,
  refuseLoop,
  refuseParentsWithChildren,
  refuseTaken,
} from '../../platform/engine/tree.js';
import { badRequest } from '../../platform/http/envelope.js';
import { namesHeldByUsers } from '../users/holders.js';

export const MSG_DUPLICATE_ALIAS = '角色别名已存在';
export const MSG_PARENT_LOOP = '上级角色不能是自身或其下级角色';
export const MSG_PARENT_MISSING = '上级角色不存在';
export const roleInUse = (names: string[]): string =>
  `角色「${names.join('、')}」仍有用户在使用,请先取消这些用户的角色`;

const refuseRolesWithChildren = refuseParentsWithChildren('blade_role');

export const roleResource = defineResource({
  table: 'blade_role',
  prefix: '/blade-system/role',
  menu: 'role',
  title: '角色',
  operations: ['submit', 'remove'],
  answerSaved: true,
  audited: { kind: 'role', subject: (row) => String(row.roleName) },
  defaultOrder: [['sort', 'asc']],
  fields: {
    parentId: { type: 'id', label: '上级角色', en: 'Parent', emptyMeans: 0 },
    roleName: { type: 'text', label: '角色名称', en: 'Name', required: '请输入角色名称', maxLength: 255 },
    roleAlias: { type: 'text', label: '角色别名', en: 'Alias', required: '请输入角色别名', maxLength: 255 },
    sort: { type: 'integer', label: '角色排序', en: 'Sort', minimum: 0, maximum: 99999 },
  },
  async beforeSave({ db, row, existing }) {
    const roles = await liveLinks(db, 'blade_role', ['roleAlias']);
    refuseTaken(roles, row, existing, 'roleAlias', MSG_DUPLICATE_ALIAS);
    const parentId = parentIdOf(row, existing);
    parentAmong(roles, parentId, MSG_PARENT_MISSING);
    refuseLoop(roles, existing, parentId, MSG_PARENT_LOOP);
  },
  async beforeRemove({ db, ids }) {
    await refuseRolesWithChildren({ db, ids });
    const inUse = await namesHeldByUsers(db, { column: 'roleId', table: 'blade_role', name: 'roleName' }, ids);
    if (inUse.length > 0) throw badRequest(roleInUse(inUse));
    await db.deleteFrom('blade_role_menu').where('roleId', 'in', ids).execute();
    await db.deleteFrom('blade_role_app_menu').where('roleId', 'in', ids).execute();
    await db.deleteFrom('blade_role_scope').where('roleId', 'in', ids).execute();
  },
});
