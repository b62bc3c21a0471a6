// Goods orders (/blade-system/goods-order): read-only records of shop goods customers bought in the app, the goods'
// name and price copied at the sale. Amounts in cents.
import { defineResource } from '../../platform/engine/define.js';
import type { FieldSpec } from '../../platform/engine/types.js';

const text = (label: string, en: string): FieldSpec => ({ type: 'text', label, en, readOnly: true });
const cents = (label: string, en: string): FieldSpec => ({ type: 'integer', label, en, readOnly: true });

export const goodsOrders = defineResource({
  table: 'biz_goods_order',
  prefix: '/blade-system/goods-order',
  menu: 'goods_order',
  title: '商品订单',
  operations: ['list', 'detail'],
  defaultOrder: [['createTime', 'desc']],
  fields: {
    outTradeNo: text('商户订单号', 'Merchant order no.'),
    transactionId: text('支付订单号', 'Payment order no.'),
    customerId: { type: 'id', label: '客户', en: 'Customer', readOnly: true },
    nickName: text('用户昵称', 'Nickname'),
    phoneNumber: text('手机号', 'Phone number'),
    goodsId: { type: 'id', label: '商品', en: 'Goods', readOnly: true },
    goodsName: text('商品名称', 'Goods name'),
    price: cents('单价(分)', 'Unit price (cents)'),
    quantity: cents('数量', 'Quantity'),
    totalAmount: cents('订单金额(分)', 'Amount (cents)'),
    // Dictionary `goods_order_state`: 0 待支付, 1 已支付, 2 已完成, 3 已取消, 4 已退款.
    state: cents('订单状态', 'Order state'),
    payTime: { type: 'datetime', label: '支付时间', en: 'Paid at', readOnly: true },
    remark: text('备注', 'Remark'),
  },
});
