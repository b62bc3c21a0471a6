// A transfer bill's final state, as WeChat Pay notifies it (MCHTRANSFER.BILL.FINISHED): applied to the withdrawal or
// transfer numbered by it, if that still waits on a bill. Applying it again, or after the recovery worker's query
// did, changes nothing: both end the record by the same conditional update.
import type { AppContext } from '../../platform/context.js';
import { billPayout } from '../payments/payouts.js';
import type { TransferBill } from '../payments/provider.js';
import { applyTransferPayout, TRANSFER_PROCESSING } from './transfer.js';
import { applyWithdrawalPayout, WITHDRAWAL_PAYING } from './withdrawal.js';

export async function applyTransferBill(ctx: AppContext, bill: TransferBill): Promise<void> {
  const payout = billPayout(bill);
  const withdrawal = await ctx.db
    .selectFrom('biz_withdrawal')
    .select('id')
    .where('outBatchNo', '=', bill.outBillNo)
    .where('payoutApi', '=', 'transfer-bills')
    .where('state', '=', WITHDRAWAL_PAYING)
    .executeTakeFirst();
  if (withdrawal) {
    await applyWithdrawalPayout(ctx, Number(withdrawal.id), 'transfer-bills', payout);
    return;
  }
  const transfer = await ctx.db
    .selectFrom('biz_transfer')
    .select(['id', 'outBatchNo', 'amount'])
    .where('outBatchNo', '=', bill.outBillNo)
    .where('payoutApi', '=', 'transfer-bills')
    .where('state', '=', TRANSFER_PROCESSING)
    .executeTakeFirst();
  if (transfer) {
    const row = { id: Number(transfer.id), outBatchNo: transfer.outBatchNo, amount: Number(transfer.amount) };
    await applyTransferPayout(ctx, row, 'transfer-bills', payout);
  }
}
