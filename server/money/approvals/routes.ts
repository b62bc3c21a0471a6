// 付款审批 (/blade-system/approval): the requests waiting for a second person, approve (button approval_approve)
// and reject with a reason (button approval_reject). Approving replays the launch through the same call a payout
// under the amount makes, so every rule of refunds, transfers and withdrawals holds; a change to a control (a
// parameter, the split set-up) is made through its resource's own write.
import type { FastifyRequest } from 'fastify';
import { NOTHING } from '../../platform/docs/record.js';
import { defineResource } from '../../platform/engine/define.js';
import { idQuery, rejectBody } from '../../platform/engine/schemas.js';
import { done } from '../../platform/http/envelope.js';
import type { RoutePlugin } from '../../platform/http/route-plugin.js';
import {
  APPROVAL_REFUND_OUTSIDE,
  type ApprovalRow,
  approve,
  type OnRejected,
  type PayOuts,
  reject,
} from './approval.js';
import { isControlChange } from './controls.js';

export const approvals = defineResource({
  table: 'biz_approval',
  prefix: '/blade-system/approval',
  menu: 'approval',
  title: '付款审批',
  operations: ['list', 'detail'],
  defaultOrder: [['createTime', 'desc']],
  linked: {
    column: 'createUser',
    table: 'blade_user',
    fields: { realName: { type: 'text', label: '申请人', en: 'Requested by', readOnly: true } },
  },
  hidden: ['ask'],
  fields: {
    // Dictionary `approval_kind`: 1 退款, 2 转账, 3 提现, 4 参数变更, 5 分账设置, 6 线下退款确认.
    kind: { type: 'integer', label: '付款类型', en: 'Payout kind', readOnly: true },
    bizNo: { type: 'text', label: '付款单号', en: 'Payout no.', readOnly: true },
    amount: { type: 'integer', label: '金额(分)', en: 'Amount (cents)', readOnly: true },
    orderId: { type: 'id', label: '订单', en: 'Order', readOnly: true },
    customerId: { type: 'id', label: '客户', en: 'Customer', readOnly: true },
    withdrawalId: { type: 'id', label: '提现', en: 'Withdrawal', readOnly: true },
    remark: { type: 'text', label: '说明', en: 'Description', readOnly: true },
    ask: { type: 'text', label: '发起内容', en: 'Request', readOnly: true, filter: false, sortable: false },
    // Dictionary `approval_state`: 0 待审批, 1 已通过, 2 已驳回, 3 付款失败.
    state: { type: 'integer', label: '审批状态', en: 'Approval state', readOnly: true },
    reason: { type: 'text', label: '驳回或失败原因', en: 'Reason', readOnly: true },
    createUser: { type: 'id', label: '申请人', en: 'Requested by', readOnly: true },
    approveUser: { type: 'id', label: '审批人', en: 'Decided by', readOnly: true },
    approveTime: { type: 'datetime', label: '审批时间', en: 'Decided at', readOnly: true },
  },
});

export const approvalRoutes: RoutePlugin<{ payOuts: PayOuts; onRejected: OnRejected }> = async (
  app,
  { payOuts, onRejected },
) => {
  const tags = ['付款审批'];
  /** The money of an approved request moves through the payout its kind was given; a change to a control is made. */
  const payOutAs = (request: FastifyRequest) => (approval: ApprovalRow) => payOuts[approval.kind](request, approval);
  const kindOf = async (id: number) =>
    Number((await app.ctx.db.selectFrom('biz_approval').select('kind').where('id', '=', id).executeTakeFirst())?.kind);
  app.post(
    '/blade-system/approval/approve',
    {
      config: { answer: NOTHING, access: { menu: 'approval' }, button: 'approval_approve' },
      schema: { tags, summary: '审批通过并付款 (审批人不能是申请人)', querystring: idQuery },
    },
    async (request) => {
      const id = Number(request.query.id);
      const waiting = await approve(app.ctx, request, id, payOutAs(request));
      const kind = await kindOf(id);
      const made = kind === APPROVAL_REFUND_OUTSIDE ? '已审批, 退款已登记为线下已退' : '已审批, 已付款';
      return done(waiting ?? (isControlChange(kind) ? '已审批, 已生效' : made));
    },
  );

  app.post(
    '/blade-system/approval/reject',
    {
      config: {
        answer: NOTHING,
        access: { menu: 'approval' },
        button: 'approval_reject',
        fieldMessages: { id: '请选择审批', reason: '请输入驳回原因' },
      },
      schema: { tags, summary: '驳回付款申请', body: rejectBody },
    },
    async (request) => {
      const { body } = request;
      await reject(app.ctx, request, Number(body.id), body.reason.trim(), onRejected);
      return done('已驳回, 未付款');
    },
  );
};
