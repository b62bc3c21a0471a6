// Money paid out and left waiting: withdrawals 打款中 and merchant transfers 转账中, by transfer bill (waiting for the
// customer's confirmation, or an answer lost) or legacy batch. Both ask the provider about their own number — a bill
// never received is sent, one left unconfirmed past WeChat Pay's window is cancelled — and apply its answer (paid,
// or failed with the amount given back).
import type { AppContext } from '../../platform/context.js';
import { BladeError } from '../../platform/http/envelope.js';
import { syncTransfer, TRANSFER_PROCESSING } from '../wallets/transfer.js';
import { payOutWithdrawal, WITHDRAWAL_PAYING } from '../wallets/withdrawal.js';

export const waitingWithdrawals = (ctx: AppContext, before: string, limit: number) =>
  ctx.db
    .selectFrom('biz_withdrawal')
    .select(['id', 'outBatchNo', 'auditTime', 'billState'])
    .where('state', '=', WITHDRAWAL_PAYING)
    .where('isDeleted', '=', 0)
    .where('auditTime', '<=', before)
    .orderBy('auditTime')
    .limit(limit)
    .execute();

/** Answers whether the withdrawal reached its final state (a bill may still wait for the customer). */
export async function recoverWithdrawal(ctx: AppContext, withdrawal: { id: number }): Promise<boolean> {
  await payOutWithdrawal(ctx, Number(withdrawal.id), undefined, true);
  const row = await ctx.db
    .selectFrom('biz_withdrawal')
    .select('state')
    .where('id', '=', Number(withdrawal.id))
    .executeTakeFirstOrThrow();
  return Number(row.state) !== WITHDRAWAL_PAYING;
}

export const waitingTransfers = (ctx: AppContext, before: string, limit: number) =>
  ctx.db
    .selectFrom('biz_transfer')
    .select(['id', 'outBatchNo', 'createTime', 'billState'])
    .where('state', '=', TRANSFER_PROCESSING)
    .where('isDeleted', '=', 0)
    .where('createTime', '<=', before)
    .orderBy('createTime')
    .limit(limit)
    .execute();

export async function recoverTransfer(ctx: AppContext, transfer: { outBatchNo: string }): Promise<boolean> {
  try {
    await syncTransfer(ctx, transfer.outBatchNo);
  } catch (error) {
    // A refusal ended it failed, its amount back with the merchant.
    if (!(error instanceof BladeError)) throw error;
  }
  const row = await ctx.db
    .selectFrom('biz_transfer')
    .select('state')
    .where('outBatchNo', '=', transfer.outBatchNo)
    .executeTakeFirstOrThrow();
  return Number(row.state) !== TRANSFER_PROCESSING;
}
