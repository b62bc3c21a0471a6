// Wallets (/blade-system/wallet): a customer's balance in the app. amount = personAmount (the customer's own money,
// withdrawable) + platAmount (the platform's bonus, spendable only); the row caches the sums of its ledger entries
// (docs/orders-and-money.md), so it is never written by hand.

import { defineResource } from '../../platform/engine/define.js';
import { customerNames } from '../../rental/customers/customer.js';

const cents = (label: string, en: string) => ({ type: 'integer' as const, label, en, readOnly: true });

export const wallets = defineResource({
  table: 'biz_wallet',
  prefix: '/blade-system/wallet',
  menu: 'wallet',
  title: '钱包',
  operations: ['list', 'detail'],
  defaultOrder: [['createTime', 'desc']],
  linked: customerNames,
  fields: {
    customerId: { type: 'id', label: '客户', en: 'Customer', readOnly: true },
    amount: cents('余额(分)', 'Balance (cents)'),
    personAmount: cents('个人余额(分)', 'Own money (cents)'),
    platAmount: cents('平台赠送(分)', 'Platform bonus (cents)'),
  },
});
