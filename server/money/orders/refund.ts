// Refunds (/blade-system/refund): read-only records of money sent back through the payment provider (or to the
// wallet, for an order rented on it), by staff, at a rental's finish or at the customer's own request (`source`).
// The order view lists an order's refunds with `refund/detail?transactionId=` (paged, as the spec names the call).
// Staff see the refunds of the orders they see.
import { defineResource } from '../../platform/engine/define.js';
import type { FieldSpec } from '../../platform/engine/types.js';
import type { RoutePlugin } from '../../platform/http/route-plugin.js';
import { paymentRecordsRoute } from '../payments/payment-records.js';

const text = (label: string, en: string): FieldSpec => ({ type: 'text', label, en, readOnly: true });

export const refunds = defineResource({
  table: 'biz_refund',
  prefix: '/blade-system/refund',
  menu: 'refund',
  title: '退款',
  base: false,
  operations: ['list'],
  dataScope: true,
  scopeDept: { link: 'orderId', table: 'biz_order', column: 'deptId' },
  madeText: ['reason'],
  searches: ['phoneNumber_equal', 'status_equal', 'resolution_equal', 'outRefundNo', 'outTradeNo'],
  fields: {
    id: { type: 'id', label: '主键', en: 'Id', readOnly: true },
    tenantId: { type: 'text', label: '租户', en: 'Tenant', readOnly: true, filter: false, sortable: false },
    orderId: { type: 'id', label: '订单', en: 'Order', readOnly: true },
    outTradeNo: text('商户订单号', 'Merchant order no.'),
    transactionId: text('支付订单号', 'Payment order no.'),
    outRefundNo: text('商户退款单号', 'Merchant refund no.'),
    refundId: text('退款单号', 'Refund no.'),
    amount: { type: 'integer', label: '退款金额(分)', en: 'Amount (cents)', readOnly: true },
    reason: text('退款原因', 'Reason'),
    // Dictionary `channel`.
    channel: text('退款渠道', 'Channel'),
    userReceivedAccount: text('退款入账账户', 'Received by'),
    // 0 处理中, 1 已完成, 2 退款关闭, any other value 异常.
    status: { type: 'integer', label: '退款状态', en: 'Refund status', readOnly: true },
    // 1 工作人员退款 (R…), 2 结束订单退还押金 (F…), 3 客户申请 (C…).
    source: { type: 'integer', label: '退款来源', en: 'Requested by', readOnly: true, enum: [1, 2, 3] },
    // A failed refund's resolution (orders/refund-resolution.ts): 0 待处理, 1 线下退款待审批, 2 已重新发起, 3 线下已退款.
    resolution: { type: 'integer', label: '处理结果', en: 'Resolution', readOnly: true, enum: [0, 1, 2, 3] },
    resolvedNo: text('处理单号', 'Resolved as'),
    resolveNote: text('处理说明', 'Resolution note'),
    resolveUser: { type: 'id', label: '处理人', en: 'Resolved by', readOnly: true },
    resolveApproveUser: { type: 'id', label: '处理审批人', en: 'Resolution approved by', readOnly: true },
    resolveTime: { type: 'datetime', label: '处理时间', en: 'Resolved at', readOnly: true },
    phoneNumber: text('手机号', 'Phone number'),
    successTime: { type: 'datetime', label: '退款成功时间', en: 'Refunded at', readOnly: true },
    createUser: { type: 'id', label: '发起人', en: 'Launched by', readOnly: true },
    createTime: { type: 'datetime', label: '发起时间', en: 'Launched at', readOnly: true },
    updateTime: { type: 'datetime', label: '更新时间', en: 'Updated at', readOnly: true },
  },
});

/** `refund/detail`: one order's refunds, newest first, by the order's payment number. */
export const refundDetailRoutes: RoutePlugin = async (app) =>
  paymentRecordsRoute(app, {
    path: '/blade-system/refund/detail',
    menu: 'refund',
    tags: ['退款'],
    summary: '订单的退款记录',
    resource: refunds,
  });
