// home/seven: orders, net revenue and refunds of the last seven days, today last, for the dashboard's chart.
// Empty (no days) when the caller lacks the order list.
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../platform/context.js';
import { orderFigureScope } from './access.js';
import { dayOf } from './days.js';
import { type DayFlows, dayFlows, type HomeFilter } from './home-data.js';

export async function homeSeven(
  ctx: AppContext,
  request: FastifyRequest,
  filter: HomeFilter = {},
  at = new Date(),
): Promise<DayFlows[]> {
  const scope = await orderFigureScope(request);
  if (scope === undefined) return [];
  return dayFlows(
    ctx,
    scope,
    [-6, -5, -4, -3, -2, -1, 0].map((offset) => dayOf(at, offset)),
    filter,
  );
}
