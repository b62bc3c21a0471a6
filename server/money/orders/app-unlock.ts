// The customer app's unlock, `POST /api/blade-system/rent/unlock`: the customer's own order in use, after its
// payment. The order decides whether the lock may open; the lock gateway (rental/locks/unlock.ts) opens it and
// records the attempt in the usual log as the console's unlock does.
import { ID_PATTERN } from '../../platform/engine/schemas.js';
import { badRequest, notFound } from '../../platform/http/envelope.js';
import type { RoutePlugin } from '../../platform/http/route-plugin.js';
import { CUSTOMER_UNLOCK_MESSAGES } from '../../rental/locks/gateway.js';
import { lockGatewayOf, sendUnlock, unlockedAnswer } from '../../rental/locks/unlock.js';
import { customerOf } from './app-routes.js';
import { ORDER_IN_USE } from './status.js';

export const customerUnlockRoutes: RoutePlugin = async (app) => {
  app.post(
    '/blade-system/rent/unlock',
    {
      config: {
        access: 'customer',
        // A lock already open lets the customer take the stroller too.
        answer: unlockedAnswer('RentalUnlocked', ['success', 'already_unlocked']),
        fieldMessages: { orderId: '请选择订单' },
        fieldNames: { orderId: { label: '订单', en: 'Order' } },
      },
      schema: {
        tags: ['客户端租借'],
        summary: '开锁 (本人使用中的订单, 支付成功后)',
        body: {
          type: 'object',
          required: ['orderId'],
          properties: { orderId: { type: 'string', pattern: ID_PATTERN, description: '订单主键' } },
        },
      },
    },
    async (request) => {
      const customerId = customerOf(request);
      const order = await app.ctx.db
        .selectFrom('biz_order')
        .select(['customerId', 'nickname', 'state', 'equId'])
        .where('id', '=', Number(request.body.orderId))
        .where('isDeleted', '=', 0)
        .executeTakeFirst();
      // Another customer's order answers as if it did not exist.
      if (!order || Number(order.customerId) !== customerId) throw notFound();
      if (Number(order.state) !== ORDER_IN_USE) throw badRequest('只有使用中的订单可以开锁');
      const row = await app.ctx.db
        .selectFrom('biz_equ')
        .select(['id', 'keyPair', 'lockNo', 'port'])
        .where('id', '=', Number(order.equId))
        .executeTakeFirst();
      if (!row?.lockNo) throw badRequest('该设备无法开锁, 请联系客服');
      const actor = `客户 ${(order.nickname ?? '').slice(0, 20)} #${customerId}`;
      const { outcome, durationMs } = await sendUnlock(app.ctx, lockGatewayOf(app.ctx), row, actor);
      const message = CUSTOMER_UNLOCK_MESSAGES[outcome.result];
      // Already open is what the customer wanted: the stroller can be taken.
      if (outcome.result !== 'success' && outcome.result !== 'already_unlocked') throw badRequest(message);
      const data = { keyPair: row.keyPair, result: outcome.result, durationMs };
      return { code: 200, success: true, data, msg: message };
    },
  );
};
