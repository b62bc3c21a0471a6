// Withdrawals (/blade-system/withdrawal): the page and detail staff review, approve (button withdrawal_pass) and
// reject with a reason (button withdrawal_reject).
import { NOTHING } from '../../platform/docs/record.js';
import { defineResource } from '../../platform/engine/define.js';
import { idQuery, rejectBody } from '../../platform/engine/schemas.js';
import { badRequest, done } from '../../platform/http/envelope.js';
import type { RoutePlugin } from '../../platform/http/route-plugin.js';
import { customerNames } from '../../rental/customers/customer.js';
import { APPROVAL_WITHDRAWAL, closeWaiting, holdForApproval } from '../approvals/approval.js';
import type { PaidOutToday } from '../approvals/day-limits.js';
import { inPayoutTurn } from '../approvals/payout-turns.js';
import { approveWithdrawal, rejectWithdrawal, WITHDRAWAL_PAYING, WITHDRAWAL_PENDING } from './withdrawal.js';

const MSG_AWAITING_CONFIRMATION = '已通过, 已发起转账, 待客户在微信中确认收款';

export const withdrawals = defineResource({
  table: 'biz_withdrawal',
  prefix: '/blade-system/withdrawal',
  menu: 'withdrawal',
  title: '提现',
  operations: ['page', 'detail'],
  defaultOrder: [['createTime', 'desc']],
  linked: customerNames,
  fields: {
    customerId: { type: 'id', label: '客户', en: 'Customer', readOnly: true },
    walletId: { type: 'id', label: '钱包', en: 'Wallet', readOnly: true },
    amount: { type: 'integer', label: '提现金额(分)', en: 'Amount (cents)', readOnly: true },
    outBatchNo: { type: 'text', label: '商家批次单号', en: 'Batch no.', readOnly: true },
    batchId: { type: 'text', label: '微信批次单号', en: 'WeChat batch no.', readOnly: true },
    // Dictionary `withdrawal_state`: 0 待审核, 1 已打款, 2 已驳回, 3 打款失败, 4 打款中.
    state: { type: 'integer', label: '提现状态', en: 'Withdrawal state', readOnly: true },
    reason: { type: 'text', label: '驳回或失败原因', en: 'Reason', readOnly: true },
    auditUser: { type: 'id', label: '审核人', en: 'Reviewed by', readOnly: true },
    auditTime: { type: 'datetime', label: '审核时间', en: 'Reviewed at', readOnly: true },
    transferBillNo: { type: 'text', label: '微信转账单号', en: 'WeChat transfer bill no.', readOnly: true },
    // Dictionary `transfer_bill_state`: the bill's v3 state, 待收款用户确认 while the customer has not confirmed.
    billState: { type: 'text', label: '转账单状态', en: 'Transfer bill state', readOnly: true },
  },
});

export const withdrawalRoutes: RoutePlugin<{ paidOutToday: PaidOutToday }> = async (app, { paidOutToday }) => {
  app.post(
    '/blade-system/withdrawal/pass',
    {
      config: { answer: NOTHING, access: { menu: 'withdrawal' }, button: 'withdrawal_pass' },
      schema: { tags: ['提现'], summary: '审核通过并打款', querystring: idQuery },
    },
    async (request) => {
      const id = Number(request.query.id);
      const withdrawal = await app.ctx.db
        .selectFrom('biz_withdrawal')
        .select(['amount', 'outBatchNo', 'customerId', 'state'])
        .where('id', '=', id)
        .where('isDeleted', '=', 0)
        .executeTakeFirst();
      const customerId = withdrawal ? Number(withdrawal.customerId) : undefined;
      return inPayoutTurn(app.ctx, request, customerId, async () => {
        // A withdrawal already handled is answered by approveWithdrawal, as before.
        if (withdrawal && Number(withdrawal.state) === WITHDRAWAL_PENDING) {
          const held = await holdForApproval(app.ctx, request, paidOutToday, {
            kind: APPROVAL_WITHDRAWAL,
            bizNo: withdrawal.outBatchNo,
            amount: Number(withdrawal.amount),
            customerId,
            withdrawalId: id,
            remark: '余额提现',
            ask: { id: String(id) },
          });
          if (held) return done(held);
        }
        const refused = await approveWithdrawal(app.ctx, request, id);
        if (refused) throw badRequest(refused);
        // A transfer bill is paid once the customer confirms it in the mini-program; a batch is paid at once.
        const after = await app.ctx.db
          .selectFrom('biz_withdrawal')
          .select('state')
          .where('id', '=', id)
          .executeTakeFirst();
        return done(Number(after?.state) === WITHDRAWAL_PAYING ? MSG_AWAITING_CONFIRMATION : '已通过,已打款');
      });
    },
  );

  app.post(
    '/blade-system/withdrawal/reject',
    {
      config: {
        answer: NOTHING,
        access: { menu: 'withdrawal' },
        button: 'withdrawal_reject',
        fieldMessages: { id: '请选择提现', reason: '请输入驳回原因' },
      },
      schema: { tags: ['提现'], summary: '驳回提现', body: rejectBody },
    },
    async (request) => {
      const { body } = request;
      await rejectWithdrawal(app.ctx, request, Number(body.id), body.reason.trim());
      // Its frozen amount went back with the rejection: a payout still waiting for approval has nothing to pay.
      await closeWaiting(app.ctx, request, APPROVAL_WITHDRAWAL, `W${body.id}`, '提现已驳回');
      return done();
    },
  );
};
