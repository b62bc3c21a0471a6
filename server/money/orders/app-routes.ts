// The customer app's payment calls, for a customer's token only (docs/orders-and-money.md, "The customer app"):
// pay/launch prepays a rental's deposit or a wallet recharge (or rents on the wallet balance, payMode 2), pay/payscore
// rents without deposit on a pay-score service order, pay/refund refunds the customer's own order within the
// self-service rule. The provider's notifications do the rest.
import type { FastifyRequest } from 'fastify';
import { badRequest, ok } from '../../platform/http/envelope.js';
import { cents } from '../../platform/http/money.js';
import type { RoutePlugin } from '../../platform/http/route-plugin.js';
import { NOT_BLANK } from '../../platform/http/validation.js';
import { paymentProviderOf } from '../payments/index.js';
import { startRecharge } from '../wallets/recharge.js';
import { LAUNCHED_ANSWER, PAY_SCORE_ANSWER, REFUND_ANSWER } from './app-answers.js';
import { launchRental } from './app-rental.js';
import { PAY_MODE_DEPOSIT, PAY_MODE_SCORE, PAY_MODE_WALLET } from './order.js';
import { customerRefund } from './self-refund.js';
import { launchWalletRental } from './wallet-rental.js';

const TAGS = ['客户端支付'];
const equId = { type: 'string', pattern: '^[0-9]{1,16}$', description: '设备主键 (扫码所得)' } as const;

const launchBody = {
  type: 'object',
  required: ['purpose'],
  properties: {
    purpose: { type: 'string', enum: ['rent', 'recharge'], description: 'rent 租借押金 | recharge 钱包充值' },
    equId,
    payMode: { type: 'integer', enum: [1, 2], description: '租借支付方式: 1 押金 (默认) | 2 钱包余额, 仅 rent' },
    amount: cents({ label: '充值金额', en: 'Recharge amount' }, { description: '充值金额(分), 仅 recharge' }),
  },
} as const;

const refundBody = {
  type: 'object',
  required: ['orderId', 'amount', 'outRefundNo', 'reason'],
  properties: {
    orderId: { type: 'string', pattern: '^[0-9]{1,16}$', description: '订单主键' },
    amount: cents({ label: '退款金额', en: 'Refund amount' }),
    outRefundNo: {
      type: 'string',
      // C…: the customer's own, never meeting staff R… and finish F… numbers.
      pattern: '^C[0-9A-Za-z_|*@-]{5,63}$',
      description: '商户退款单号 (C 开头): 由客户端生成, 重复提交只退一次',
    },
    reason: { type: 'string', pattern: NOT_BLANK, maxLength: 80, description: '退款原因' },
  },
} as const;

/** The signed-in customer of a customer-app call. */
export const customerOf = (request: FastifyRequest): number => Number(request.user?.customerId);

export const customerPayRoutes: RoutePlugin = async (app) => {
  app.post(
    '/blade-system/pay/launch',
    {
      config: {
        access: 'customer',
        answer: LAUNCHED_ANSWER,
        fieldMessages: { purpose: '请选择支付用途' },
        fieldNames: { payMode: { label: '支付方式', en: 'Payment mode' } },
      },
      schema: { tags: TAGS, summary: '发起支付 (租借押金或钱包充值)', body: launchBody },
    },
    async (request) => {
      const { body } = request;
      if (body.purpose === 'recharge') {
        if (body.amount === undefined) throw badRequest('请输入充值金额');
        const recharge = await startRecharge(app.ctx, customerOf(request), body.amount);
        return ok({
          rechargeId: String(recharge.id),
          rechargeNo: recharge.rechargeNo,
          amount: body.amount,
          ...paymentProviderOf(app.ctx).payParams(recharge.prepayId),
        });
      }
      if (body.equId === undefined) throw badRequest('请选择设备');
      if (body.payMode === PAY_MODE_WALLET)
        return ok(await launchWalletRental(app.ctx, customerOf(request), Number(body.equId)));
      return ok(await launchRental(app.ctx, customerOf(request), Number(body.equId), PAY_MODE_DEPOSIT));
    },
  );

  app.post(
    '/blade-system/pay/payscore',
    {
      config: { access: 'customer', answer: PAY_SCORE_ANSWER, fieldMessages: { equId: '请选择设备' } },
      schema: {
        tags: TAGS,
        summary: '支付分免押租借',
        body: { type: 'object', required: ['equId'], properties: { equId } },
      },
    },
    async (request) => {
      const { equId: id } = request.body;
      return ok(await launchRental(app.ctx, customerOf(request), Number(id), PAY_MODE_SCORE));
    },
  );

  app.post(
    '/blade-system/pay/refund',
    {
      config: {
        access: 'customer',
        answer: REFUND_ANSWER,
        fieldMessages: {
          orderId: '请选择订单',
          amount: '请输入退款金额',
          outRefundNo: '请输入退款单号',
          reason: '请输入退款原因',
        },
        fieldNames: {
          orderId: { label: '订单', en: 'Order' },
          amount: { label: '退款金额', en: 'Refund amount' },
          outRefundNo: { label: '退款单号', en: 'Refund no.' },
          reason: { label: '退款原因', en: 'Reason' },
        },
      },
      schema: { tags: TAGS, summary: '申请退款 (自助退款, 仅本人订单)', body: refundBody },
    },
    async (request) => {
      const { body } = request;
      return ok(
        await customerRefund(app.ctx, request, customerOf(request), { ...body, orderId: Number(body.orderId) }),
      );
    },
  );
};
