// Recharges (/blade-system/recharge): read-only records of money customers paid into their wallets, with the bonus
// of the activity running when it was paid.

import { defineResource } from '../../platform/engine/define.js';
import { customerNames } from '../../rental/customers/customer.js';

const cents = (label: string, en: string) => ({ type: 'integer' as const, label, en, readOnly: true });

export const recharges = defineResource({
  table: 'biz_recharge',
  prefix: '/blade-system/recharge',
  menu: 'recharge',
  title: '充值',
  operations: ['list', 'detail'],
  defaultOrder: [['createTime', 'desc']],
  linked: customerNames,
  fields: {
    rechargeNo: { type: 'text', label: '充值单号', en: 'Recharge no.', readOnly: true },
    customerId: { type: 'id', label: '客户', en: 'Customer', readOnly: true },
    walletId: { type: 'id', label: '钱包', en: 'Wallet', readOnly: true },
    amount: cents('充值金额(分)', 'Amount (cents)'),
    bonusAmount: cents('赠送金额(分)', 'Bonus (cents)'),
    activityId: { type: 'id', label: '赠送活动', en: 'Activity', readOnly: true },
    transactionId: { type: 'text', label: '支付订单号', en: 'Payment order no.', readOnly: true },
    // Dictionary `recharge_state`: 0 待支付, 1 已到账, 2 已关闭, 3 金额不符.
    state: { type: 'integer', label: '充值状态', en: 'Recharge state', readOnly: true },
    successTime: { type: 'datetime', label: '到账时间', en: 'Credited at', readOnly: true },
  },
});
