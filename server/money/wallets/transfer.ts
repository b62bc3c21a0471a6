// Transfers: the merchant pays a customer out of its own account into the customer's WeChat change (compensation
// for a broken stroller, a prize), through a transfer bill the customer confirms (or a legacy batch) numbered by the
// transfer, so asking again never pays twice. The transfer is written, with its merchant ledger entry, before the provider is asked; a refusal
// gives the amount back with a second entry (docs/orders-and-money.md).
import type { FastifyRequest } from 'fastify';
import type { Transaction } from 'kysely';
import type { AppContext } from '../../platform/context.js';
import { nextId } from '../../platform/db/ids.js';
import type { Database } from '../../platform/db/schema.js';
import { now, parseDateTime } from '../../platform/db/time.js';
import { badRequest, notFound } from '../../platform/http/envelope.js';
import { leaveToRecovery } from '../payments/outside-call.js';
import { askPayout, missingName, type Payout, type PayoutApi, payoutApiOf, sendPayout } from '../payments/payouts.js';
import { PaymentError } from '../payments/provider.js';
import { append, MERCHANT } from './ledger.js';

export const TRANSFER_PROCESSING = 0;
export const TRANSFER_PAID = 1;
export const TRANSFER_FAILED = 2;

export interface TransferAsk {
  customerId: number;
  /** Cents. */
  amount: number;
  /** Made by the console when its dialog opens, so a double click is one transfer. */
  outBatchNo: string;
  remark: string;
  /** The payee's real name, which WeChat Pay asks for on transfer bills from 2,000 yuan on. */
  userName?: string;
}

interface TransferRow {
  id: number;
  outBatchNo: string;
  customerId: number;
  amount: number;
  remark: string;
  state: number;
  reason: string | null;
  payoutApi: string | null;
  payeeName: string | null;
  createTime: string;
}

const findTransfer = (ctx: AppContext, outBatchNo: string) =>
  ctx.db
    .selectFrom('biz_transfer')
    .select([
      'id',
      'outBatchNo',
      'customerId',
      'amount',
      'remark',
      'state',
      'reason',
      'payoutApi',
      'payeeName',
      'createTime',
    ])
    .where('outBatchNo', '=', outBatchNo)
    .where('isDeleted', '=', 0)
    .executeTakeFirst() as Promise<TransferRow | undefined>;

/** A batch number seen before is the same transfer only for the same customer and amount. */
function sameTransfer(row: TransferRow, ask: TransferAsk): TransferRow {
  if (Number(row.customerId) !== ask.customerId || Number(row.amount) !== ask.amount) {
    throw badRequest('转账单号已用于另一笔转账');
  }
  return row;
}

/**
 * Writes the transfer (转账中) with the transfer API it goes out by, and takes its amount from the merchant account,
 * in one transaction.
 */
async function writeTransfer(ctx: AppContext, request: FastifyRequest, ask: TransferAsk): Promise<TransferRow> {
  const customer = await ctx.db
    .selectFrom('biz_customer')
    .select(['nickName', 'openId'])
    .where('id', '=', ask.customerId)
    .where('isDeleted', '=', 0)
    .executeTakeFirst();
  if (!customer) throw badRequest('客户不存在');
  if (!customer.openId) throw badRequest('客户未绑定微信, 不能转账');
  const payoutApi = payoutApiOf(ctx);
  if (missingName(payoutApi, ask.amount, ask.userName)) {
    throw badRequest('单笔转账达到 2000 元, 微信支付要求填写收款人真实姓名');
  }
  const id = nextId();
  const createTime = now();
  // The name is kept only where WeChat Pay asks for it, to send it again if the bill must be asked for again.
  const payeeName = payoutApi === 'transfer-bills' && ask.userName ? ask.userName : null;
  await ctx.db.transaction().execute(async (trx) => {
    await trx
      .insertInto('biz_transfer')
      .values({
        id,
        outBatchNo: ask.outBatchNo,
        customerId: ask.customerId,
        nickName: customer.nickName,
        amount: ask.amount,
        remark: ask.remark,
        payoutApi,
        payeeName,
        createUser: request.user?.userId ?? null,
        createTime,
      })
      .execute();
    await append(trx, { account: MERCHANT, kind: 'transfer', bizNo: ask.outBatchNo, personDelta: -ask.amount });
  });
  return { id, ...ask, state: TRANSFER_PROCESSING, reason: null, payoutApi, payeeName, createTime };
}

/**
 * Ends a transfer still 转账中; a failed one gives its amount back to the merchant account. The conditional update
 * claims it, so of two answers at once only one moves money.
 */
