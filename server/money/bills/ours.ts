// What our own books say moved through WeChat Pay on a day, in the shape the bills are compared in: payments (rental
// deposits, pay-score collections and recharges, by the time we learnt they were paid), refunds sent to the provider
// (by the time they were launched; wallet refunds never reach it), shares (by the time they finished) and payouts
// (transfers and withdrawals, by the time they were paid). Each is looked up by its number too, for a bill line whose
// record sits on another day.
import type { AppContext } from '../../platform/context.js';
import { PAY_MODE_WALLET } from '../orders/order.js';
import { REFUND_ABNORMAL, REFUND_CLOSED, REFUND_DONE, WALLET_CHANNEL } from '../orders/settle.js';
import { TRANSFER_FAILED, TRANSFER_PAID } from '../wallets/transfer.js';
import { WITHDRAWAL_FAILED, WITHDRAWAL_PAID } from '../wallets/withdrawal.js';

export type Business = 'payment' | 'refund' | 'split' | 'payout';

/** One of our records as a bill would show it; `state` in the provider's words (SUCCESS, CLOSED, FINISHED …). */
export interface OurRecord {
  business: Business;
  outNo: string;
  amount: number;
  state: string;
}

const between = (day: string, next: string) => ({ from: `${day} 00:00:00`, to: `${next} 00:00:00` });

const REFUND_STATES: Record<number, string> = {
  [REFUND_DONE]: 'SUCCESS',
  [REFUND_CLOSED]: 'CLOSED',
  [REFUND_ABNORMAL]: 'ABNORMAL',
};
const refundState = (status: number) => REFUND_STATES[status] ?? 'PROCESSING';

/** The day's records of one kind, by number. */
export async function oursOfDay(ctx: AppContext, day: string, next: string): Promise<OurRecord[]> {
  const { from, to } = between(day, next);
  const { db } = ctx;
  const payments = await db
    .selectFrom('biz_payment')
    .select(['outTradeNo', 'amount'])
    .where('tradeState', '=', 'SUCCESS')
    .where('successTime', '>=', from)
    .where('successTime', '<', to)
    .execute();
  // A rental paid by deposit or collected by pay-score, including those paid before payments had records of their own.
  const paidOrders = await db
    .selectFrom('biz_order')
    .select(['outTradeNo', 'totalAmount'])
    .where('payMode', '<>', PAY_MODE_WALLET)
    .where('transactionId', 'is not', null)
    .where('successTime', '>=', from)
    .where('successTime', '<', to)
    .execute();
  const refunds = await db
    .selectFrom('biz_refund')
    .select(['outRefundNo', 'amount', 'status'])
    .where((eb) => eb.or([eb('channel', 'is', null), eb('channel', '<>', WALLET_CHANNEL)]))
    .where('createTime', '>=', from)
    .where('createTime', '<', to)
    .execute();
  const shares = await db
    .selectFrom('biz_split_record')
    .select(['outOrderNo', (eb) => eb.fn.sum<number>('amount').as('amount')])
    .where('state', '=', 'FINISHED')
    .where('isDeleted', '=', 0)
    .where('finishTime', '>=', from)
    .where('finishTime', '<', to)
    .groupBy('outOrderNo')
    .execute();
  const transfers = await db
    .selectFrom('biz_transfer')
    .select(['outBatchNo', 'amount'])
    .where('state', '=', TRANSFER_PAID)
    .where('isDeleted', '=', 0)
    .where('successTime', '>=', from)
    .where('successTime', '<', to)
    .execute();
  const withdrawals = await db
    .selectFrom('biz_withdrawal')
    .select(['outBatchNo', 'amount'])
    .where('state', '=', WITHDRAWAL_PAID)
    .where('isDeleted', '=', 0)
    .where('updateTime', '>=', from)
    .where('updateTime', '<', to)
    .execute();
  const recorded = new Set(payments.map((payment) => payment.outTradeNo));
  return [
    ...payments.map((p) => record('payment', p.outTradeNo, p.amount, 'SUCCESS')),
    ...paidOrders
      .filter((order) => !recorded.has(order.outTradeNo))
      .map((o) => record('payment', o.outTradeNo, o.totalAmount, 'SUCCESS')),
    ...refunds.map((r) => record('refund', r.outRefundNo, r.amount, refundState(Number(r.status)))),
    ...shares.map((s) => record('split', s.outOrderNo, s.amount, 'FINISHED')),
    ...transfers.map((t) => record('payout', t.outBatchNo, t.amount, 'FINISHED')),
    ...withdrawals.map((w) => record('payout', w.outBatchNo, w.amount, 'FINISHED')),
  ];
}

const record = (business: Business, outNo: string, amount: unknown, state: string): OurRecord => ({
  business,
  outNo,
  amount: Number(amount),
  state,
});

/** Our record of a number the bill names, whatever its day or state; undefined when we have none. */
export async function ourRecordOf(ctx: AppContext, business: Business, outNo: string): Promise<OurRecord | undefined> {
  const { db } = ctx;
  if (business === 'payment') {
    const payment = await db
      .selectFrom('biz_payment')
      .select(['amount', 'tradeState'])
      .where('outTradeNo', '=', outNo)
      .executeTakeFirst();
    if (payment) return record(business, outNo, payment.amount, payment.tradeState);
    const order = await db
      .selectFrom('biz_order')
      .select(['totalAmount', 'transactionId'])
      .where('outTradeNo', '=', outNo)
      .where('payMode', '<>', PAY_MODE_WALLET)
      .executeTakeFirst();
    return order && record(business, outNo, order.totalAmount, order.transactionId ? 'SUCCESS' : 'NOTPAY');
  }
  if (business === 'refund') {
    const refund = await db
      .selectFrom('biz_refund')
      .select(['amount', 'status'])
      .where('outRefundNo', '=', outNo)
      .executeTakeFirst();
    return refund && record(business, outNo, refund.amount, refundState(Number(refund.status)));
  }
  if (business === 'split') {
    const shares = await db
      .selectFrom('biz_split_record')
      .select(['amount', 'state'])
      .where('outOrderNo', '=', outNo)
      .where('isDeleted', '=', 0)
      .execute();
    if (shares.length === 0) return undefined;
    const amount = shares.reduce((sum, share) => sum + Number(share.amount), 0);
    return record(business, outNo, amount, shares.every((s) => s.state === 'FINISHED') ? 'FINISHED' : shares[0].state);
  }
  const transfer = await db
    .selectFrom('biz_transfer')
    .select(['amount', 'state'])
    .where('outBatchNo', '=', outNo)
    .executeTakeFirst();
  if (transfer)
    return record(
      business,
      outNo,
      transfer.amount,
      payoutState(Number(transfer.state), TRANSFER_PAID, TRANSFER_FAILED),
    );
  const withdrawal = await db
    .selectFrom('biz_withdrawal')
    .select(['amount', 'state'])
    .where('outBatchNo', '=', outNo)
    .executeTakeFirst();
  return (
    withdrawal &&
    record(
      business,
      outNo,
      withdrawal.amount,
      payoutState(Number(withdrawal.state), WITHDRAWAL_PAID, WITHDRAWAL_FAILED),
    )
  );
}

const payoutState = (state: number, paid: number, failed: number) =>
  state === paid ? 'FINISHED' : state === failed ? 'CLOSED' : 'PROCESSING';
