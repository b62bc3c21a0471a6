// Rental orders (/blade-system/order): read-only records written by the rental flow. Who, what and where are
// copied onto the order when it starts (nickname, site, department, the price plan), so the record keeps what
// happened and a million-row list needs no joins. Staff see the orders of their departments' sites.
import { defineResource } from '../../platform/engine/define.js';
import type { FieldSpec, Row } from '../../platform/engine/types.js';

/** `payMode`: 1 a deposit paid (pay/launch), 2 the wallet, 3 a pay-score service order without deposit (pay/payscore). */
export const PAY_MODE_DEPOSIT = 1;
export const PAY_MODE_WALLET = 2;
export const PAY_MODE_SCORE = 3;

const text = (label: string, en: string): FieldSpec => ({ type: 'text', label, en, readOnly: true });
const number = (label: string, en: string): FieldSpec => ({ type: 'integer', label, en, readOnly: true });
const id = (label: string, en: string): FieldSpec => ({ type: 'id', label, en, readOnly: true });
const time = (label: string, en: string): FieldSpec => ({ type: 'datetime', label, en, readOnly: true });

/**
 * What the business kept of an order, in cents: what was paid less everything that went back (the rest of a deposit,
 * refunds), once the rental has ended; a running order's deposit is only held. The dashboard's revenue counts the
 * same money on the days it moves (docs/orders-and-money.md).
 */
export const keptOf = (row: Row): number =>
  row.endTime === null || row.endTime === undefined || row.endTime === ''
    ? 0
    : Math.max(Number(row.totalAmount ?? 0) - Number(row.refundedAmount ?? 0), 0);

/** The filters the order screens offer: its search panel, the header search, the dashboard's links. */
export const ORDER_SEARCHES = [
  'outTradeNo',
  'outTradeNo_equal',
  'phoneNumber_equal',
  'keyPair_equal',
  'siteId_equal',
  'deptId_equal',
  'payMode_equal',
  'state_equal',
  'refundState_equal',
  'equId_equal',
  'customerId_equal',
  'createTime_dategt',
  'createTime_datelt',
];

export const orders = defineResource({
  table: 'biz_order',
  prefix: '/blade-system/order',
  menu: 'order',
  title: '订单',
  operations: ['list', 'detail'],
  dataScope: true,
  scopeDept: 'deptId',
  defaultOrder: [['createTime', 'desc']],
  searches: ORDER_SEARCHES,
  madeText: ['description', 'tradeStateDesc'],
  derived: (row) => ({ keptAmount: keptOf(row) }),
  derivedFields: { keptAmount: number('实收金额(分)', 'Kept (cents)') },
  fields: {
    outTradeNo: text('商户订单号', 'Merchant order no.'),
    transactionId: text('支付订单号', 'Payment order no.'),
    customerId: id('客户', 'Customer'),
    nickname: text('用户昵称', 'Nickname'),
    phoneNumber: text('手机号', 'Phone number'),
    equId: id('设备', 'Equipment'),
    keyPair: text('设备编号', 'Device no.'),
    batch: text('桩号', 'Pile no.'),
    siteId: id('站点', 'Site'),
    siteName: text('站点名称', 'Site name'),
    deptId: id('管理机构', 'Organisation'),
    deptName: text('管理机构名称', 'Organisation name'),
    typeId: id('设备类型', 'Type'),
    payMode: number('支付方式', 'Payment mode'),
    freeMinutes: number('免费时长(分钟)', 'Free minutes'),
    firstMinutes: number('首段时长(分钟)', 'First period (minutes)'),
    firstPrice: number('首段价格(分)', 'First period price (cents)'),
    unitMinutes: number('计费单位(分钟)', 'Unit period (minutes)'),
    unitPrice: number('单位价格(分)', 'Unit price (cents)'),
    dailyCap: number('每日封顶(分)', 'Daily cap (cents)'),
    amount: number('押金(分)', 'Deposit (cents)'),
    totalAmount: number('支付金额(分)', 'Paid (cents)'),
    actAmount: number('费用(分)', 'Fee (cents)'),
    refundedAmount: number('已退金额(分)', 'Refunded (cents)'),
    // orders/refund-state.ts: 0 处理中, 1 已退款, 2 退款关闭, 3 退款异常 (not yet resolved), 4 线下退款待审批.
    refundState: number('退款状态', 'Refund state'),
    startTime: time('开始时间', 'Start time'),
    endTime: time('结束时间', 'End time'),
    description: text('使用时长', 'Usage duration'),
    state: number('订单状态', 'Order state'),
    successTime: time('支付时间', 'Paid at'),
    tradeStateDesc: text('支付状态', 'Payment status'),
  },
});
