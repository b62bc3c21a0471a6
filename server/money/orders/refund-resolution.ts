// A failed refund is no dead end (docs/orders-and-money.md, Refunds). A refund that ended closed (退款关闭) or
// abnormal (退款异常: the customer's card was frozen or cancelled) moved no money to the customer; staff resolve it
// once, in one of two ways:
// - send it again: a new refund of the same amount under a new number through the provider, its intent written
//   first as every refund's is. The provider takes a new number for a closed refund; an abnormal one's money stays
//   in the provider's refund account, so the provider would refuse a second refund of it and it is not offered;
// - record that it was paid outside the console (the merchant platform's 异常退款处理: to the customer's other card,
//   or to the merchant's bank account and from there to the customer), with the reference and a note. It waits on
//   付款审批 (kind 6 线下退款确认) and counts as paid out only once a second person approves.
// Either is written under the order's lock on the refund's own row, so a second resolution is refused and changes
// nothing.
import type { FastifyRequest } from 'fastify';
import type { Selectable, Transaction } from 'kysely';
import type { AppContext } from '../../platform/context.js';
import type { Database, RefundTable } from '../../platform/db/schema.js';
import { now } from '../../platform/db/time.js';
import { badRequest, notFound } from '../../platform/http/envelope.js';
import { APPROVAL_REFUND_OUTSIDE, type ApprovalRow, fileRequestIn } from '../approvals/approval.js';
import { publish } from '../events/money-events.js';
import { leaveToRecovery } from '../payments/outside-call.js';
import { yuan } from '../payments/yuan.js';
import { append, MERCHANT } from '../wallets/ledger.js';
import { moveOrder } from './move.js';
import { orders } from './order.js';
import {
  OUTSIDE_WAITING,
  PAID_OUTSIDE,
  REFUND_ABNORMAL,
  REFUND_CLOSED,
  REFUND_PROCESSING,
  RESENT,
  refreshRefundState,
  UNRESOLVED,
} from './refund-state.js';
import { insertRefund, lockOrder, type PendingRefund, sendRefund } from './settle.js';
import {
  ORDER_ABNORMAL,
  ORDER_COMPLETED,
  ORDER_REFUNDED,
  ORDER_REFUNDING,
  REFUNDABLE,
  requireState,
} from './status.js';

export const MSG_NOT_FAILED = '该退款未失败, 无需处理';
export const MSG_RESENT = '该退款已重新发起 (退款单号 {}), 不能再次处理';
export const MSG_OUTSIDE_WAITING = '该退款已登记为线下已退, 正在等待审批, 不能再次处理';
export const MSG_PAID_OUTSIDE = '该退款已登记为线下已退 (参考号 {}), 不能再次处理';
export const MSG_ABNORMAL_HELD =
  '退款异常的款项仍在支付平台的退款账户中, 不能重新发起; 请在商户平台-交易中心处理后登记线下已退';
export const MSG_OUTSIDE_FILED = '已登记线下退款, 需另一人审批后计为已退款';

type Refund = Selectable<RefundTable>;

/** The refund by its number, of an order the caller may see (anything else is answered as not existing). */
async function refundOfOrderSeen(ctx: AppContext, request: FastifyRequest, outRefundNo: string): Promise<Refund> {
  const refund = await ctx.db
    .selectFrom('biz_refund')
    .selectAll()
    .where('outRefundNo', '=', outRefundNo)
    .executeTakeFirst();
  if (!refund) throw notFound();
  await orders.find(ctx, request, Number(refund.orderId));
  return refund;
}

/** Refuses a refund that did not fail, or one already resolved, naming how. */
function requireUnresolvedFailure(refund: Refund): void {
  const status = Number(refund.status);
  if (status !== REFUND_CLOSED && status !== REFUND_ABNORMAL) throw badRequest(MSG_NOT_FAILED);
  const resolution = Number(refund.resolution);
  if (resolution === RESENT) throw badRequest(MSG_RESENT.replace('{}', refund.resolvedNo ?? ''));
  if (resolution === OUTSIDE_WAITING) throw badRequest(MSG_OUTSIDE_WAITING);
  if (resolution === PAID_OUTSIDE) throw badRequest(MSG_PAID_OUTSIDE.replace('{}', refund.resolvedNo ?? ''));
}

