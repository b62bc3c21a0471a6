// Whose company a person belongs to, for the workflow's candidate tasks: the nearest department, from the person's
// own up through its ancestors, that a company (biz_company) owns. Head office owns the root department, so a
// franchisee's department, though below it, is the franchisee's company, not head office's.
import type { Kysely, Transaction } from 'kysely';
import { ADMIN_ROLE_ALIAS } from '../../../facts/role-aliases.js';
import type { Database } from '../../platform/db/schema.js';

/** The company department of a department, or null when no company owns it or any department above it. */
export async function companyDeptOf(
  db: Kysely<Database> | Transaction<Database>,
  deptId: number | null,
): Promise<number | null> {
  if (!deptId) return null;
  const dept = await db
    .selectFrom('blade_dept')
    .select(['id', 'ancestors'])
    .where('id', '=', deptId)
    .executeTakeFirst();
  if (!dept) return null;
  const line = [
    dept.id,
    ...String(dept.ancestors ?? '')
      .split(',')
      .map(Number)
      .filter(Boolean)
      .reverse(),
  ];
  const owned = await db
    .selectFrom('biz_company')
    .select('deptId')
    .where('isDeleted', '=', 0)
    .where('deptId', 'in', line)
    .execute();
  const companies = new Set(owned.map((row) => Number(row.deptId)));
  return line.find((id) => companies.has(id)) ?? null;
}

/** A person's first department (the one a request is filed under), from the comma list of the session. */
export const firstDeptOf = (deptId: string): number | null => Number(deptId.split(',')[0]) || null;

/**
 * Who may take a candidate task, as the starter sees it: the real names of the people it names and of the role
 * holders inside its company, or of the administrators when there are none.
 */
export async function candidateNames(
  db: Kysely<Database>,
  task: { candidateRoles: string | null; candidateDept: number | null; candidateUsers: string | null },
): Promise<string[]> {
  const { candidateDept } = task;
  const named = String(task.candidateUsers ?? '')
    .split(',')
    .map(Number)
    .filter(Boolean);
  const aliases = String(task.candidateRoles ?? '')
    .split(',')
    .filter(Boolean);
  const roles = await db
    .selectFrom('blade_role')
    .select(['id', 'roleAlias'])
    .where('isDeleted', '=', 0)
    .where('roleAlias', 'in', aliases.length ? aliases : [''])
    .execute();
  const users = await db
    .selectFrom('blade_user')
    .select(['id', 'realName', 'name', 'roleId', 'deptId'])
    .where('isDeleted', '=', 0)
    .execute();
  const holders = (ids: number[]) =>
    users.filter((user) =>
      String(user.roleId ?? '')
        .split(',')
        .some((id) => ids.includes(Number(id))),
    );
  const admins = roles.filter((role) => role.roleAlias === ADMIN_ROLE_ALIAS).map((role) => role.id);
  const others = roles.filter((role) => role.roleAlias !== ADMIN_ROLE_ALIAS).map((role) => role.id);
  const inCompany = users.filter((user) => named.includes(Number(user.id)));
  for (const user of holders(others)) {
    if (inCompany.includes(user)) continue;
    if (candidateDept === null || (await companyDeptOf(db, firstDeptOf(String(user.deptId ?? '')))) === candidateDept)
      inCompany.push(user);
  }
  const chosen = inCompany.length ? inCompany : holders(admins);
  return chosen.map((user) => String(user.realName || user.name || ''));
}