async function endTransfer(
  trx: Transaction<Database>,
  row: { id: number; outBatchNo: string; amount: number },
  change: { state: number; reason?: string } & Record<string, string | number | null | undefined>,
): Promise<void> {
  const at = now();
  const claimed = await trx
    .updateTable('biz_transfer')
    .set({ ...change, successTime: change.state === TRANSFER_PAID ? at : null, updateTime: at })
    .where('id', '=', row.id)
    .where('state', '=', TRANSFER_PROCESSING)
    .executeTakeFirst();
  if (Number(claimed.numUpdatedRows) === 1 && change.state === TRANSFER_FAILED) {
    await append(trx, { account: MERCHANT, kind: 'transfer_back', bizNo: row.outBatchNo, personDelta: row.amount });
  }
}

/** Applies a payout's answer to a transfer still 转账中: paid, failed with the amount back, or still waiting. */
export async function applyTransferPayout(
  ctx: AppContext,
  row: { id: number; outBatchNo: string; amount: number },
  api: PayoutApi,
  payout: Payout,
): Promise<void> {
  const fields =
    api === 'batches'
      ? { batchId: payout.providerNo }
      : { transferBillNo: payout.providerNo, billState: payout.billState, packageInfo: payout.packageInfo || null };
  if (payout.outcome === 'waiting') {
    await ctx.db
      .updateTable('biz_transfer')
      .set({ ...fields, updateTime: now() })
      .where('id', '=', row.id)
      .where('state', '=', TRANSFER_PROCESSING)
      .execute();
    return;
  }
  const state = payout.outcome === 'paid' ? TRANSFER_PAID : TRANSFER_FAILED;
  await ctx.db
    .transaction()
    .execute((trx) =>
      endTransfer(trx, row, { state, ...fields, ...(state === TRANSFER_FAILED ? { reason: payout.reason } : {}) }),
    );
}

/**
 * Asks the provider for the payout (the same number each time, so it pays once), or about it when `recovering`, and
 * applies its answer: paid, failed or refused (the amount back), or 转账中 until the customer confirms or WeChat Pay
 * is done. Answers the refusal or failure.
 */
async function payOut(ctx: AppContext, row: TransferRow, recovering: boolean): Promise<string | null> {
  const amount = Number(row.amount);
  const { openId } = await ctx.db
    .selectFrom('biz_customer')
    .select('openId')
    .where('id', '=', row.customerId)
    .executeTakeFirstOrThrow();
  // Transfers launched before transfer bills went out as batches.
  const api = (row.payoutApi ?? 'batches') as PayoutApi;
  const ask = { outNo: row.outBatchNo, amount, remark: row.remark, openId, userName: row.payeeName };
  let payout: Payout;
  try {
    payout = recovering
      ? await askPayout(ctx, api, ask, parseDateTime(String(row.createTime)))
      : await sendPayout(ctx, api, ask);
  } catch (error) {
    if (!(error instanceof PaymentError)) throw error;
    await ctx.db
      .transaction()
      .execute((trx) => endTransfer(trx, { ...row, amount }, { state: TRANSFER_FAILED, reason: error.message }));
    return error.message;
  }
  await applyTransferPayout(ctx, { ...row, amount }, api, payout);
  return payout.outcome === 'failed' ? payout.reason : null;
}

/**
 * pay/transfers: writes the transfer once by its batch number and pays it out. Asking again with the same number
 * answers the first transfer's outcome and moves nothing new; a transfer still 转账中 is asked about again.
 */
export async function launchTransfer(ctx: AppContext, request: FastifyRequest, ask: TransferAsk): Promise<void> {
  let row = await findTransfer(ctx, ask.outBatchNo);
  let written = false;
  if (!row) {
    try {
      row = await writeTransfer(ctx, request, ask);
      written = true;
    } catch (error) {
      // Two requests with one number at once: the unique index lets one in, the other answers its transfer.
      row = await findTransfer(ctx, ask.outBatchNo);
      if (!row) throw error;
    }
  }
  sameTransfer(row, ask);
  const transfer = row;
  // A provider that does not answer leaves the transfer 转账中 for the recovery worker.
  await leaveToRecovery(request.log, 'transfer payout', () => settleTransfer(ctx, transfer, !written), undefined);
}

/** Brings a transfer up to date with the provider; a failed one answers why it failed. */
async function settleTransfer(ctx: AppContext, row: TransferRow, recovering: boolean): Promise<void> {
  if (row.state === TRANSFER_FAILED) throw badRequest(row.reason ?? '转账已关闭');
  if (row.state !== TRANSFER_PROCESSING) return;
  const refused = await payOut(ctx, { ...row, amount: Number(row.amount) }, recovering);
  if (refused) throw badRequest(refused);
}

/** /api/wx/transfer: asks the provider again about a transfer left 转账中 (the server stopped, or the batch was slow). */
export async function syncTransfer(ctx: AppContext, outBatchNo: string): Promise<void> {
  const row = await findTransfer(ctx, outBatchNo);
  if (!row) throw notFound('转账不存在');
  await settleTransfer(ctx, row, true);
}
