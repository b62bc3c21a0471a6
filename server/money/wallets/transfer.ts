// Transfers: the merchant pays a customer out of its own account into the customer's WeChat change (compensation
// for a broken stroller, a prize), through a provider transfer batch numbered by the transfer, so asking again never
// pays twice. The transfer is written, with its merchant ledger entry, before the provider is asked; a refusal
// gives the amount back with a second entry (docs/orders-and-money.md).
import type { FastifyRequest } from 'fastify';
import type { Transaction } from 'kysely';
import type { AppContext } from '../../platform/context.js';
import { nextId } from '../../platform/db/ids.js';
import type { Database } from '../../platform/db/schema.js';
import { now } from '../../platform/db/time.js';
import { badRequest, notFound } from '../../platform/http/envelope.js';
import { paymentProviderOf } from '../payments/index.js';
import { leaveToRecovery } from '../payments/outside-call.js';
import { PaymentError, type TransferBatch } from '../payments/provider.js';
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
}

interface TransferRow {
  id: number;
  outBatchNo: string;
  customerId: number;
  amount: number;
  remark: string;
  state: number;
  reason: string | null;
}

const findTransfer = (ctx: AppContext, outBatchNo: string) =>
  ctx.db
    .selectFrom('biz_transfer')
    .select(['id', 'outBatchNo', 'customerId', 'amount', 'remark', 'state', 'reason'])
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

/** Writes the transfer (转账中) and takes its amount from the merchant account, in one transaction. */
async function writeTransfer(ctx: AppContext, request: FastifyRequest, ask: TransferAsk): Promise<TransferRow> {
  const customer = await ctx.db
    .selectFrom('biz_customer')
    .select(['nickName', 'openId'])
    .where('id', '=', ask.customerId)
    .where('isDeleted', '=', 0)
    .executeTakeFirst();
  if (!customer) throw badRequest('客户不存在');
  if (!customer.openId) throw badRequest('客户未绑定微信, 不能转账');
  const id = nextId();
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
        createUser: request.user?.userId ?? null,
        createTime: now(),
      })
      .execute();
    await append(trx, { account: MERCHANT, kind: 'transfer', bizNo: ask.outBatchNo, personDelta: -ask.amount });
  });
  return { id, ...ask, state: TRANSFER_PROCESSING, reason: null };
}

/**
 * Ends a transfer still 转账中; a failed one gives its amount back to the merchant account. The conditional update
 * claims it, so of two answers at once only one moves money.
 */
async function endTransfer(
  trx: Transaction<Database>,
  row: TransferRow,
  change: { state: number; batchId?: string; reason?: string },
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

/**
 * Asks the provider for the batch (the same number each time, so it pays once) and applies its answer: finished
 * is paid, closed or refused is failed; accepted or processing stays 转账中 until asked again. Answers the refusal.
 */
async function payOut(ctx: AppContext, row: TransferRow): Promise<string | null> {
  const provider = paymentProviderOf(ctx);
  const amount = Number(row.amount);
  const { openId } = await ctx.db
    .selectFrom('biz_customer')
    .select('openId')
    .where('id', '=', row.customerId)
    .executeTakeFirstOrThrow();
  let batch: TransferBatch;
  try {
    batch = await provider.transfer({
      outBatchNo: row.outBatchNo,
      batchName: row.remark,
      batchRemark: row.remark,
      totalAmount: amount,
      details: [{ outDetailNo: row.outBatchNo, transferAmount: amount, transferRemark: row.remark, openId }],
    });
    if (batch.batchStatus === 'ACCEPTED') batch = await provider.queryTransfer(row.outBatchNo);
  } catch (error) {
    if (!(error instanceof PaymentError)) throw error;
    await ctx.db
      .transaction()
      .execute((trx) => endTransfer(trx, { ...row, amount }, { state: TRANSFER_FAILED, reason: error.message }));
    return error.message;
  }
  if (batch.batchStatus === 'FINISHED') {
    await ctx.db
      .transaction()
      .execute((trx) => endTransfer(trx, { ...row, amount }, { state: TRANSFER_PAID, batchId: batch.batchId }));
  } else if (batch.batchStatus === 'CLOSED') {
    await ctx.db
      .transaction()
      .execute((trx) =>
        endTransfer(trx, { ...row, amount }, { state: TRANSFER_FAILED, batchId: batch.batchId, reason: '转账已关闭' }),
      );
    return '转账已关闭';
  }
  return null;
}

/**
 * pay/transfers: writes the transfer once by its batch number and pays it out. Asking again with the same number
 * answers the first transfer's outcome and moves nothing new; a transfer still 转账中 is asked for again.
 */
export async function launchTransfer(ctx: AppContext, request: FastifyRequest, ask: TransferAsk): Promise<void> {
  let row = await findTransfer(ctx, ask.outBatchNo);
  if (!row) {
    try {
      row = await writeTransfer(ctx, request, ask);
    } catch (error) {
      // Two requests with one number at once: the unique index lets one in, the other answers its transfer.
      row = await findTransfer(ctx, ask.outBatchNo);
      if (!row) throw error;
    }
  }
  sameTransfer(row, ask);
  const written = row;
  // A provider that does not answer leaves the transfer 转账中 for the recovery worker.
  await leaveToRecovery(request.log, 'transfer payout', () => settleTransfer(ctx, written), undefined);
}

/** Brings a transfer up to date with the provider; a failed one answers why it failed. */
async function settleTransfer(ctx: AppContext, row: TransferRow): Promise<void> {
  if (row.state === TRANSFER_FAILED) throw badRequest(row.reason ?? '转账已关闭');
  if (row.state !== TRANSFER_PROCESSING) return;
  const refused = await payOut(ctx, { ...row, amount: Number(row.amount) });
  if (refused) throw badRequest(refused);
}

/** /api/wx/transfer: asks the provider again about a transfer left 转账中 (the server stopped, or the batch was slow). */
export async function syncTransfer(ctx: AppContext, outBatchNo: string): Promise<void> {
  const row = await findTransfer(ctx, outBatchNo);
  if (!row) throw notFound('转账不存在');
  await settleTransfer(ctx, row);
}
