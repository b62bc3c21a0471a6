// One payout to one customer's WeChat change, by the transfer API the merchant has (WECHATPAY_TRANSFER_API,
// docs/going-live-payments.md): a 商家转账 transfer bill, which the customer confirms in the mini-program before it
// is paid, or a legacy 商家转账到零钱 batch of one. Either way the payout is numbered by its withdrawal or transfer, so
// asking again never pays twice, and its answer reads as waiting, paid or failed (nothing paid, the money is still
// the merchant's).
import type { AppContext } from '../../platform/context.js';
import { paymentProviderOf } from './index.js';
import { PaymentError, type TransferBill } from './provider.js';

export type PayoutApi = 'transfer-bills' | 'batches';

export interface PayoutAsk {
  /** out_bill_no or out_batch_no: the withdrawal's or transfer's own number. */
  outNo: string;
  /** Cents. */
  amount: number;
  remark: string;
  openId: string;
  /** The payee's real name, for 2,000 yuan or more on transfer bills. */
  userName?: string | null;
}

export interface Payout {
  /** What the money does next: wait (for the customer, or WeChat Pay), or it was paid, or it failed. */
  outcome: 'waiting' | 'paid' | 'failed';
  /** transfer_bill_no, or the batch's batch_id. */
  providerNo: string;
  /** The bill's v3 state; empty for a batch. */
  billState: string;
  /** package_info while the bill waits for the customer's confirmation. */
  packageInfo: string;
  /** Why it failed, for staff. */
  reason: string;
}

/** WeChat Pay asks for the payee's real name from 2,000 yuan on (transfer-bills' user_name). */
export const NAME_REQUIRED_CENTS = 200_000;
/**
 * WeChat Pay cancels a bill the customer did not confirm within 24 hours; one still waiting an hour after that is
 * cancelled by the merchant, so the money never stays frozen on a lost answer.
 */
export const CONFIRM_WINDOW_MS = 25 * 3600_000;

export const BILL_FAILED = '微信支付转账失败';
export const BILL_CANCELLED = '客户未确认收款, 转账已撤销';
const NOT_FOUND = new Set(['NOT_FOUND', 'RESOURCE_NOT_EXISTS', 'ORDER_NOT_EXIST', 'ORDERNOTEXIST']);

/** The API a new payout goes out by. */
export const payoutApiOf = (ctx: AppContext): PayoutApi => ctx.config.payments.wechat.transferApi;

/** Whether a payout of `amount` by `api` needs the payee's real name and has none. */
export function missingName(api: PayoutApi, amount: number, userName?: string | null): boolean {
  return api === 'transfer-bills' && amount >= NAME_REQUIRED_CENTS && !userName;
}

export function billPayout(bill: TransferBill): Payout {
  const outcome =
    bill.state === 'SUCCESS' ? 'paid' : bill.state === 'FAIL' || bill.state === 'CANCELLED' ? 'failed' : 'waiting';
  const reason = bill.state === 'CANCELLED' ? BILL_CANCELLED : bill.state === 'FAIL' ? BILL_FAILED : '';
  return {
    outcome,
    providerNo: bill.transferBillNo,
    billState: bill.state,
    packageInfo: bill.state === 'WAIT_USER_CONFIRM' ? bill.packageInfo : '',
    reason: bill.failReason && reason ? `${reason} (${bill.failReason})` : reason,
  };
}

/** Sends the payout; a refusal is thrown as the provider's PaymentError. */
export async function sendPayout(ctx: AppContext, api: PayoutApi, ask: PayoutAsk): Promise<Payout> {
  const provider = paymentProviderOf(ctx);
  if (api === 'transfer-bills') {
    return billPayout(
      await provider.transferBill({
        outBillNo: ask.outNo,
        transferAmount: ask.amount,
        transferRemark: ask.remark,
        openId: ask.openId,
        ...(ask.userName ? { userName: ask.userName } : {}),
      }),
    );
  }
  let batch = await provider.transfer({
    outBatchNo: ask.outNo,
    batchName: ask.remark,
    batchRemark: ask.remark,
    totalAmount: ask.amount,
    details: [{ outDetailNo: ask.outNo, transferAmount: ask.amount, transferRemark: ask.remark, openId: ask.openId }],
  });
  if (batch.batchStatus === 'ACCEPTED') batch = await provider.queryTransfer(ask.outNo);
  const outcome = batch.batchStatus === 'FINISHED' ? 'paid' : batch.batchStatus === 'CLOSED' ? 'failed' : 'waiting';
  return {
    outcome,
    providerNo: batch.batchId,
    billState: '',
    packageInfo: '',
    reason: outcome === 'failed' ? '转账已关闭' : '',
  };
}

/**
 * Asks about a payout left waiting (the recovery worker): a bill is queried by its number, sent if WeChat Pay never
 * got it (the server stopped after recording the intent), and cancelled when the customer let the confirmation
 * window pass; a batch is asked for again, which answers the batch first created.
 */
export async function askPayout(ctx: AppContext, api: PayoutApi, ask: PayoutAsk, sentAt: Date): Promise<Payout> {
  if (api === 'batches') return sendPayout(ctx, api, ask);
  const provider = paymentProviderOf(ctx);
  let bill: TransferBill;
  try {
    bill = await provider.queryTransferBill(ask.outNo);
  } catch (error) {
    if (error instanceof PaymentError && NOT_FOUND.has(error.code)) return sendPayout(ctx, api, ask);
    throw error;
  }
  if (bill.state === 'WAIT_USER_CONFIRM' && Date.now() - sentAt.getTime() > CONFIRM_WINDOW_MS) {
    bill = await provider.cancelTransferBill(ask.outNo);
  }
  return billPayout(bill);
}
