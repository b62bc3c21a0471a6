// Split-payment records (/blade-system/records): one row per receiver's share of an order, read-only. The order view
// lists an order's shares with `records/detail?transactionId=` (paged, as the spec names the call); staff share an
// order by hand with `records/launch` (button records_launch), e.g. one that ended before its setters existed.
import { NOTHING } from '../../platform/docs/record.js';
import { defineResource } from '../../platform/engine/define.js';
import type { Resource } from '../../platform/engine/resource.js';
import type { FieldSpec } from '../../platform/engine/types.js';
import { badRequest, done } from '../../platform/http/envelope.js';
import type { RoutePlugin } from '../../platform/http/route-plugin.js';
import { paymentRecordsRoute } from '../payments/payment-records.js';
import { shareOrder } from './share.js';

const text = (label: string, en: string): FieldSpec => ({ type: 'text', label, en, readOnly: true });

export const splitRecords = defineResource({
  table: 'biz_split_record',
  prefix: '/blade-system/records',
  menu: 'records',
  title: '分账记录',
  operations: ['list'],
  dataScope: true,
  scopeDept: { link: 'orderId', table: 'biz_order', column: 'deptId' },
  defaultOrder: [['createTime', 'desc']],
  fields: {
    outOrderNo: text('商户分账单号', 'Split order no.'),
    orderId: { type: 'id', label: '订单', en: 'Order', readOnly: true },
    outTradeNo: text('商户订单号', 'Merchant order no.'),
    transactionId: text('支付订单号', 'Payment order no.'),
    sharingId: text('微信分账单号', 'WeChat split no.'),
    receiverId: { type: 'id', label: '接收方', en: 'Receiver', readOnly: true },
    receiverName: text('接收方名称', 'Receiver name'),
    account: text('接收方账号', 'Account'),
    amount: { type: 'integer', label: '分账金额(分)', en: 'Amount (cents)', readOnly: true },
    ratio: { type: 'integer', label: '分账比例(万分比)', en: 'Share (1/10000)', readOnly: true },
    // Dictionary `result`: PROCESSING 处理中, FINISHED 分账完成, CLOSED 已关闭.
    state: text('分账状态', 'Split state'),
    finishTime: { type: 'datetime', label: '完成时间', en: 'Finished at', readOnly: true },
  },
});

/** `findOrder`: the orders' lookup of an order the caller may see (orders sit above splits; the money routes hand
 * it in). */
export const splitRecordRoutes: RoutePlugin<{ findOrder: Resource['find'] }> = async (app, { findOrder }) => {
  const tags = ['分账记录'];
  paymentRecordsRoute(app, {
    path: '/blade-system/records/detail',
    menu: 'records',
    tags,
    summary: '订单的分账记录',
    resource: splitRecords,
  });

  app.post(
    '/blade-system/records/launch',
    {
      config: {
        answer: NOTHING,
        access: { menu: 'records' },
        button: 'records_launch',
        fieldMessages: { orderId: '请选择订单' },
      },
      schema: {
        tags,
        summary: '按分账设置分账一个已结束的订单',
        querystring: {
          type: 'object',
          required: ['orderId'],
          properties: { orderId: { type: 'string', pattern: '^[0-9]{1,16}$', description: '订单主键' } },
        },
      },
    },
    async (request) => {
      const orderId = Number(request.query.orderId);
      await findOrder(app.ctx, request, orderId);
      const refused = await shareOrder(app.ctx, orderId);
      if (refused) throw badRequest(refused);
      return done();
    },
  );
};