/** The refund read again inside the transaction that holds its order's lock. */
async function lockedRefund(trx: Transaction<Database>, id: number): Promise<Refund> {
  return trx.selectFrom('biz_refund').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

/**
 * The number of a refund sent again: the failed one's with `-2` (then `-3`, … when that fails too), within the
 * provider's 64 characters. One failed refund has one such number, so a repeat cannot make a second refund.
 */
export function resentNumber(outRefundNo: string): string {
  const counted = /^(.*)-(\d+)$/.exec(outRefundNo);
  const base = counted ? counted[1] : outRefundNo;
  const suffix = `-${counted ? Number(counted[2]) + 1 : 2}`;
  return `${base.slice(0, 64 - suffix.length)}${suffix}`;
}

/**
 * 重新发起: a new refund of the failed one's amount under a new number, written 处理中 with the merchant's ledger
 * entry in the transaction that marks the failed one resolved, then sent; the provider's refusal closes the new one
 * (which may be resolved in turn) and is answered. Answers the new refund's number.
 */
export async function resendRefund(ctx: AppContext, request: FastifyRequest, outRefundNo: string): Promise<string> {
  const failed = await refundOfOrderSeen(ctx, request, outRefundNo);
  const pending = await ctx.db.transaction().execute(async (trx) => {
    const order = await lockOrder(ctx, trx, Number(failed.orderId));
    const refund = await lockedRefund(trx, failed.id);
    requireUnresolvedFailure(refund);
    if (Number(refund.status) === REFUND_ABNORMAL) throw badRequest(MSG_ABNORMAL_HELD);
    requireState(Number(order.state), REFUNDABLE, '退款');
    const amount = Number(refund.amount);
    const paid = Number(order.totalAmount);
    const refunded = Number(order.refundedAmount);
    if (refunded + amount > paid) throw badRequest(`退款金额超过可退金额 (可退 ${yuan(paid - refunded)})`);
    const again: PendingRefund = {
      orderId: Number(order.id),
      outTradeNo: order.outTradeNo,
      outRefundNo: resentNumber(refund.outRefundNo),
      amount,
      total: paid,
      source: Number(refund.source),
    };
    await moveOrder(
      trx,
      { id: again.orderId },
      { from: [Number(order.state)], to: ORDER_REFUNDING, set: { refundedAmount: refunded + amount } },
    );
    await trx
      .updateTable('biz_refund')
      .set({ resolution: RESENT, resolvedNo: again.outRefundNo, ...resolvedBy(request), updateTime: now() })
      .where('id', '=', refund.id)
      .execute();
    await insertRefund(trx, order, again, `重新发起退款 (原退款 ${refund.outRefundNo})`, request);
    await append(trx, {
      account: MERCHANT,
      kind: 'refund',
      bizNo: again.outRefundNo,
      personDelta: -amount,
      orderId: again.orderId,
    });
    await refreshRefundState(trx, again.orderId);
    return again;
  });
  const refused = await leaveToRecovery(request.log, 'refund resend', () => sendRefund(ctx, pending), null);
  if (refused) throw badRequest(refused);
  return pending.outRefundNo;
}

const resolvedBy = (request: FastifyRequest) => ({ resolveUser: request.user?.userId ?? null, resolveTime: now() });

export interface PaidOutsideAsk {
  outRefundNo: string;
  /** The merchant platform's number of the handling, or the bank transfer's. */
  reference: string;
  note: string;
}

/**
 * 登记线下已退: files the failed refund as paid outside the console on 付款审批 (kind 6) and marks it waiting, in one
 * transaction; nothing counts as refunded until a second person approves.
 */
export async function recordPaidOutside(ctx: AppContext, request: FastifyRequest, ask: PaidOutsideAsk): Promise<void> {
  const failed = await refundOfOrderSeen(ctx, request, ask.outRefundNo);
  await ctx.db.transaction().execute(async (trx) => {
    const order = await lockOrder(ctx, trx, Number(failed.orderId));
    const refund = await lockedRefund(trx, failed.id);
    requireUnresolvedFailure(refund);
    await trx
      .updateTable('biz_refund')
      .set({
        resolution: OUTSIDE_WAITING,
        resolvedNo: ask.reference,
        resolveNote: ask.note,
        ...resolvedBy(request),
        updateTime: now(),
      })
      .where('id', '=', refund.id)
      .execute();
    await refreshRefundState(trx, Number(order.id));
    await fileRequestIn(trx, request, {
      kind: APPROVAL_REFUND_OUTSIDE,
      bizNo: refund.outRefundNo,
      amount: Number(refund.amount),
      orderId: Number(order.id),
      customerId: order.customerId ? Number(order.customerId) : undefined,
      remark: `订单 ${order.outTradeNo} 退款 ${refund.outRefundNo} 线下已退, 参考号 ${ask.reference}`,
      ask,
    });
  });
}

/**
 * The approved kind 6: the failed refund counts as paid out (the order's refunded amount, the merchant's
 * `refund_outside` ledger entry, the figures), and the order settles: refunded when nothing is left, completed when
 * no other failure waits on it. Refused, when the order has meanwhile been refunded past it, the refund goes back to
 * 待处理 and the refusal is answered (the request ends 付款失败).
 */
export async function settlePaidOutside(ctx: AppContext, request: FastifyRequest, approval: ApprovalRow) {
  const stored = await ctx.db
    .selectFrom('biz_refund')
    .select(['id', 'orderId'])
    .where('outRefundNo', '=', approval.bizNo)
    .executeTakeFirst();
  if (!stored) throw notFound();
  try {
    await ctx.db.transaction().execute(async (trx) => {
      const order = await lockOrder(ctx, trx, Number(stored.orderId));
      const refund = await lockedRefund(trx, stored.id);
      if (Number(refund.resolution) !== OUTSIDE_WAITING) requireUnresolvedFailure(refund);
      const amount = Number(refund.amount);
      const paid = Number(order.totalAmount);
      const refunded = Number(order.refundedAmount) + amount;
      if (refunded > paid) {
        throw badRequest(`退款金额超过可退金额 (可退 ${yuan(paid - Number(order.refundedAmount))})`);
      }
      await trx
        .updateTable('biz_refund')
        .set({ resolution: PAID_OUTSIDE, resolveApproveUser: request.user?.userId ?? null, updateTime: now() })
        .where('id', '=', refund.id)
        .execute();
      await append(trx, {
        account: MERCHANT,
        kind: 'refund_outside',
        bizNo: refund.outRefundNo,
        personDelta: -amount,
        orderId: Number(order.id),
      });
      await publish(trx, {
        kind: 'refund_paid_outside',
        refund: { orderId: Number(order.id), source: Number(refund.source), amount, createTime: refund.createTime },
      });
      const state = Number(order.state);
      const others = await trx
        .selectFrom('biz_refund')
        .select(['status', 'resolution'])
        .where('orderId', '=', order.id)
        .where('id', '<>', refund.id)
        .execute();
      const failing = others.some(
        (other) =>
          (Number(other.status) === REFUND_CLOSED || Number(other.status) === REFUND_ABNORMAL) &&
          Number(other.resolution) !== PAID_OUTSIDE &&
          Number(other.resolution) !== RESENT,
      );
      const processing = others.some((other) => Number(other.status) === REFUND_PROCESSING);
      let next = state;
      if (refunded >= paid && !processing) next = ORDER_REFUNDED;
      // An abnormal order settles once nothing failed waits on it; a payment never rented stays for staff.
      else if (state === ORDER_ABNORMAL && !failing && !processing && order.startTime !== null) next = ORDER_COMPLETED;
      await moveOrder(trx, { id: Number(order.id) }, { from: [state], to: next, set: { refundedAmount: refunded } });
      await refreshRefundState(trx, Number(order.id));
    });
  } catch (error) {
    await reopen(ctx.db, stored.id);
    throw error;
  }
}

/** A refund recorded as paid outside whose request was rejected or failed is 待处理 again. */
async function reopen(db: AppContext['db'] | Transaction<Database>, refundId: number): Promise<void> {
  const run = async (trx: Transaction<Database>) => {
    const reopened = await trx
      .updateTable('biz_refund')
      .set({ resolution: UNRESOLVED, updateTime: now() })
      .where('id', '=', refundId)
      .where('resolution', '=', OUTSIDE_WAITING)
      .returning('orderId')
      .executeTakeFirst();
    if (reopened) await refreshRefundState(trx, Number(reopened.orderId));
  };
  if (db.isTransaction) await run(db as Transaction<Database>);
  else await db.transaction().execute(run);
}

/** The rejected kind 6, in the rejection's transaction: the refund is 待处理 again. */
export async function paidOutsideRejected(trx: Transaction<Database>, approval: ApprovalRow): Promise<void> {
  const refund = await trx
    .selectFrom('biz_refund')
    .select('id')
    .where('outRefundNo', '=', approval.bizNo)
    .executeTakeFirst();
  if (refund) await reopen(trx, refund.id);
}
