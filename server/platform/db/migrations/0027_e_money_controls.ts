// Money rules belong to administrators with a second person, and limits splitting cannot dodge
// (docs/orders-and-money.md, Approvals). A database seeded before gets what a fresh seed has: the parameter
// `money.requesterDailyCents` (what one person may pay out alone in a day), the request kinds 4 参数变更 and
// 5 分账设置 of dictionary `approval_kind`, and room in a request for a parameter's whole value.
import { type Kysely, PostgresAdapter, sql } from 'kysely';
import { nextId } from '../ids.js';
import type { Database } from '../schema.js';
import { now } from '../time.js';

const KIND = 'approval_kind';
const KINDS = [
  { key: '4', value: '参数变更', en: 'Parameter change', sort: 4 },
  { key: '5', value: '分账设置', en: 'Split set-up', sort: 5 },
];

export async function up(raw: Kysely<unknown>): Promise<void> {
  // A parameter change keeps the write it asks for, up to a 2,000-character value; SQLite does not bound text.
  if (raw.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`alter table biz_approval alter column ask type text`.execute(raw);
  }
  const db = raw as Kysely<Database>;
  const createTime = now();
  // A fresh database is seeded after the migrations, with all of this.
  const seeded = await db
    .selectFrom('blade_param')
    .select('id')
    .where('paramKey', '=', 'account.failCount')
    .executeTakeFirst();
  if (!seeded) return;
  const present = await db
    .selectFrom('blade_param')
    .select('id')
    .where('paramKey', '=', 'money.requesterDailyCents')
    .where('isDeleted', '=', 0)
    .executeTakeFirst();
  if (!present) {
    await db
      .insertInto('blade_param')
      .values({
        id: nextId(),
        paramName: '每人每日免审批付款合计(分)',
        paramKey: 'money.requesterDailyCents',
        paramValue: '200000',
        remark:
          '一名员工当日未经审批的退款、转账、提现打款合计超过此金额(分)时, 再付款需另一人审批 (Requester daily total, cents: beyond it a person’s further payouts of the day wait for a second person)',
        createTime,
      })
      .execute();
  }
  const root = await db
    .selectFrom('blade_dict')
    .select('id')
    .where('code', '=', KIND)
    .where('parentId', '=', 0)
    .where('dictKey', '=', '-1')
    .where('isDeleted', '=', 0)
    .executeTakeFirst();
  if (!root) return;
  for (const kind of KINDS) {
    const item = await db
      .selectFrom('blade_dict')
      .select('id')
      .where('code', '=', KIND)
      .where('dictKey', '=', kind.key)
      .executeTakeFirst();
    if (item) continue;
    await db
      .insertInto('blade_dict')
      .values({
        id: nextId(),
        parentId: root.id,
        code: KIND,
        dictKey: kind.key,
        dictValue: kind.value,
        dictValueEn: kind.en,
        sort: kind.sort,
        createTime,
      })
      .execute();
  }
}

export async function down(raw: Kysely<unknown>): Promise<void> {
  const db = raw as Kysely<Database>;
  await db.deleteFrom('blade_param').where('paramKey', '=', 'money.requesterDailyCents').execute();
  await db.deleteFrom('blade_dict').where('code', '=', KIND).where('dictKey', 'in', ['4', '5']).execute();
}
