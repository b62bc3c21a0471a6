// Money leaving an order: finishing a rental (the fee kept, the rest of the deposit refunded) and refunds, staff's
// and the customer's own through one core. Each checks and moves inside one transaction that first claims the order
// row, then asks the payment provider; a refusal from the provider gives the amount back (docs/orders-and-money.md).
import type { FastifyRequest } from 'fastify';
import type { Selectable, Transaction } from 'kysely';
import type { AppContext } from '../../platform/context.js';
import { nextId } from '../../platform/db/ids.js';
import type { Database, OrderTable } from '../../platform/db/schema.js';
import { now, parseDateTime } from '../../platform/db/time.js';
import { badRequest, notFound } from '../../platform/http/envelope.js';
import { EQU_IDLE, EQU_IN_USE } from '../../rental/business/equipment.js';
import { publish } from '../events/money-events.js';
import { paymentProviderOf } from '../payments/index.js';
import { leaveToRecovery } from '../payments/outside-call.js';
import { PaymentError, type Refund } from '../payments/provider.js';
import { yuan } from '../payments/yuan.js';
import { shareOrder } from '../splits/share.js';
import { append, MERCHANT } from '../wallets/ledger.js';
import { collectionFailed } from './app-rental.js';
import { durationText, feeOf, minutesBetween } from './fee.js';
import { moveOrder } from './move.js';
import { orders, PAY_MODE_SCORE, PAY_MODE_WALLET } from './order.js';
import { REFUND_AT_FINISH, type REFUND_BY_CUSTOMER, REFUND_BY_STAFF } from './refund-source.js';
import {
  ORDER_REFUND_OUTSIDE_WAITING,
  PAID_OUTSIDE,
  REFUND_ABNORMAL,
  REFUND_CLOSED,
  REFUND_DONE,
  REFUND_PROCESSING,
  refreshRefundState,
  refundProcessing,
  UNRESOLVED,
} from './refund-state.js';
import {
  FINISHABLE,
  ORDER_ABNORMAL,
  ORDER_AWAITING_SETTLEMENT,
  ORDER_COMPLETED,
  ORDER_REFUNDED,
  ORDER_REFUNDING,
  REFUNDABLE,
  requireState,
} from './status.js';
import { refundToWallet, releaseWalletRest } from './wallet-rental.js';

export { REFUND_ABNORMAL, REFUND_CLOSED, REFUND_DONE, REFUND_PROCESSING } from './refund-state.js';

const REFUND_STATUS = { SUCCESS: REFUND_DONE, CLOSED: REFUND_CLOSED, ABNORMAL: REFUND_ABNORMAL, PROCESSING: 0 };

/** The refund channel of a wallet order's refund: the wallet balance, as the provider names a refund to balance. */
export const WALLET_CHANNEL = 'BALANCE';

/** The order row, locked against concurrent money moves until the transaction ends (SQLite has one writer). */
export async function lockOrder(
  ctx: AppContext,
  trx: Transaction<Database>,
  id: number,
): Promise<Selectable<OrderTable>> {
  let query = trx.selectFrom('biz_order').selectAll().where('id', '=', id).where('isDeleted', '=', 0);
  if (ctx.dialect === 'postgres') query = query.forUpdate();
  const order = await query.executeTakeFirst();
  if (!order) throw notFound();
  return order;
}

export interface PendingRefund {
  orderId: number;
  outTradeNo: string;
  outRefundNo: string;
  amount: number;
  total: number;
  source: number;
}

/**
 * Asks the provider for a refund already written as processing (again, by the same outRefundNo, when the recovery
 * worker finds it was never accepted); a refusal closes it and answers its message.
 */
