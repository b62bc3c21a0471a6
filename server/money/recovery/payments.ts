// Payments the provider decided while nobody heard: an unpaid rental or recharge whose payment succeeded or closed,
// a pay-score order the customer confirmed or cancelled, and a pay-score completion whose collection was never
// asked for (the process stopped after the finish) or whose result never arrived. Each is asked about and applied
// as its notification would have been.
import type { AppContext } from '../../platform/context.js';
import { applyRentalPayment, applyServiceOrder, collectionFailed } from '../orders/app-rental.js';
import { PAY_MODE_DEPOSIT, PAY_MODE_SCORE } from '../orders/order.js';
import { completeServiceOrder } from '../orders/settle.js';
import { ORDER_AWAITING_PAYMENT, ORDER_AWAITING_SETTLEMENT } from '../orders/status.js';
import { paymentProviderOf } from '../payments/index.js';
import { unknownToProvider } from '../payments/unknown.js';
import { applyRechargePayment, RECHARGE_UNPAID } from '../wallets/recharge.js';

export interface WaitingOrder {
  outTradeNo: string;
  payMode: number;
  actAmount: number | null;
}

/** Orders awaiting a payment (or a pay-score confirmation) created before `before`. */
export const unpaidOrders = (ctx: AppContext, before: string, limit: number) =>
  ctx.db
    .selectFrom('biz_order')
    .select(['outTradeNo', 'payMode', 'actAmount'])
    .where('state', '=', ORDER_AWAITING_PAYMENT)
    .where('payMode', 'in', [PAY_MODE_DEPOSIT, PAY_MODE_SCORE])
    .where('isDeleted', '=', 0)
    .where('createTime', '<=', before)
    .orderBy('createTime')
    .limit(limit)
    .execute() as Promise<WaitingOrder[]>;

export async function recoverUnpaidOrder(ctx: AppContext, order: WaitingOrder): Promise<boolean> {
  const provider = paymentProviderOf(ctx);
  if (Number(order.payMode) === PAY_MODE_SCORE) {
    const serviceOrder = await provider.queryServiceOrder(order.outTradeNo).catch(unknownToProvider);
    if (!serviceOrder || serviceOrder.state === 'CREATED') return false;
    const eventType = serviceOrder.state === 'REVOKED' ? 'PAYSCORE.USER_CANCEL' : 'PAYSCORE.USER_CONFIRM';
    await applyServiceOrder(ctx, { eventType, serviceOrder });
    return true;
  }
  const payment = await provider.query(order.outTradeNo).catch(unknownToProvider);
  if (!payment || payment.tradeState === 'NOTPAY') return false;
  await applyRentalPayment(ctx, payment);
  return true;
}

export const unpaidRecharges = (ctx: AppContext, before: string, limit: number) =>
  ctx.db
    .selectFrom('biz_recharge')
    .select('rechargeNo')
    .where('state', '=', RECHARGE_UNPAID)
    .where('isDeleted', '=', 0)
    .where('createTime', '<=', before)
    .orderBy('createTime')
    .limit(limit)
    .execute();

export async function recoverRecharge(ctx: AppContext, recharge: { rechargeNo: string }): Promise<boolean> {
  const payment = await paymentProviderOf(ctx).query(recharge.rechargeNo).catch(unknownToProvider);
  if (!payment || payment.tradeState === 'NOTPAY') return false;
  await applyRechargePayment(ctx, payment);
  return true;
}

/** Pay-score orders finished (待结算) before `before`, whose fee is being collected. */
export const uncollectedOrders = (ctx: AppContext, before: string, limit: number) =>
  ctx.db
    .selectFrom('biz_order')
    .select(['outTradeNo', 'payMode', 'actAmount'])
    .where('state', '=', ORDER_AWAITING_SETTLEMENT)
    .where('payMode', '=', PAY_MODE_SCORE)
    .where('isDeleted', '=', 0)
    .where('endTime', '<=', before)
    .orderBy('endTime')
    .limit(limit)
    .execute() as Promise<WaitingOrder[]>;

export async function recoverCollection(ctx: AppContext, order: WaitingOrder): Promise<boolean> {
  const provider = paymentProviderOf(ctx);
  let serviceOrder = await provider.queryServiceOrder(order.outTradeNo);
  if (!serviceOrder.collectionState && serviceOrder.state === 'DOING') {
    // The completion never reached the provider: asked again with the fee the finish kept (idempotent).
    await completeServiceOrder(ctx, order.outTradeNo, Number(order.actAmount ?? 0));
    serviceOrder = await provider.queryServiceOrder(order.outTradeNo);
  }
  if (serviceOrder.collectionState === 'USER_PAID') {
    await applyServiceOrder(ctx, { eventType: 'PAYSCORE.USER_PAID', serviceOrder });
    return true;
  }
  if (serviceOrder.collectionState === 'PAY_FAILED') {
    await collectionFailed(ctx, order.outTradeNo);
    return true;
  }
  return false;
}
