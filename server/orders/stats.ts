// order/stats (menu order): the figures staff read above the order list, counted in the database over the orders the
// caller may see, so a million orders are never read to add them up.
import type { FastifyPluginAsync } from 'fastify';
import { sql } from 'kysely';
import { ok } from '../http/envelope.js';
import { orders } from './order.js';
import { ORDER_ABNORMAL, ORDER_IN_USE } from './status.js';

export interface OrderStats {
  orders: number;
  inUse: number;
  abnormal: number;
  /** Cents kept as fees: the sum of the orders' actAmount, whose -1 or null means "none yet". */
  charged: number;
}

export const orderStatsRoutes: FastifyPluginAsync = async (app) => {
  app.get(
    '/blade-system/order/stats',
    { config: { access: { menu: 'order' } }, schema: { tags: ['订单'], summary: '订单统计' } },
    async (request) => {
      const counted = (state: number) =>
        sql<string>`coalesce(sum(case when ${sql.ref('state')} = ${state} then 1 else 0 end), 0)`;
      const row = await (await orders.visible(app.ctx, request))
        .select([
          sql<string>`count(*)`.as('orders'),
          counted(ORDER_IN_USE).as('inUse'),
          counted(ORDER_ABNORMAL).as('abnormal'),
          sql<string>`coalesce(sum(case when ${sql.ref('actAmount')} > 0 then ${sql.ref('actAmount')} else 0 end), 0)`.as(
            'charged',
          ),
        ])
        .executeTakeFirstOrThrow();
      const figures = row as Record<keyof OrderStats, string | number>;
      return ok<OrderStats>({
        orders: Number(figures.orders),
        inUse: Number(figures.inUse),
        abnormal: Number(figures.abnormal),
        charged: Number(figures.charged),
      });
    },
  );
};
