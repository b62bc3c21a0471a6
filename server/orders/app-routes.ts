// The customer app's payment calls, for a customer's token only (docs/orders-and-money.md, "The customer app"):
// pay/launch prepays a rental's deposit or a wallet recharge, pay/payscore rents without deposit on a pay-score
// service order. The provider's notifications do the rest.
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { CENTS_MAX } from '../business/rules.js';
import { badRequest, ok } from '../http/envelope.js';
import { startRecharge } from '../wallets/recharge.js';
import { launchRental } from './app-rental.js';
import { PAY_MODE_DEPOSIT, PAY_MODE_SCORE } from './order.js';

const TAGS = ['客户端支付'];
const equId = { type: 'string', pattern: '^[0-9]{1,16}$', description: '设备主键 (扫码所得)' };

const launchBody = {
  type: 'object',
  required: ['purpose'],
  properties: {
    purpose: { type: 'string', enum: ['rent', 'recharge'], description: 'rent 租借押金 | recharge 钱包充值' },
    equId,
    amount: { type: 'integer', minimum: 1, maximum: CENTS_MAX, description: '充值金额(分), 仅 recharge' },
  },
};

const customerOf = (request: FastifyRequest): number => Number(request.user?.customerId);

export const customerPayRoutes: FastifyPluginAsync = async (app) => {
  app.post(
    '/blade-system/pay/launch',
    {
      config: { access: 'customer', fieldMessages: { purpose: '请选择支付用途' } },
      schema: { tags: TAGS, summary: '发起支付 (租借押金或钱包充值)', body: launchBody },
    },
    async (request) => {
      const body = request.body as { purpose: 'rent' | 'recharge'; equId?: string; amount?: number };
      if (body.purpose === 'recharge') {
        if (body.amount === undefined) throw badRequest('请输入充值金额');
        const recharge = await startRecharge(app.ctx, customerOf(request), body.amount);
        return ok({
          rechargeId: String(recharge.id),
          rechargeNo: recharge.rechargeNo,
          amount: body.amount,
          package: `prepay_id=${recharge.prepayId}`,
        });
      }
      if (body.equId === undefined) throw badRequest('请选择设备');
      return ok(await launchRental(app.ctx, customerOf(request), Number(body.equId), PAY_MODE_DEPOSIT));
    },
  );

  app.post(
    '/blade-system/pay/payscore',
    {
      config: { access: 'customer', fieldMessages: { equId: '请选择设备' } },
      schema: {
        tags: TAGS,
        summary: '支付分免押租借',
        body: { type: 'object', required: ['equId'], properties: { equId } },
      },
    },
    async (request) => {
      const { equId: id } = request.body as { equId: string };
      return ok(await launchRental(app.ctx, customerOf(request), Number(id), PAY_MODE_SCORE));
    },
  );
};
