// The staff calls that resolve a failed refund (button refund_launch, as any refund): refund/resend sends it again
// under a new number, refund/paid-outside records it as paid outside the console for a second person to approve on
// 付款审批 (orders/refund-resolution.ts).
import { NOTHING } from '../../platform/docs/record.js';
import { done } from '../../platform/http/envelope.js';
import type { RoutePlugin } from '../../platform/http/route-plugin.js';
import { NOT_BLANK } from '../../platform/http/validation.js';
import { MSG_OUTSIDE_FILED, recordPaidOutside, resendRefund } from './refund-resolution.js';

const outRefundNo = { type: 'string', minLength: 1, maxLength: 64, description: '失败的退款的商户退款单号' } as const;

const resendQuery = { type: 'object', required: ['outRefundNo'], properties: { outRefundNo } } as const;

const paidOutsideBody = {
  type: 'object',
  required: ['outRefundNo', 'reference', 'note'],
  properties: {
    outRefundNo,
    reference: {
      type: 'string',
      maxLength: 64,
      pattern: NOT_BLANK,
      description: '线下退款的参考号: 商户平台异常退款处理的单号, 或银行转账的流水号',
    },
    note: { type: 'string', maxLength: 200, pattern: NOT_BLANK, description: '说明: 退至何处, 由谁经办' },
  },
} as const;

export const refundResolutionRoutes: RoutePlugin = async (app) => {
  const tags = ['退款'];
  app.post(
    '/blade-system/refund/resend',
    {
      config: {
        answer: NOTHING,
        access: { menu: 'refund' },
        button: 'refund_launch',
        fieldMessages: { outRefundNo: '请输入退款单号' },
      },
      schema: { tags, summary: '重新发起失败的退款 (新的商户退款单号)', querystring: resendQuery },
    },
    async (request) => {
      const again = await resendRefund(app.ctx, request, request.query.outRefundNo);
      return done(`已重新发起退款 ${again}, 等待支付平台处理`);
    },
  );

  app.post(
    '/blade-system/refund/paid-outside',
    {
      config: {
        answer: NOTHING,
        access: { menu: 'refund' },
        button: 'refund_launch',
        fieldMessages: { outRefundNo: '请输入退款单号', reference: '请输入参考号', note: '请输入说明' },
      },
      schema: { tags, summary: '登记失败的退款已在线下退还 (需另一人审批)', body: paidOutsideBody },
    },
    async (request) => {
      const { body } = request;
      await recordPaidOutside(app.ctx, request, {
        outRefundNo: body.outRefundNo,
        reference: body.reference.trim(),
        note: body.note.trim(),
      });
      return done(MSG_OUTSIDE_FILED);
    },
  );
};