export async function sendRefund(ctx: AppContext, pending: PendingRefund): Promise<string | null> {
  try {
    const refund = await paymentProviderOf(ctx).refund({
      outTradeNo: pending.outTradeNo,
      outRefundNo: pending.outRefundNo,
      refund: pending.amount,
      total: pending.total,
    });
    await ctx.db
      .updateTable('biz_refund')
      .set({ refundId: refund.refundId, channel: refund.channel, userReceivedAccount: refund.userReceivedAccount })
      .where('outRefundNo', '=', pending.outRefundNo)
      .execute();
    return null;
  } catch (error) {
    if (!(error instanceof PaymentError)) throw error;
    await settleRefund(ctx, {
      outRefundNo: pending.outRefundNo,
      outTradeNo: pending.outTradeNo,
      refundId: '',
      refund: pending.amount,
      status: 'CLOSED',
      channel: '',
      userReceivedAccount: '',
    });
    return `退款失败: ${error.message}`;
  }
}

/** order/finish: ends a running rental, keeps the fee, releases the equipment and refunds the rest. */
export async function finishOrder(ctx: AppContext, request: FastifyRequest, id: number): Promise<void> {
  await orders.find(ctx, request, id);
  const end = new Date();
  let shareable = false;
  const next = await ctx.db.transaction().execute(async (trx) => {
    const order = await lockOrder(ctx, trx, id);
    // An abnormal order whose rental already ended has its fee; what remains is a refund, not a second finish.
    if (Number(order.state) === ORDER_ABNORMAL && order.endTime) {
      // A failed refund is resolved on 退款记录, not by a new refund of the same money.
      const failed = order.refundState === REFUND_ABNORMAL || order.refundState === REFUND_CLOSED;
      throw badRequest(
        failed ? '订单已结束, 其退款失败待处理: 请在退款记录中重新发起或登记线下已退' : '订单已结束, 请通过退款处理',
      );
    }
    requireState(Number(order.state), FINISHABLE, '结束');
    const minutes = minutesBetween(parseDateTime(String(order.startTime)), end);
    const scored = Number(order.payMode) === PAY_MODE_SCORE;
    // A pay-score rental is charged at most the risk amount its service order authorised, as a deposit caps the rest.
    const paid = scored ? Number(order.amount) : Number(order.totalAmount);
    const fee = Math.min(
      feeOf({ ...order, dailyCap: order.dailyCap === null ? null : Number(order.dailyCap) }, minutes),
      paid,
    );
    const back = scored ? 0 : paid - fee - Number(order.refundedAmount);
    // A wallet rental's rest goes back to the wallet here, in this transaction: nothing waits on a provider.
    const onWallet = Number(order.payMode) === PAY_MODE_WALLET;
    await moveOrder(
      trx,
      { id },
      {
        from: [Number(order.state)],
        to: (back > 0 && !onWallet) || (scored && fee > 0) ? ORDER_AWAITING_SETTLEMENT : ORDER_COMPLETED,
        set: {
          endTime: now(),
          description: durationText(minutes),
          actAmount: fee,
          refundedAmount: Number(order.refundedAmount) + Math.max(back, 0),
          updateUser: request.user?.userId ?? null,
        },
      },
    );
    await publish(trx, { kind: 'rental_ended', orderId: id });
    await trx
      .updateTable('biz_equ')
      .set({ equState: EQU_IDLE, updateTime: now() })
      .where('id', '=', order.equId)
      .where('equState', '=', EQU_IN_USE)
      .execute();
    // A pay-score fee reaches the ledger when it is collected (orders/app-rental.ts).
    if (scored) return { collect: { outTradeNo: order.outTradeNo, fee }, refund: null };
    await append(trx, { account: MERCHANT, kind: 'order_fee', bizNo: order.outTradeNo, personDelta: fee, orderId: id });
    shareable = fee > 0 && order.transactionId !== null;
    if (onWallet) await releaseWalletRest(trx, order, fee);
    if (back <= 0 || onWallet) return null;
    const refund: PendingRefund = {
      orderId: id,
      outTradeNo: order.outTradeNo,
      outRefundNo: `F${order.outTradeNo}`,
      amount: back,
      total: paid,
      source: REFUND_AT_FINISH,
    };
    await insertRefund(trx, order, refund, '订单结束, 退还剩余押金', request);
    return { refund, collect: null };
  });
  // A refused settlement refund leaves the finished order abnormal for staff; the finish itself stands. A provider
  // that does not answer leaves the refund (or the completion) to the recovery worker.
  const { refund, collect } = next ?? {};
  if (refund) await leaveToRecovery(request.log, 'order/finish refund', () => sendRefund(ctx, refund), null);
  if (collect) {
    const { outTradeNo, fee } = collect;
    await leaveToRecovery(
      request.log,
      'order/finish completion',
      () => completeServiceOrder(ctx, outTradeNo, fee),
      undefined,
    );
  }
  // The fee is shared by the site's setters once the rental ends; a refused share is left closed for staff to see.
  if (shareable) await leaveToRecovery(request.log, 'order/finish split', () => shareOrder(ctx, id), null);
}

