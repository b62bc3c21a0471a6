// home/seven: orders, net revenue and staff refunds of the last seven days, today last, for the dashboard's chart.
// Empty (no days) when the caller lacks the order list.
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context.js';
import { figureScope } from './access.js';
import { dayOf } from './days.js';
import { type DayFlows, dayFlows } from './home-data.js';
import { ORDER_DEPT } from './scoped.js';

export async function homeSeven(ctx: AppContext, request: FastifyRequest, at = new Date()): Promise<DayFlows[]> {
  const scope = await figureScope(request, 'order', ORDER_DEPT);
  if (scope === undefined) return [];
  const days: DayFlows[] = [];
  for (let offset = -6; offset <= 0; offset += 1) days.push(await dayFlows(ctx, scope, dayOf(at, offset)));
  return days;
}
