// What the order list says about an order's refunds (`biz_order.refundState`), worked out again from its refunds in
// every transaction that writes one, so a failed refund nobody resolved yet is seen on the order itself.
import type { Transaction } from 'kysely';
import type { Database } from '../../platform/db/schema.js';

/** `biz_refund.status`: 0 处理中, 1 已完成, 2 退款关闭, 3 退款异常 (the provider's PROCESSING, SUCCESS, CLOSED, ABNORMAL). */
export const REFUND_PROCESSING = 0;
export const REFUND_DONE = 1;
export const REFUND_CLOSED = 2;
export const REFUND_ABNORMAL = 3;

/**
 * `biz_refund.resolution` of a failed refund: 0 待处理, 1 线下退款待审批, 2 已重新发起, 3 线下已退款; null for a refund
 * that did not fail.
 */
export const UNRESOLVED = 0;
export const OUTSIDE_WAITING = 1;
export const RESENT = 2;
export const PAID_OUTSIDE = 3;

/** `biz_order.refundState`, besides the refund statuses: a refund paid outside waits for a second person. */
export const ORDER_REFUND_OUTSIDE_WAITING = 4;

/** A refund's money reached the customer or is on its way: processing, done, or paid outside the console. */
export const movedMoney = (refund: { status: number; resolution: number | null }): boolean =>
  Number(refund.status) === REFUND_PROCESSING ||
  Number(refund.status) === REFUND_DONE ||
  Number(refund.resolution) === PAID_OUTSIDE;

/**
 * The order's refund state: a failure not yet resolved first (abnormal, then closed), then one paid outside waiting
 * for approval, then one processing, then refunded; null without refunds.
 */
export async function refreshRefundState(trx: Transaction<Database>, orderId: number): Promise<void> {
  const refunds = await trx
    .selectFrom('biz_refund')
    .select(['status', 'resolution'])
    .where('orderId', '=', orderId)
    .execute();
  const open = (status: number) =>
    refunds.some((refund) => Number(refund.status) === status && refund.resolution === UNRESOLVED);
  let state: number | null = null;
  if (refunds.length === 0) state = null;
  else if (open(REFUND_ABNORMAL)) state = REFUND_ABNORMAL;
  else if (open(REFUND_CLOSED)) state = REFUND_CLOSED;
  else if (refunds.some((refund) => Number(refund.resolution) === OUTSIDE_WAITING))
    state = ORDER_REFUND_OUTSIDE_WAITING;
  else if (refunds.some((refund) => Number(refund.status) === REFUND_PROCESSING)) state = REFUND_PROCESSING;
  else state = REFUND_DONE;
  await trx.updateTable('biz_order').set({ refundState: state }).where('id', '=', orderId).execute();
}

/**
 * A refund just written 处理中: the order shows it, unless it shows a failure or a waiting approval, which come first
 * (what `refreshRefundState` would work out, without reading the order's refunds again).
 */
export async function refundProcessing(trx: Transaction<Database>, orderId: number): Promise<void> {
  await trx
    .updateTable('biz_order')
    .set({ refundState: REFUND_PROCESSING })
    .where('id', '=', orderId)
    .where((eb) => eb.or([eb('refundState', 'is', null), eb('refundState', '=', REFUND_DONE)]))
    .execute();
}
