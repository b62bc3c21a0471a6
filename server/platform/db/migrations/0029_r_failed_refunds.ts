// A failed refund is no dead end (docs/orders-and-money.md, Refunds): a refund that ended abnormal (退款异常) or
// closed moved no money to the customer, so it no longer counts as refunded, and staff resolve it by sending it again
// or by recording, with a second person's approval, that it was paid outside the console. Each refund keeps how it
// was resolved and the customer's phone (copied from the order, so 退款记录 finds a caller's refunds without a join);
// each order keeps the state of its refunds for the order list. Abnormal refunds kept before as paid out are given
// back to their orders here, with the merchant ledger's `refund_back`, and the daily figures are emptied so the next
// start rebuilds them by the new rule.
import { type Kysely, sql } from 'kysely';
import { nextId } from '../ids.js';
import type { Database } from '../schema.js';
import { now } from '../time.js';

const ABNORMAL = 3;

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('biz_refund').addColumn('resolution', 'integer').execute();
  await sql`update biz_refund set resolution = 0 where status in (2, 3)`.execute(db);
  await db.schema.alterTable('biz_refund').addColumn('resolved_no', 'varchar(64)').execute();
  await db.schema.alterTable('biz_refund').addColumn('resolve_note', 'varchar(200)').execute();
  await db.schema.alterTable('biz_refund').addColumn('resolve_user', 'bigint').execute();
  await db.schema.alterTable('biz_refund').addColumn('resolve_approve_user', 'bigint').execute();
  await db.schema.alterTable('biz_refund').addColumn('resolve_time', 'timestamp').execute();
  await db.schema.alterTable('biz_refund').addColumn('phone_number', 'varchar(20)').execute();
  await db.schema.alterTable('biz_order').addColumn('refund_state', 'integer').execute();
  await sql`update biz_refund set phone_number = (select o.phone_number from biz_order o where o.id = biz_refund.order_id)`.execute(
    db,
  );
  await db.schema
    .createIndex('biz_refund_phone_created')
    .on('biz_refund')
    .columns(['phone_number', 'create_time'])
    .execute();
  await db.schema
    .createIndex('biz_refund_status_created')
    .on('biz_refund')
    .columns(['status', 'create_time'])
    .execute();

  const abnormal = await sql<{ id: number; orderId: number; outRefundNo: string; amount: number; updateTime: string }>`
    select id, order_id as "orderId", out_refund_no as "outRefundNo", amount,
      coalesce(update_time, create_time) as "updateTime"
    from biz_refund where status = ${ABNORMAL}`.execute(db);
  for (const refund of abnormal.rows) {
    await sql`update biz_order set refunded_amount = refunded_amount - ${Number(refund.amount)}
      where id = ${Number(refund.orderId)}`.execute(db);
    await sql`insert into biz_ledger (id, account, kind, biz_no, person_delta, plat_delta, order_id, create_time)
      values (${nextId()}, 0, 'refund_back', ${refund.outRefundNo}, ${Number(refund.amount)}, 0,
        ${Number(refund.orderId)}, ${refund.updateTime})`.execute(db);
  }
  // The order's refund state: an unresolved failure first (abnormal 3, closed 2), then processing 0, then done 1.
  await sql`update biz_order set refund_state = (
      select case
        when max(case when r.status = 3 then 1 else 0 end) = 1 then 3
        when max(case when r.status = 2 then 1 else 0 end) = 1 then 2
        when max(case when r.status = 0 then 1 else 0 end) = 1 then 0
        else 1 end
      from biz_refund r where r.order_id = biz_order.id)
    where exists (select 1 from biz_refund r where r.order_id = biz_order.id)`.execute(db);
  if (abnormal.rows.length > 0) await sql`delete from biz_day_figure`.execute(db);
  await addApprovalKind(db as Kysely<Database>);
}

/** Kind 6 线下退款确认 of dictionary `approval_kind`, on a database seeded before (a fresh seed has it). */
async function addApprovalKind(db: Kysely<Database>): Promise<void> {
  const root = await db
    .selectFrom('blade_dict')
    .select('id')
    .where('code', '=', 'approval_kind')
    .where('parentId', '=', 0)
    .where('dictKey', '=', '-1')
    .where('isDeleted', '=', 0)
    .executeTakeFirst();
  if (!root) return;
  const item = await db
    .selectFrom('blade_dict')
    .select('id')
    .where('code', '=', 'approval_kind')
    .where('dictKey', '=', '6')
    .executeTakeFirst();
  if (item) return;
  await db
    .insertInto('blade_dict')
    .values({
      id: nextId(),
      parentId: root.id,
      code: 'approval_kind',
      dictKey: '6',
      dictValue: '线下退款确认',
      dictValueEn: 'Refund paid outside',
      sort: 6,
      createTime: now(),
    })
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('biz_refund_status_created').execute();
  await db.schema.dropIndex('biz_refund_phone_created').execute();
  for (const column of [
    'phone_number',
    'resolve_time',
    'resolve_approve_user',
    'resolve_user',
    'resolve_note',
    'resolved_no',
    'resolution',
  ]) {
    await db.schema.alterTable('biz_refund').dropColumn(column).execute();
  }
  await db.schema.alterTable('biz_order').dropColumn('refund_state').execute();
  await sql`delete from blade_dict where code = 'approval_kind' and dict_key = '6'`.execute(db);
}
