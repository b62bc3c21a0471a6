// The staff calls that move an order's money: order/finish (button order_finish) and pay/launch-refund (button
// refund_launch).
import { NOTHING } from '../../platform/docs/record.js';
import { idQuery } from '../../platform/engine/schemas.js';
import { done } from '../../platform/http/envelope.js';
import { cents } from '../../platform/http/money.js';
import type { RoutePlugin } from '../../platform/http/route-plugin.js';
import { APPROVAL_REFUND, holdForApproval } from '../approvals/approval.js';
import type { PaidOutToday } from '../approvals/day-limits.js';
import { inPayoutTurn } from '../approvals/payout-turns.js';
import { orders } from './order.js';
import { finishOrder, launchRefund, type RefundAsk } from './settle.js';

const refundBody = {
  type: 'object',
  required: ['orderId', 'amount', 'outRefundNo'],
  properties: {
    orderId: { type: 'string', pattern: '^[0-9]{1,16}$', description: '订单主键' },
    amount: cents({ label: '退款金额', en: 'Refund amount' }),
    outRefundNo: {
      type: 'string',
      // R…: a staff refund; F… is the rest of a deposit refunded at finish, so the two never meet.
      pattern: '^R[0-9A-Za-z_|*@-]{5,63}$',
      description: '商户退款单号 (R 开头): 打开退款窗口时生成, 重复提交只退一次',
    },
    reason: { type: 'string', maxLength: 80, description: '退款原因' },
  },
} as const;

export const settleRoutes: RoutePlugin<{ paidOutToday: PaidOutToday }> = async (app, { paidOutToday }) => {
  // A POST with the id in the query, as BladeX's own writes by id (remove?ids=): money never moves on a GET.
  app.post(
    '/blade-system/order/finish',
    {
      config: { answer: NOTHING, access: { menu: 'order' }, button: 'order_finish' },
      schema: { tags: ['订单'], summary: '结束订单', querystring: idQuery },
    },
    async (request) => {
      await finishOrder(app.ctx, request, Number(request.query.id));
      return done();
    },
  );

  app.post(
    '/blade-system/pay/launch-refund',
    {
      config: {
        answer: NOTHING,
        access: { menu: 'refund' },
        button: 'refund_launch',
        fieldMessages: { orderId: '请选择订单', amount: '请输入退款金额', outRefundNo: '请输入退款单号' },
      },
      schema: { tags: ['退款'], summary: '发起退款', body: refundBody },
    },
    async (request) => {
      const ask: RefundAsk = { ...request.body, orderId: Number(request.body.orderId) };
      const order = await orders.find(app.ctx, request, ask.orderId);
      const customerId = order.customerId ? Number(order.customerId) : undefined;
      return inPayoutTurn(app.ctx, request, customerId, async () => {
        const held = await holdForApproval(app.ctx, request, paidOutToday, {
          kind: APPROVAL_REFUND,
          bizNo: ask.outRefundNo,
          amount: ask.amount,
          orderId: ask.orderId,
          customerId,
          remark: `订单 ${order.outTradeNo}`,
          ask,
        });
        if (held) return done(held);
        await launchRefund(app.ctx, request, ask);
        return done('退款已提交,等待支付平台处理');
      });
    },
  );
};