/** Ends the pay-score service order with the fee; a refusal leaves the order abnormal, as a failed collection does. */
export async function completeServiceOrder(ctx: AppContext, outTradeNo: string, fee: number): Promise<void> {
  try {
    await paymentProviderOf(ctx).completeServiceOrder(outTradeNo, fee);
  } catch (error) {
    if (!(error instanceof PaymentError)) throw error;
    await collectionFailed(ctx, outTradeNo);
  }
}

/** Writes a refund 处理中 (its intent, before the provider is asked) and counts it; the order's refund state follows. */
export async function insertRefund(
  trx: Transaction<Database>,
  order: Pick<Selectable<OrderTable>, 'transactionId' | 'phoneNumber'>,
  refund: PendingRefund,
  reason: string | null,
  request: FastifyRequest,
): Promise<void> {
  const createTime = now();
  await trx
    .insertInto('biz_refund')
    .values({
      id: nextId(),
      orderId: refund.orderId,
      outTradeNo: refund.outTradeNo,
      transactionId: order.transactionId,
      phoneNumber: order.phoneNumber,
      outRefundNo: refund.outRefundNo,
      amount: refund.amount,
      reason,
      status: REFUND_PROCESSING,
      source: refund.source,
      // A customer's session has no staff user: nobody of the staff launched it.
      createUser: request.user?.customerId == null ? (request.user?.userId ?? null) : null,
      createTime,
    })
    .execute();
  await publish(trx, { kind: 'refund_launched', refund: { ...refund, createTime } });
  await refundProcessing(trx, refund.orderId);
}

/**
 * What abnormal refunds of the order not yet paid outside leave in the provider's refund account: the provider still
 * counts them against the payment, so a new refund of that money would be refused; they are resolved instead.
 */
async function heldByProvider(trx: Transaction<Database>, orderId: number): Promise<number> {
  const held = await trx
    .selectFrom('biz_refund')
    .select((eb) => eb.fn.sum<number>('amount').as('total'))
    .where('orderId', '=', orderId)
    .where('status', '=', REFUND_ABNORMAL)
    .where('resolution', '<>', PAID_OUTSIDE)
    .executeTakeFirst();
  return Number(held?.total ?? 0);
}

export interface RefundAsk {
  orderId: number;
  amount: number;
  outRefundNo: string;
  reason?: string;
}

/** What a refund call answers the customer app: its provider number (empty until the provider has it) and state. */
export interface RefundAnswer {
  refundId: string;
  outRefundNo: string;
  amount: number;
  status: number;
}

/** Who is asking, and the rules of their kind of refund beyond the common ones. */
export interface Refunder {
  source: typeof REFUND_BY_STAFF | typeof REFUND_BY_CUSTOMER;
  /** Written when the request gives no reason. */
  defaultReason?: string;
  /** False for an order the caller may not refund: answered as if it did not exist, before anything else. */
  owns?: (order: Selectable<OrderTable>) => boolean;
  /** Checked on the locked order after its state, before the amount: the customer's self-service limits. */
  allows?: (trx: Transaction<Database>, order: Selectable<OrderTable>) => Promise<void>;
}

/**
 * Every refund of an order's money (pay/launch-refund, pay/refund): never beyond what was paid; an outRefundNo seen
 * before answers its refund and moves nothing. The order row is locked while the rules are checked and the refund,
 * the order's refunded amount and the merchant's ledger entry are written; the provider is asked after commit.
 */
