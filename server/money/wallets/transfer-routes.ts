// Transfers (/blade-system/transfers): the list and detail staff read, pay/transfers to launch one (button
// transfers_launch), and /api/wx/transfer to ask the provider again about one still 转账中.
import { NOTHING } from '../../platform/docs/record.js';
import { defineResource } from '../../platform/engine/define.js';
import { done } from '../../platform/http/envelope.js';
import { cents } from '../../platform/http/money.js';
import type { RoutePlugin } from '../../platform/http/route-plugin.js';
import { APPROVAL_TRANSFER, holdForApproval } from '../approvals/approval.js';
import type { PaidOutToday } from '../approvals/day-limits.js';
import { inPayoutTurn } from '../approvals/payout-turns.js';
import { launchTransfer, syncTransfer } from './transfer.js';

export const transfers = defineResource({
  table: 'biz_transfer',
  prefix: '/blade-system/transfers',
  menu: 'transfers',
  title: '转账',
  operations: ['list', 'detail'],
  defaultOrder: [['createTime', 'desc']],
  fields: {
    outBatchNo: { type: 'text', label: '商家批次单号', en: 'Batch no.', readOnly: true },
    customerId: { type: 'id', label: '客户', en: 'Customer', readOnly: true },
    nickName: { type: 'text', label: '客户昵称', en: 'Nickname', readOnly: true },
    amount: { type: 'integer', label: '转账金额(分)', en: 'Amount (cents)', readOnly: true },
    remark: { type: 'text', label: '转账备注', en: 'Remark', readOnly: true },
    batchId: { type: 'text', label: '微信批次单号', en: 'WeChat batch no.', readOnly: true },
    // Dictionary `transfer_state`: 0 转账中, 1 已到账, 2 转账失败.
    state: { type: 'integer', label: '转账状态', en: 'Transfer state', readOnly: true },
    reason: { type: 'text', label: '失败原因', en: 'Failure reason', readOnly: true },
    successTime: { type: 'datetime', label: '到账时间', en: 'Paid at', readOnly: true },
    createUser: { type: 'id', label: '发起人', en: 'Launched by', readOnly: true },
    transferBillNo: { type: 'text', label: '微信转账单号', en: 'WeChat transfer bill no.', readOnly: true },
    // Dictionary `transfer_bill_state`: the bill's v3 state, 待收款用户确认 while the customer has not confirmed.
    billState: { type: 'text', label: '转账单状态', en: 'Transfer bill state', readOnly: true },
  },
});

/** v3 out_batch_no: letters and digits; staff transfers start with T (withdrawals' batches with W). */
const batchNo = {
  type: 'string',
  pattern: '^T[0-9A-Za-z]{5,31}$',
  description: '商家批次单号 (T 开头): 打开转账窗口时生成, 重复提交只转一次',
} as const;

const launchBody = {
  type: 'object',
  required: ['customerId', 'amount', 'outBatchNo', 'remark'],
  properties: {
    customerId: { type: 'string', pattern: '^[0-9]{1,16}$', description: '客户主键' },
    amount: cents({ label: '转账金额', en: 'Transfer amount' }),
    outBatchNo: batchNo,
    remark: {
      type: 'string',
      minLength: 1,
      maxLength: 32,
      pattern: '\\S',
      description: '转账备注 (客户在微信零钱中看到)',
    },
    userName: {
      type: 'string',
      maxLength: 32,
      description: '收款人真实姓名: 单笔 2000 元及以上必填 (微信支付加密校验), 以下不填',
    },
  },
} as const;

export const transferRoutes: RoutePlugin<{ paidOutToday: PaidOutToday }> = async (app, { paidOutToday }) => {
  const tags = ['转账'];
  app.post(
    '/blade-system/pay/transfers',
    {
      config: {
        answer: NOTHING,
        access: { menu: 'transfers' },
        button: 'transfers_launch',
        fieldMessages: {
          customerId: '请选择客户',
          amount: '请输入转账金额',
          outBatchNo: '请输入商家批次单号',
          remark: '请输入转账备注',
        },
        fieldNames: { userName: { label: '收款人姓名', en: 'Payee’s name' } },
      },
      schema: { tags, summary: '发起转账 (商家转账到零钱)', body: launchBody },
    },
    async (request) => {
      const { body } = request;
      const ask = {
        ...body,
        customerId: Number(body.customerId),
        remark: body.remark.trim(),
        ...(body.userName?.trim() ? { userName: body.userName.trim() } : {}),
      };
      return inPayoutTurn(app.ctx, request, ask.customerId, async () => {
        const held = await holdForApproval(app.ctx, request, paidOutToday, {
          kind: APPROVAL_TRANSFER,
          bizNo: ask.outBatchNo,
          amount: ask.amount,
          customerId: ask.customerId,
          remark: ask.remark,
          ask,
        });
        if (held) return done(held);
        await launchTransfer(app.ctx, request, ask);
        return done('转账已提交');
      });
    },
  );

  app.post(
    '/wx/transfer',
    {
      config: {
        answer: NOTHING,
        access: { menu: 'transfers' },
        button: 'transfers_launch',
        fieldMessages: { outBatchNo: '请输入商家批次单号' },
      },
      schema: {
        tags,
        summary: '向微信支付查询转账结果并更新',
        querystring: { type: 'object', required: ['outBatchNo'], properties: { outBatchNo: batchNo } },
      },
    },
    async (request) => {
      await syncTransfer(app.ctx, request.query.outBatchNo);
      return done();
    },
  );
};
