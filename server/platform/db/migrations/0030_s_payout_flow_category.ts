// Payout approvals are a process type of their own (dictionary `flow`, key 2 付款审批), so the workflow lists name
// their 流程类型; a fresh seed has the item, a database seeded before gets it here. The shipped model that carries the
// category is deployed as the next version on start (server/system/flow/deployments.ts).
import type { Kysely } from 'kysely';
import { nextId } from '../ids.js';
import type { Database } from '../schema.js';
import { now } from '../time.js';

export async function up(untyped: Kysely<unknown>): Promise<void> {
  const db = untyped as Kysely<Database>;
  const root = await db
    .selectFrom('blade_dict')
    .select('id')
    .where('code', '=', 'flow')
    .where('parentId', '=', 0)
    .where('dictKey', '=', '-1')
    .where('isDeleted', '=', 0)
    .executeTakeFirst();
  if (!root) return;
  const item = await db
    .selectFrom('blade_dict')
    .select('id')
    .where('code', '=', 'flow')
    .where('dictKey', '=', '2')
    .executeTakeFirst();
  if (item) return;
  await db
    .insertInto('blade_dict')
    .values({
      id: nextId(),
      parentId: root.id,
      code: 'flow',
      dictKey: '2',
      dictValue: '付款审批',
      dictValueEn: 'Payout approval',
      sort: 2,
      remark: 'payout_approval',
      createTime: now(),
    })
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await (db as Kysely<Database>)
    .deleteFrom('blade_dict')
    .where('code', '=', 'flow')
    .where('dictKey', '=', '2')
    .execute();
}