export async function refundOrder(
  ctx: AppContext,
  request: FastifyRequest,
  ask: RefundAsk,
  refunder: Refunder,
): Promise<RefundAnswer> {
  const write = () =>
    ctx.db.transaction().execute(async (trx) => {
      const order = await lockOrder(ctx, trx, ask.orderId);
      if (refunder.owns && !refunder.owns(order)) throw notFound();
      const seen = await trx
        .selectFrom('biz_refund')
        .select(['orderId', 'amount'])
        .where('outRefundNo', '=', ask.outRefundNo)
        .executeTakeFirst();
      if (seen) {
        if (Number(seen.orderId) !== ask.orderId || Number(seen.amount) !== ask.amount) {
          throw badRequest('退款单号已用于另一笔退款');
        }
        return null;
      }
      requireState(Number(order.state), REFUNDABLE, '退款');
      await refunder.allows?.(trx, order);
      const paid = Number(order.totalAmount);
      const refunded = Number(order.refundedAmount);
      if (refunded + ask.amount > paid) throw badRequest(`退款金额超过可退金额 (可退 ${yuan(paid - refunded)})`);
      // A wallet order's refund is done at once: the money goes back to the wallet in this transaction.
      const onWallet = Number(order.payMode) === PAY_MODE_WALLET;
      // Only an order showing a failure (or one paid outside awaiting approval) can hold an abnormal refund.
      const failing = order.refundState === REFUND_ABNORMAL || order.refundState === ORDER_REFUND_OUTSIDE_WAITING;
      const held = onWallet || !failing ? 0 : await heldByProvider(trx, ask.orderId);
      if (refunded + held + ask.amount > paid) {
        throw badRequest(
          `退款金额超过支付平台可退金额 (可退 ${yuan(paid - refunded - held)}), 其中 ${yuan(held)} 为退款异常的款项, 仍在支付平台的退款账户中, 请在退款记录中处理该笔退款`,
        );
      }
      const done = refunded + ask.amount >= paid ? ORDER_REFUNDED : ORDER_COMPLETED;
      await moveOrder(
        trx,
        { id: ask.orderId },
        {
          from: [Number(order.state)],
          to: onWallet ? done : ORDER_REFUNDING,
          set: { refundedAmount: refunded + ask.amount },
        },
      );
      const refund: PendingRefund = {
        orderId: ask.orderId,
        outTradeNo: order.outTradeNo,
        outRefundNo: ask.outRefundNo,
        amount: ask.amount,
        total: paid,
        source: refunder.source,
      };
      await insertRefund(trx, order, refund, ask.reason || refunder.defaultReason || null, request);
      await append(trx, {
        account: MERCHANT,
        kind: 'refund',
        bizNo: ask.outRefundNo,
        personDelta: -ask.amount,
        orderId: ask.orderId,
      });
      if (!onWallet) return refund;
      await trx
        .updateTable('biz_refund')
        .set({ status: REFUND_DONE, channel: WALLET_CHANNEL, userReceivedAccount: '钱包余额', successTime: now() })
        .where('outRefundNo', '=', ask.outRefundNo)
        .execute();
      await refreshRefundState(trx, ask.orderId);
      await refundToWallet(trx, order, ask.amount, ask.outRefundNo);
      return null;
    });
  // Two requests with one refund number for different orders both pass their order's lock; the unique index lets
  // one in and the other is answered as a repeat.
  const pending = await write().catch(async (error: unknown) => {
    const seen = await ctx.db
      .selectFrom('biz_refund')
      .select('id')
      .where('outRefundNo', '=', ask.outRefundNo)
      .executeTakeFirst();
    if (!seen) throw error;
    return write();
  });
  const refused = pending && (await leaveToRecovery(request.log, 'refund', () => sendRefund(ctx, pending), null));
  if (refused) throw badRequest(refused);
  const stored = await ctx.db
    .selectFrom('biz_refund')
    .select(['refundId', 'outRefundNo', 'amount', 'status'])
    .where('outRefundNo', '=', ask.outRefundNo)
    .executeTakeFirstOrThrow();
  return {
    refundId: stored.refundId ?? '',
    outRefundNo: stored.outRefundNo,
    amount: Number(stored.amount),
    status: Number(stored.status),
  };
}

