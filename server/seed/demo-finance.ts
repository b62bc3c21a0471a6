// The demo's second administrator, 财务主管 `finance`: a change to a money or account parameter waits for another
// administrator than the one asking (docs/orders-and-money.md, Approvals), so the demo has one to approve with.
import type { Kysely } from 'kysely';
import { ADMIN_ROLE_ALIAS } from '../../facts/role-aliases.js';
import { nextId } from '../platform/db/ids.js';
import type { Database } from '../platform/db/schema.js';
import { now } from '../platform/db/time.js';
import { hashPassword, md5Hex } from '../system/auth/password.js';

export const FINANCE_ACCOUNT = 'finance';
export const FINANCE_PASSWORD = 'finance';

/** Adds 财务主管 to the administrator role and the head office, unless the administrators are two already. */
export async function addDemoSecondAdministrator(db: Kysely<Database>): Promise<void> {
  const role = await db
    .selectFrom('blade_role')
    .select('id')
    .where('roleAlias', '=', ADMIN_ROLE_ALIAS)
    .executeTakeFirst();
  if (!role) return;
  const users = await db.selectFrom('blade_user').select(['roleId', 'deptId']).where('isDeleted', '=', 0).execute();
  const administrators = users.filter((user) => (user.roleId ?? '').split(',').includes(String(role.id)));
  if (administrators.length !== 1) return;
  const post = await db.selectFrom('blade_post').select('id').where('postCode', '=', 'finance').executeTakeFirst();
  await db
    .insertInto('blade_user')
    .values({
      id: nextId(),
      account: FINANCE_ACCOUNT,
      password: await hashPassword(md5Hex(FINANCE_PASSWORD)),
      name: FINANCE_ACCOUNT,
      realName: '财务主管',
      roleId: String(role.id),
      deptId: administrators[0].deptId,
      userType: 1,
      postId: post ? String(post.id) : null,
      createTime: now(),
    })
    .execute();
}
