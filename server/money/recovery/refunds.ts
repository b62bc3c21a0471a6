// Refunds left 处理中: one the provider never accepted (no refundId: the process stopped, or the provider did not
// answer, between the commit and the call) is sent again by the same outRefundNo, which the provider answers once;
// one it accepted but whose result never arrived is asked about and settled as its notification would have.
import type { AppContext } from '../../platform/context.js';
import { REFUND_PROCESSING, sendRefund, settleRefund } from '../orders/settle.js';
import { paymentProviderOf } from '../payments/index.js';
import type { Refund } from '../payments/provider.js';
import { unknownToProvider } from '../payments/unknown.js';

export interface WaitingRefund {
  orderId: number;
  outTradeNo: string;
  outRefundNo: string;
  amount: number;
  refundId: string | null;
  source: number;
  /** The order's payment, which the provider checks the refund against. */
  totalAmount: number;
}

/** Refunds with the payment the provider checks them against. */
const withPayment = (ctx: AppContext) =>
  ctx.db
    .selectFrom('biz_refund')
    .innerJoin('biz_order', 'biz_order.id', 'biz_refund.orderId')
    .select([
      'biz_refund.orderId',
      'biz_refund.outTradeNo',
      'biz_refund.outRefundNo',
      'biz_refund.amount',
      'biz_refund.refundId',
      'biz_refund.source',
      'biz_refund.status',
      'biz_order.totalAmount',
    ]);

export const waitingRefunds = (ctx: AppContext, before: string, limit: number) =>
  withPayment(ctx)
    .where('biz_refund.status', '=', REFUND_PROCESSING)
    .where('biz_refund.createTime', '<=', before)
    .orderBy('biz_refund.createTime')
    .limit(limit)
    .execute() as Promise<WaitingRefund[]>;

export const refundNumbered = (ctx: AppContext, outRefundNo: string) =>
  withPayment(ctx).where('biz_refund.outRefundNo', '=', outRefundNo).executeTakeFirst() as Promise<
    (WaitingRefund & { status: number }) | undefined
  >;

/**
 * Sends the refund again if the provider never accepted it, asks the provider about it and settles a final answer.
 * Answers what the provider says (null: it has no such refund) and whether the refund is now final.
 */
export async function askAboutRefund(
  ctx: AppContext,
  refund: WaitingRefund,
): Promise<{ provider: Refund | null; settled: boolean }> {
  if (!refund.refundId) {
    const refused = await sendRefund(ctx, {
      orderId: Number(refund.orderId),
      outTradeNo: refund.outTradeNo,
      outRefundNo: refund.outRefundNo,
      amount: Number(refund.amount),
      total: Number(refund.totalAmount),
      source: Number(refund.source),
    });
    if (refused) return { provider: null, settled: true };
  }
  const provider = await paymentProviderOf(ctx).queryRefund(refund.outRefundNo).catch(unknownToProvider);
  if (!provider || provider.status === 'PROCESSING') return { provider, settled: false };
  await settleRefund(ctx, provider);
  return { provider, settled: true };
}

export const recoverRefund = async (ctx: AppContext, refund: WaitingRefund): Promise<boolean> =>
  (await askAboutRefund(ctx, refund)).settled;
