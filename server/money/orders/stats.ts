// order/stats (menu order): the figures staff read above the order list, counted in the database over the orders the
// caller may see, so a million orders are never read to add them up.
import { sql } from 'kysely';
import { type ListQuery, listQuery } from '../../platform/engine/schemas.js';
import type { FieldSpec } from '../../platform/engine/types.js';
import { ok } from '../../platform/http/envelope.js';
import type { RoutePlugin } from '../../platform/http/route-plugin.js';
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

const count = (label: string, en: string): FieldSpec => ({ type: 'integer', label, en });
const cents = (label: string, en: string): FieldSpec => ({ type: 'integer', label, en, money: true });

/** The figures as the API document declares them. */
const statsRecord: Record<keyof OrderStats, FieldSpec> = {
  orders: count('订单总数', 'Orders'),
  inUse: count('使用中', 'In use'),
  abnormal: count('异常订单', 'Abnormal'),
  charged: cents('实收金额(分)', 'Kept (cents)'),
  paid: cents('支付金额(分)', 'Paid (cents)'),
  refunded: cents('已退金额(分)', 'Refunded (cents)'),
};

export const orderStatsRoutes: RoutePlugin = async (app) => {
  // The query is built from the order's fields at run time: its type is the list's.
  app.get<{ Querystring: ListQuery }>(
    '/blade-system/order/stats',
    {
      config: { access: { menu: 'order' }, record: statsRecord, answers: 'record' },
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
      const row = await (await orders.filtered(app.ctx, request, request.query))
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
