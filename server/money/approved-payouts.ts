// What an approved request (付款审批) runs, by its kind. A payout: the call a payout under the amount makes, so every
// rule of refunds, transfers and withdrawals holds, idempotency included. A change to a control: the write asked
// for, through its resource's own save or remove, so its checks (who may, unique keys, shares at most 30%, a
// receiver in use) run again as things stand now. The approvals sit below the folders owning these calls, so the
// money routes hand this to them.
import type { ControlRequest } from '../platform/control-requests.js';
import { badRequest } from '../platform/http/envelope.js';
import { params } from '../system/resources/param.js';
import {
  APPROVAL_REFUND,
  APPROVAL_REFUND_OUTSIDE,
  APPROVAL_TRANSFER,
  APPROVAL_WITHDRAWAL,
  type PayOuts,
} from './approvals/approval.js';
import { APPROVAL_PARAM, APPROVAL_SPLIT_SETUP } from './approvals/controls.js';
import { settlePaidOutside } from './orders/refund-resolution.js';
import { launchRefund, type RefundAsk } from './orders/settle.js';
import { payees, receivers, setters } from './splits/resources.js';
import { launchTransfer, type TransferAsk } from './wallets/transfer.js';
import { approveWithdrawal } from './wallets/withdrawal.js';

/** The resources whose writes wait for approval, by table. */
const CONTROLLED = Object.fromEntries(
  [params, payees, receivers, setters].map((resource) => [resource.definition.table, resource]),
);

const makeWrite: PayOuts[number] = async (request, approval) => {
  const write = JSON.parse(approval.ask) as ControlRequest['write'];
  const resource = CONTROLLED[write.table];
  const ctx = request.server.ctx;
  if (write.action === 'remove') await resource.remove(ctx, request, write.ids ?? []);
  else await resource.save(ctx, request, write.body ?? {});
};

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
  [APPROVAL_PARAM]: makeWrite,
  [APPROVAL_SPLIT_SETUP]: makeWrite,
  // A failed refund recorded as paid outside counts as paid out once approved.
  [APPROVAL_REFUND_OUTSIDE]: (request, approval) => settlePaidOutside(request.server.ctx, request, approval),
};
