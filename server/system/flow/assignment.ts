// Who gets a user task, from the rules its model names (docs/workflow.md, "Who approves"): a user the assignee rule
// names, the starter's manager (`${starterManager}`), or candidates: role holders inside the starter's company,
// the people of a department (`dept:<id>`, `dept:starter`) or the starter's manager (`manager`, `manager:<role>`).
// People are found when the task opens, so a change in the organisation reaches the next task, not a claimed one.
import type { Transaction } from 'kysely';
import { ADMIN_ROLE_ALIAS, SITE_MANAGER_ROLE_ALIAS } from '../../../facts/role-aliases.js';
import type { Database } from '../../platform/db/schema.js';
import { evaluate } from './bpmn/expressions.js';
import type { ModelNode } from './bpmn/model.js';
import type { Variables } from './bpmn/run.js';
import { companyDeptOf } from './company.js';

export interface Assignment {
  assigneeId: number | null;
  candidateRoles: string[];
  candidateUsers: number[];
}

export interface Starter {
  userId: number;
  /** The department the request was filed under. */
  deptId: number | null;
}

/** The assignee rule that names the starter's manager. */
export const STARTER_MANAGER = `\${starterManager}`;

const WHOLE_EXPRESSION = /^\$\{(.+)\}$/s;

const idsOf = (list: string | null): number[] =>
  String(list ?? '')
    .split(',')
    .map(Number)
    .filter((id) => id > 0);

async function people(trx: Transaction<Database>) {
  const users = await trx
    .selectFrom('blade_user')
    .select(['id', 'roleId', 'deptId'])
    .where('isDeleted', '=', 0)
    .execute();
  return users.map((user) => ({ id: Number(user.id), roles: idsOf(user.roleId), depts: idsOf(user.deptId) }));
}

/**
 * The starter's manager: the holders of the manager role in the starter's department, else in the one above, and so
 * on up to the starter's company (never above it, so a franchisee's request stays with the franchisee). The starter
 * is never their own manager: a manager's request goes to the manager above.
 */
async function managersOf(trx: Transaction<Database>, starter: Starter, roleAlias: string): Promise<number[]> {
  if (!starter.deptId) return [];
  const dept = await trx
    .selectFrom('blade_dept')
    .select(['id', 'ancestors'])
    .where('id', '=', starter.deptId)
    .executeTakeFirst();
  if (!dept) return [];
  const company = await companyDeptOf(trx, starter.deptId);
  const line = [Number(dept.id), ...idsOf(dept.ancestors).reverse()];
  const upTo = company === null ? line : line.slice(0, line.indexOf(company) + 1);
  const roles = await trx
    .selectFrom('blade_role')
    .select('id')
    .where('roleAlias', '=', roleAlias)
    .where('isDeleted', '=', 0)
    .execute();
  const roleIds = roles.map((role) => Number(role.id));
  const everyone = (await people(trx)).filter((user) => user.id !== starter.userId);
  for (const deptId of upTo) {
    const holders = everyone.filter(
      (user) => user.depts.includes(deptId) && user.roles.some((id) => roleIds.includes(id)),
    );
    if (holders.length) return holders.map((user) => user.id);
  }
  return [];
}

/** The people of a department and the departments below it, the starter left out. */
async function membersOf(trx: Transaction<Database>, deptId: number, starter: Starter): Promise<number[]> {
  const below = await trx
    .selectFrom('blade_dept')
    .select('id')
    .where('isDeleted', '=', 0)
    .where((eb) =>
      eb.or([eb('id', '=', deptId), eb('ancestors', 'like', `%,${deptId}`), eb('ancestors', 'like', `%,${deptId},%`)]),
    )
    .execute();
  const depts = below.map((row) => Number(row.id));
  return (await people(trx))
    .filter((user) => user.id !== starter.userId && user.depts.some((id) => depts.includes(id)))
    .map((user) => user.id);
}

/** The people a candidate group names, or null when it names a role (kept as a role, inside the company). */
async function groupPeople(trx: Transaction<Database>, group: string, starter: Starter): Promise<number[] | null> {
  if (group === 'manager' || group.startsWith('manager:')) {
    return managersOf(trx, starter, group.slice('manager:'.length) || SITE_MANAGER_ROLE_ALIAS);
  }
  if (!group.startsWith('dept:')) return null;
  const dept = group.slice('dept:'.length);
  const deptId = dept === 'starter' ? starter.deptId : Number(dept);
  return deptId ? membersOf(trx, deptId, starter) : [];
}

/**
 * Who gets a user task: the user its assignee rule names (at once theirs to do), or else its candidates (one of them
 * claims it). The starter's manager is theirs at once when there is one, candidates when several share the role.
 * A task whose rules name nobody goes to the administrators, so it never stalls.
 */
export async function assignmentOf(
  trx: Transaction<Database>,
  node: ModelNode,
  variables: Variables,
  starter: Starter,
): Promise<Assignment> {
  const rule = node.assignee.trim();
  if (rule === STARTER_MANAGER) {
    const managers = await managersOf(trx, starter, SITE_MANAGER_ROLE_ALIAS);
    if (managers.length === 1) return { assigneeId: managers[0], candidateRoles: [], candidateUsers: [] };
    if (managers.length > 1) return { assigneeId: null, candidateRoles: [], candidateUsers: managers };
  } else {
    const whole = WHOLE_EXPRESSION.exec(rule);
    const assignee = whole ? evaluate(whole[1], variables) : rule;
    const assigneeId = Number(assignee);
    if (assignee !== null && assignee !== '' && Number.isSafeInteger(assigneeId) && assigneeId > 0) {
      return { assigneeId, candidateRoles: [], candidateUsers: [] };
    }
  }
  const candidateRoles: string[] = [];
  const candidateUsers = new Set<number>();
  for (const group of node.candidateGroups) {
    const named = await groupPeople(trx, group, starter);
    if (named === null) candidateRoles.push(group);
    else for (const id of named) candidateUsers.add(id);
  }
  if (candidateRoles.length === 0 && candidateUsers.size === 0) candidateRoles.push(ADMIN_ROLE_ALIAS);
  return { assigneeId: null, candidateRoles, candidateUsers: [...candidateUsers] };
}
