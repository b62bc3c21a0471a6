// The names a user answer carries besides its ids (contract §7): roleName, deptName, postName, sexName,
// userTypeName and tenantName, looked up once per page for all its rows.
import type { AppContext } from '../../platform/context.js';
import type { Row } from '../../platform/engine/types.js';
import { idList } from '../permissions/id-list.js';
import { TENANT_NAME } from '../resources/tenant.js';

async function dictionary(ctx: AppContext, code: string): Promise<Map<string, string>> {
  const rows = await ctx.db
    .selectFrom('blade_dict')
    .select(['dictKey', 'dictValue'])
    .where('code', '=', code)
    .where('parentId', '<>', 0)
    .where('isDeleted', '=', 0)
    .execute();
  return new Map(rows.map((row) => [row.dictKey, row.dictValue]));
}

async function namesById(
  ctx: AppContext,
  table: 'blade_role' | 'blade_dept' | 'blade_post',
  ids: number[],
): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  if (table === 'blade_role') {
    const rows = await ctx.db.selectFrom('blade_role').select(['id', 'roleName']).where('id', 'in', ids).execute();
    return new Map(rows.map((row) => [row.id, row.roleName]));
  }
  if (table === 'blade_post') {
    const rows = await ctx.db.selectFrom('blade_post').select(['id', 'postName']).where('id', 'in', ids).execute();
    return new Map(rows.map((row) => [row.id, row.postName]));
  }
  const rows = await ctx.db.selectFrom('blade_dept').select(['id', 'deptName']).where('id', 'in', ids).execute();
  return new Map(rows.map((row) => [row.id, row.deptName]));
}

const joinNames = (ids: string | null, names: Map<number, string>): string =>
  idList(ids)
    .map((id) => names.get(id))
    .filter((name): name is string => name !== undefined)
    .join(',');

/** Adds the names to stored user rows (before serialization). */
export async function withNames(ctx: AppContext, rows: Row[]): Promise<Row[]> {
  if (rows.length === 0) return rows;
  const roleIds = new Set<number>();
  const deptIds = new Set<number>();
  const postIds = new Set<number>();
  for (const row of rows) {
    for (const id of idList(row.roleId as string | null)) roleIds.add(id);
    for (const id of idList(row.deptId as string | null)) deptIds.add(id);
    for (const id of idList(row.postId as string | null)) postIds.add(id);
  }
  const [roles, depts, posts, sexes, userTypes] = await Promise.all([
    namesById(ctx, 'blade_role', [...roleIds]),
    namesById(ctx, 'blade_dept', [...deptIds]),
    namesById(ctx, 'blade_post', [...postIds]),
    dictionary(ctx, 'sex'),
    dictionary(ctx, 'user_type'),
  ]);
  return rows.map((row) => ({
    ...row,
    roleName: joinNames(row.roleId as string | null, roles),
    deptName: joinNames(row.deptId as string | null, depts),
    postName: joinNames(row.postId as string | null, posts),
    tenantName: TENANT_NAME,
    sexName: row.sex == null ? '' : (sexes.get(String(row.sex)) ?? ''),
    userTypeName: row.userType == null ? '' : (userTypes.get(String(row.userType)) ?? ''),
  }));
}
