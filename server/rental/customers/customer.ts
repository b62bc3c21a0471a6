// Customers (/blade-system/customer): the people renting through the customer app, one per app account. The openId
// identifies them to the payment provider and never leaves the server.
import { defineResource } from '../../platform/engine/define.js';
import type { Linked } from '../../platform/engine/types.js';

export const customers = defineResource({
  table: 'biz_customer',
  prefix: '/blade-system/customer',
  menu: 'customer',
  // The 小程序用户 screen lists the same people.
  readableUnder: ['app_user'],
  title: '客户',
  operations: ['list', 'detail'],
  hidden: ['openId'],
  defaultOrder: [['createTime', 'desc']],
  // A picker finds the customer by what they say: part of a name or of a phone number (发起转账).
  keywords: { keyword: ['nickName', 'phoneNumber'] },
  fields: {
    nickName: { type: 'text', label: '昵称', en: 'Nickname', readOnly: true },
    phoneNumber: { type: 'text', label: '手机号', en: 'Phone number', readOnly: true },
    appId: { type: 'id', label: '应用', en: 'App', readOnly: true },
    avatar: { type: 'text', label: '头像', en: 'Avatar', readOnly: true, filter: false },
  },
});

/** The customer's name and phone number beside a row's `customerId` in lists (wallets, recharges, withdrawals). */
export const customerNames = {
  column: 'customerId',
  table: 'biz_customer',
  fields: {
    nickName: { type: 'text', label: '客户昵称', en: 'Nickname', readOnly: true },
    phoneNumber: { type: 'text', label: '手机号', en: 'Phone number', readOnly: true },
  },
} satisfies Linked;
