// refund/sync (button refund_sync 查询结果): staff ask the payment provider about one refund — sent again by its own
// number if the provider never accepted it — and see what it says; a final answer is settled at once, as its
// notification would have been, so staff need not wait for the recovery worker.
import { type AnswerDoc, integer, shape, text } from '../../platform/docs/record.js';
import { notFound, ok } from '../../platform/http/envelope.js';
import type { RoutePlugin } from '../../platform/http/route-plugin.js';
import { orders } from '../orders/order.js';
import { REFUND_PROCESSING } from '../orders/settle.js';
import { askAboutRefund, refundNumbered } from './refunds.js';

const syncQuery = {
  type: 'object',
  required: ['outRefundNo'],
  properties: { outRefundNo: { type: 'string', minLength: 1, maxLength: 64, description: '商户退款单号' } },
} as const;

/** The refund as stored after the question, and what the provider said of it ('' when it was not asked). */
const SYNCED_ANSWER: AnswerDoc = {
  name: 'RefundSynced',
  data: shape({
    outRefundNo: text(),
    status: integer('biz_refund.status: 0 处理中, 1 已完成, 2 退款关闭, 3 退款异常'),
    refundId: text("the provider's refund number, empty before it took the refund"),
    providerStatus: { enum: ['', 'PROCESSING', 'SUCCESS', 'CLOSED', 'ABNORMAL'] },
  }),
};

export const recoveryRoutes: RoutePlugin = async (app) => {
  app.post(
    '/blade-system/refund/sync',
    {
      config: {
        access: { menu: 'refund' },
        button: 'refund_sync',
        answer: SYNCED_ANSWER,
        fieldMessages: { outRefundNo: '请输入退款单号' },
      },
      schema: { tags: ['退款'], summary: '向支付平台查询退款结果并处理', querystring: syncQuery },
    },
    async (request) => {
      const { outRefundNo } = request.query;
      const refund = await refundNumbered(app.ctx, outRefundNo);
      if (!refund) throw notFound('退款不存在');
      // The caller's data scope reaches the refund through its order.
      await orders.find(app.ctx, request, Number(refund.orderId));
      const asked = Number(refund.status) === REFUND_PROCESSING ? await askAboutRefund(app.ctx, refund) : null;
      const stored = await app.ctx.db
        .selectFrom('biz_refund')
        .select(['status', 'refundId'])
        .where('outRefundNo', '=', outRefundNo)
        .executeTakeFirstOrThrow();
      return ok({
        outRefundNo,
        status: Number(stored.status),
        refundId: stored.refundId ?? '',
        providerStatus: asked?.provider?.status ?? '',
      });
    },
  );
};
