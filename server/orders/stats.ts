// order/stats (menu order): the figures staff read above the order list, counted in the database over the orders the
// caller may see, so a million orders are never read to add them up.
import type { FastifyPluginAsync } from 'fastify';
import { sql } from 'kysely';
import { listQuery } from '../engine/schemas.js';
import { ok } from '../http/envelope.js';
import { ORDER_SEARCHES, orders } from './order.js';
import { ORDER_ABNORMAL, ORDER_IN_USE } from './status.js';

export interface OrderStats {
  orders: number;
  inUse: number;
  abnormal: number;
  /** Cents kept: the orders' paid less refunded once ended (`keptOf`), as the list's 实收金额 column. */
  charged: number;
  /** Cents paid and refunded over the same orders. */
  paid: number;
  refunded: number;
}

export const orderStatsRoutes: FastifyPluginAsync = async (app) => {
  app.get(
    '/blade-system/order/stats',
    {
      config: { access: { menu: 'order' } },
      schema: {
        tags: ['订单'],
        summary: '订单统计 (与订单列表相同的筛选条件)',
        querystring: listQuery(orders.fields, ORDER_SEARCHES),
      },
    },
    async (request) => {
      const money = (field: string) => sql`coalesce(${sql.ref(field)}, 0)`;
      const ended = sql`${sql.ref('endTime')} is not null`;
      const counted = (state: number) =>
        sql<string>`coalesce(sum(case when ${sql.ref('state')} = ${state} then 1 else 0 end), 0)`;
      const row = await (await orders.filtered(app.ctx, request, request.query as Record<string, unknown>))
        .select([
          sql<string>`count(*)`.as('orders'),
          counted(ORDER_IN_USE).as('inUse'),
          counted(ORDER_ABNORMAL).as('abnormal'),
          sql<string>`coalesce(sum(case when ${ended} and ${money('totalAmount')} > ${money('refundedAmount')} then ${money('totalAmount')} - ${money('refundedAmount')} else 0 end), 0)`.as(
            'charged',
          ),
          sql<string>`coalesce(sum(case when ${money('totalAmount')} > 0 then ${money('totalAmount')} else 0 end), 0)`.as(
            'paid',
          ),
          sql<string>`coalesce(sum(case when ${money('refundedAmount')} > 0 then ${money('refundedAmount')} else 0 end), 0)`.as(
            'refunded',
          ),
        ])
        .executeTakeFirstOrThrow();
      const figures = row as Record<keyof OrderStats, string | number>;
      return ok<OrderStats>({
        orders: Number(figures.orders),
        inUse: Number(figures.inUse),
        abnormal: Number(figures.abnormal),
        charged: Number(figures.charged),
        paid: Number(figures.paid),
        refunded: Number(figures.refunded),
      });
    },
  );
};
