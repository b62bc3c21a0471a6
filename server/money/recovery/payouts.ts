// Money paid out by transfer batch and left waiting: withdrawals 打款中 and merchant transfers 转账中. Both ask the
// provider again by their own batch number, which it answers once, and apply its answer (paid, or failed with the
// amount given back).
import type { AppContext } from '../../platform/context.js';
import { BladeError } from '../../platform/http/envelope.js';
import { syncTransfer, TRANSFER_PROCESSING } from '../wallets/transfer.js';
import { payOutWithdrawal, WITHDRAWAL_PAYING } from '../wallets/withdrawal.js';

export const waitingWithdrawals = (ctx: AppContext, before: string, limit: number) =>
  ctx.db
    .selectFrom('biz_withdrawal')
    .select(['id', 'outBatchNo', 'auditTime'])
    .where('state', '=', WITHDRAWAL_PAYING)
    .where('isDeleted', '=', 0)
    .where('auditTime', '<=', before)
    .orderBy('auditTime')
    .limit(limit)
    .execute();

export async function recoverWithdrawal(ctx: AppContext, withdrawal: { id: number }): Promise<boolean> {
  await payOutWithdrawal(ctx, Number(withdrawal.id));
  return true;
}

export const waitingTransfers = (ctx: AppContext, before: string, limit: number) =>
  ctx.db
    .selectFrom('biz_transfer')
    .select(['id', 'outBatchNo', 'createTime'])
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
