// What an approved payout (付款审批) runs, by its kind: the call a payout under the amount makes, so every rule of
// refunds, transfers and withdrawals holds, idempotency included. The approvals sit below the folders owning these
// calls, so the money routes hand this to them.
import { badRequest } from '../platform/http/envelope.js';
import { APPROVAL_REFUND, APPROVAL_TRANSFER, APPROVAL_WITHDRAWAL, type PayOuts } from './approvals/approval.js';
import { launchRefund, type RefundAsk } from './orders/settle.js';
import { launchTransfer, type TransferAsk } from './wallets/transfer.js';
import { approveWithdrawal } from './wallets/withdrawal.js';

export const approvedPayOuts: PayOuts = {
  [APPROVAL_REFUND]: async (request, approval) => {
    await launchRefund(request.server.ctx, request, JSON.parse(approval.ask) as RefundAsk);
  },
  [APPROVAL_TRANSFER]: async (request, approval) => {
    await launchTransfer(request.server.ctx, request, JSON.parse(approval.ask) as TransferAsk);
  },
  [APPROVAL_WITHDRAWAL]: async (request, approval) => {
    const refused = await approveWithdrawal(request.server.ctx, request, Number(approval.withdrawalId));
    if (refused) throw badRequest(refused);
  },
};
