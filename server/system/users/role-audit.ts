// A user's roles in the audit trail (docs/audit.md): when a save, a grant or a removal changes which roles a user
// holds, the roles before and after (ids and names) go into the trail in the same transaction. A save that leaves
// the roles as they were records nothing.
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { recordControlChange } from '../../platform/audit/record.js';
import type { Database } from '../../platform/db/schema.js';
import { idList } from '../permissions/id-list.js';

export interface RoleHolder {
  id: number;
  account: string;
}

/** The roles of a comma list, once each, in its order. */
const rolesIn = (roleId: string | null | undefined): number[] => [...new Set(idList(roleId))];
const sameSet = (a: number[], b: number[]) => a.length === b.length && a.every((id) => b.includes(id));

async function rolesOf(db: Kysely<Database>, ids: number[]) {
  if (ids.length === 0) return { roleId: '', roles: [] };
  const rows = await db.selectFrom('blade_role').select(['id', 'roleName']).where('id', 'in', ids).execute();
  const names = new Map(rows.map((row) => [row.id, row.roleName]));
  return { roleId: ids.join(','), roles: ids.map((id) => names.get(id) ?? String(id)) };
}

/** Records the user's roles going from `before` to `after` (comma lists of ids), unless they are the same. */
export async function recordUserRoles(
  db: Kysely<Database>,
  request: FastifyRequest,
  user: RoleHolder,
  action: 'add' | 'edit' | 'grant' | 'remove',
  before: string | null | undefined,
  after: string | null | undefined,
): Promise<void> {
  const [was, is] = [rolesIn(before), rolesIn(after)];
  if (sameSet(was, is)) return;
  await recordControlChange(db, request, {
    kind: 'user_role',
    action,
    subject: user.account,
    subjectId: user.id,
    before: action === 'add' ? undefined : await rolesOf(db, was),
    after: action === 'remove' ? undefined : await rolesOf(db, is),
  });
}