/** pay/launch-refund: staff refund part or all of what an order of their data scope kept. */
export async function launchRefund(ctx: AppContext, request: FastifyRequest, ask: RefundAsk): Promise<void> {
  await orders.find(ctx, request, ask.orderId);
  await refundOrder(ctx, request, ask, { source: REFUND_BY_STAFF, defaultReason: '人工退款' });
}

/**
 * A refund's final result (its notification, or the provider's refusal): the refund's status, the amount back on
 * the order when it closed, and the order's next state. Once: a result for a refund no longer processing is ignored.
 */
export async function settleRefund(ctx: AppContext, result: Refund): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    const refund = await trx
      .selectFrom('biz_refund')
      .selectAll()
      .where('outRefundNo', '=', result.outRefundNo)
      .executeTakeFirst();
    if (!refund || Number(refund.status) !== REFUND_PROCESSING || result.status === 'PROCESSING') return;
    const order = await lockOrder(ctx, trx, Number(refund.orderId));
    const status = REFUND_STATUS[result.status];
    await trx
      .updateTable('biz_refund')
      .set({
        status,
        refundId: result.refundId || refund.refundId,
        channel: result.channel || refund.channel,
        userReceivedAccount: result.userReceivedAccount || refund.userReceivedAccount,
        successTime: status === REFUND_DONE ? now() : null,
        // A failed refund waits for staff to resolve it (orders/refund-resolution.ts).
        resolution: status === REFUND_CLOSED || status === REFUND_ABNORMAL ? UNRESOLVED : null,
        updateTime: now(),
      })
      .where('id', '=', refund.id)
      .execute();
    const state = Number(order.state);
    const settling = state === ORDER_AWAITING_SETTLEMENT;
    let refunded = Number(order.refundedAmount);
    if (status === REFUND_CLOSED || status === REFUND_ABNORMAL) {
      // No money reached the customer: closed, it stayed with the merchant; abnormal (a frozen or cancelled card),
      // the provider holds it until it is handled in the merchant platform. Either way it is not refunded, and what
      // the business holds of the order grows by it again until staff resolve it (orders/refund-resolution.ts).
      refunded -= Number(refund.amount);
      await publish(trx, {
        kind: 'refund_closed',
        refund: {
          orderId: order.id,
          source: Number(refund.source),
          amount: Number(refund.amount),
          createTime: refund.createTime,
        },
      });
      await append(trx, {
        account: MERCHANT,
        kind: 'refund_back',
        bizNo: refund.outRefundNo,
        personDelta: Number(refund.amount),
        orderId: order.id,
      });
    }
    const others = await trx
      .selectFrom('biz_refund')
      .select('id')
      .where('orderId', '=', order.id)
      .where('status', '=', REFUND_PROCESSING)
      .where('id', '<>', refund.id)
      .executeTakeFirst();
    let next = state;
    // Refunds are launched only from these states (a finish's from 2, staff and customers' moving the order to 5):
    // an order found in another keeps it, its refund row settled all the same.
    const waiting = settling || state === ORDER_REFUNDING || state === ORDER_ABNORMAL;
    if (!waiting) next = state;
    else if (status === REFUND_ABNORMAL || (settling && status === REFUND_CLOSED)) next = ORDER_ABNORMAL;
    else if (settling) next = ORDER_COMPLETED;
    else if (state === ORDER_REFUNDING && !others) {
      // A payment of another amount never became a rental: what is left of it is still for staff to settle.
      const kept = order.startTime === null ? ORDER_ABNORMAL : ORDER_COMPLETED;
      next = refunded >= Number(order.totalAmount) ? ORDER_REFUNDED : kept;
    }
    await moveOrder(trx, { id: order.id }, { from: [state], to: next, set: { refundedAmount: refunded } });
    await refreshRefundState(trx, Number(order.id));
  });
}
