// What staff paid out today, for the limits splitting cannot dodge (approvals/day-limits.ts): staff refunds, transfers
// and withdrawal payouts that moved or are on their way — not those refused, failed or closed — to a customer, and
// those one staff member made without an approval. The approvals sit below the folders owning these payouts, so the
// money routes hand this to the calls that launch them.
import {
  APPROVAL_APPROVED,
  APPROVAL_FAILED,
  APPROVAL_REFUND,
  APPROVAL_TRANSFER,
  APPROVAL_WITHDRAWAL,
} from './approvals/approval.js';
import type { PaidOutToday } from './approvals/day-limits.js';
import { REFUND_BY_STAFF } from './orders/refund-source.js';
import { REFUND_DONE, REFUND_PROCESSING } from './orders/settle.js';
import { TRANSFER_PAID, TRANSFER_PROCESSING } from './wallets/transfer.js';
import { WITHDRAWAL_PAID, WITHDRAWAL_PAYING } from './wallets/withdrawal.js';

export const paidOutToday: PaidOutToday = async (ctx, asked) => {
  const { db } = ctx;
  const { since, customerId, userId } = asked;
  const except = (kind: number) => (asked.kind === kind ? asked.bizNo : '');
  /** Approvals that let a payout of this kind through: a second person saw it, so it was not its requester's alone. */
  const approvedOf = (kind: number) =>
    db
      .selectFrom('biz_approval as a')
      .select('a.bizNo')
      .where('a.kind', '=', kind)
      .where('a.state', 'in', [APPROVAL_APPROVED, APPROVAL_FAILED]);

  const refunds = db
    .selectFrom('biz_refund as r')
    .innerJoin('biz_order as o', 'o.id', 'r.orderId')
    .select((eb) => eb.fn.sum<number>('r.amount').as('total'))
    .where('r.source', '=', REFUND_BY_STAFF)
    .where('r.status', 'in', [REFUND_PROCESSING, REFUND_DONE])
    .where('r.createTime', '>=', since)
    .where('r.outRefundNo', '<>', except(APPROVAL_REFUND));
  const transfers = db
    .selectFrom('biz_transfer')
    .select((eb) => eb.fn.sum<number>('amount').as('total'))
    .where('state', 'in', [TRANSFER_PROCESSING, TRANSFER_PAID])
    .where('createTime', '>=', since)
    .where('isDeleted', '=', 0)
    .where('outBatchNo', '<>', except(APPROVAL_TRANSFER));
  const withdrawals = db
    .selectFrom('biz_withdrawal')
    .select((eb) => eb.fn.sum<number>('amount').as('total'))
    .where('state', 'in', [WITHDRAWAL_PAYING, WITHDRAWAL_PAID])
    .where('auditTime', '>=', since)
    .where('isDeleted', '=', 0)
    .where('outBatchNo', '<>', except(APPROVAL_WITHDRAWAL));
  const total = async (...queries: Array<{ executeTakeFirst: () => Promise<{ total: unknown } | undefined> }>) => {
    const rows = await Promise.all(queries.map((query) => query.executeTakeFirst()));
    return rows.reduce((sum, row) => sum + Number(row?.total ?? 0), 0);
  };

  const toPayee =
    customerId === undefined
      ? 0
      : await total(
          refunds.where('o.customerId', '=', customerId),
          transfers.where('customerId', '=', customerId),
          withdrawals.where('customerId', '=', customerId),
        );
  const byRequester =
    userId === null
      ? 0
      : await total(
          refunds.where('r.createUser', '=', userId).where('r.outRefundNo', 'not in', approvedOf(APPROVAL_REFUND)),
          transfers.where('createUser', '=', userId).where('outBatchNo', 'not in', approvedOf(APPROVAL_TRANSFER)),
          withdrawals.where('auditUser', '=', userId).where('outBatchNo', 'not in', approvedOf(APPROVAL_WITHDRAWAL)),
        );
  return { toPayee, byRequester };
};
