// The customer app's "my orders": `GET /api/blade-system/rent/orders`, the signed-in customer's own rentals, newest
// first, in BladeX's page shape. Only what the customer may read leaves: no department, payment numbers or phone.
import type { RecordFields } from '../../platform/docs/record.js';
import { pageOf } from '../../platform/engine/resource.js';
import { pageQuery } from '../../platform/engine/schemas.js';
import { ok } from '../../platform/http/envelope.js';
import type { RoutePlugin } from '../../platform/http/route-plugin.js';
import { customerOf } from './app-routes.js';
import { orders } from './order.js';

/** The order's columns the customer sees: where, what, the price plan it runs on, the money and the times. */
const SHOWN = [
  'id',
  'outTradeNo',
  'keyPair',
  'siteName',
  'payMode',
  'freeMinutes',
  'firstMinutes',
  'firstPrice',
  'unitMinutes',
  'unitPrice',
  'dailyCap',
  'amount',
  'totalAmount',
  'actAmount',
  'refundedAmount',
  'startTime',
  'endTime',
  'description',
  'state',
  'createTime',
] as const;

/** A row as the orders' record declares it: the columns shown, and the amount kept that the record works out. */
const MY_ORDER: RecordFields = Object.fromEntries([...SHOWN, 'keptAmount'].map((name) => [name, orders.record[name]]));

export const customerOrderRoutes: RoutePlugin = async (app) => {
  app.get(
    '/blade-system/rent/orders',
    {
      config: { access: 'customer', record: MY_ORDER },
      schema: { tags: ['客户端租借'], summary: '我的订单 (本人, 最新在前)', querystring: pageQuery },
    },
    async (request) => {
      const { current, size } = request.query;
      const mine = app.ctx.db
        .selectFrom('biz_order')
        .where('customerId', '=', customerOf(request))
        .where('isDeleted', '=', 0);
      const counted = await mine.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow();
      const rows = await mine
        .select(SHOWN)
        .orderBy('createTime', 'desc')
        .orderBy('id', 'desc')
        .limit(size)
        .offset((current - 1) * size)
        .execute();
      return ok(
        pageOf(
          rows.map((row) => orders.toWire(row as never)),
          Number(counted.count),
          current,
          size,
        ),
      );
    },
  );
};
