// home/data: the dashboard's figures. Flows (orders, net revenue, refunds, new customers) for today and
// yesterday, the first three from the daily figures (day-figures.ts); stocks (rentals running, equipment by state,
// pending withdrawals, open faults) as they are now. Each group counts what its list shows the caller, or is left
// out (null) when the caller lacks that list. A company (`deptId`) or a site (`siteId`) asked narrows every group
// that belongs to one, inside the caller's scope, never beyond it.
import type { FastifyRequest } from 'fastify';
import type { SelectQueryBuilder } from 'kysely';
import type { AppContext } from '../../platform/context.js';
import type { ScopeWhere } from '../../platform/engine/scope.js';
import { figureScope, orderFigureScope, seesList } from './access.js';
import { type Day, dayOf } from './days.js';
import { ORDER_DEPT, SITE_DEPT, scoped } from './scoped.js';

export const ORDER_IN_USE = 1;
const EQU = { idle: 1, inUse: 2, fault: 3, offline: 4, disabled: 5 } as const;
const PROBLEM_PENDING = 1;
const WITHDRAWAL_PENDING = 0;

export interface DayFlows {
  day: string;
  orders: number;
  /** Cents the merchant account gained that day: fees kept, less refunds, plus refunds that closed unpaid. */
  revenue: number;
  /** Cents kept from the orders created that day, net of their refunds: the order list's 实收金额 for that day. */
  charged: number;
  refunds: number;
  refundAmount: number;
}

export interface HomeData {
  today: DayFlows | null;
  yesterday: DayFlows | null;
  activeRentals: number | null;
  newCustomers: { today: number; yesterday: number } | null;
  equipment: { total: number; online: number; inUse: number; fault: number; utilisation: number } | null;
  pendingWithdrawals: { count: number; amount: number } | null;
  openFaults: number | null;
}

/** The dashboard narrowed to a company (its department) or a site; nothing asked is everything in scope. */
export interface HomeFilter {
  deptId?: number;
  siteId?: number;
}

/** Orders, net revenue and refunds of each day asked, from the daily figures, in the order asked. */
export async function dayFlows(
  ctx: AppContext,
  scope: ScopeWhere,
  days: Day[],
  filter: HomeFilter = {},
): Promise<DayFlows[]> {
  let query = scoped(ctx.db.selectFrom('biz_day_figure'), scope);
  if (filter.deptId !== undefined) query = query.where('deptId', '=', filter.deptId);
  if (filter.siteId !== undefined) query = query.where('siteId', '=', filter.siteId);
  const rows = await query
    .select((eb) => [
      'day',
      eb.fn.sum<number>('orders').as('orders'),
      eb.fn.sum<number>('ledger').as('revenue'),
      eb.fn.sum<number>('orderLedger').as('charged'),
      eb.fn.sum<number>('refunds').as('refunds'),
      eb.fn.sum<number>('refundAmount').as('refundAmount'),
    ])
    .where(
      'day',
      'in',
      days.map((day) => day.day),
    )
    .groupBy('day')
    .execute();
  const byDay = new Map(rows.map((row) => [row.day, row]));
  return days.map((day) => {
    const row = byDay.get(day.day);
    return {
      day: day.day,
      orders: Number(row?.orders ?? 0),
      revenue: Number(row?.revenue ?? 0),
      charged: Number(row?.charged ?? 0),
      refunds: Number(row?.refunds ?? 0),
      refundAmount: Number(row?.refundAmount ?? 0),
    };
  });
}

async function newCustomers(ctx: AppContext, day: Day): Promise<number> {
  const row = await ctx.db
    .selectFrom('biz_customer')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('isDeleted', '=', 0)
    .where('createTime', '>=', day.from)
    .where('createTime', '<', day.to)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Rows of a table that carries its site (`biz_equ`, `biz_problem`, `biz_order`) narrowed to the company or site asked. */
// biome-ignore lint/suspicious/noExplicitAny: the condition names only siteId, which each of those tables carries
function bySite<Q extends SelectQueryBuilder<any, any, any>>(ctx: AppContext, query: Q, filter: HomeFilter): Q {
  let narrowed = query;
  if (filter.siteId !== undefined) narrowed = narrowed.where('siteId', '=', filter.siteId) as Q;
  if (filter.deptId !== undefined) {
    const sites = ctx.db.selectFrom('biz_site').select('biz_site.id').where('biz_site.deptId', '=', filter.deptId);
    narrowed = narrowed.where('siteId', 'in', sites) as Q;
  }
  return narrowed;
}

async function equipment(ctx: AppContext, scope: ScopeWhere, filter: HomeFilter): Promise<HomeData['equipment']> {
  const rows = await bySite(ctx, scoped(ctx.db.selectFrom('biz_equ'), scope), filter)
    .select(['equState', (eb) => eb.fn.countAll<number>().as('count')])
    .where('isDeleted', '=', 0)
    .groupBy('equState')
    .execute();
  const count = (state: number) => Number(rows.find((row) => Number(row.equState) === state)?.count ?? 0);
  const total = rows.reduce((sum, row) => sum + Number(row.count), 0);
  const inUse = count(EQU.inUse);
  const rentable = count(EQU.idle) + inUse;
  return {
    total,
    online: total - count(EQU.offline) - count(EQU.disabled),
    inUse,
    fault: count(EQU.fault),
    // Share of the rentable equipment (idle or out) that is out now, as a ratio rounded to 0.1%.
    utilisation: rentable === 0 ? 0 : Math.round((inUse * 1000) / rentable) / 1000,
  };
}

export async function homeData(
  ctx: AppContext,
  request: FastifyRequest,
  filter: HomeFilter = {},
  at = new Date(),
): Promise<HomeData> {
  const [orderScope, figures, equScope, problemScope, customers, withdrawals] = await Promise.all([
    figureScope(request, 'order', ORDER_DEPT),
    orderFigureScope(request),
    figureScope(request, 'equ', SITE_DEPT),
    figureScope(request, 'problem', SITE_DEPT),
    seesList(request, 'customer'),
    seesList(request, 'withdrawal'),
  ]);
  const today = dayOf(at);
  const yesterday = dayOf(at, -1);
  const data: HomeData = {
    today: null,
    yesterday: null,
    activeRentals: null,
    newCustomers: null,
    equipment: null,
    pendingWithdrawals: null,
    openFaults: null,
  };
  if (figures !== undefined) [data.today, data.yesterday] = await dayFlows(ctx, figures, [today, yesterday], filter);
  if (orderScope !== undefined) {
    let orders = scoped(ctx.db.selectFrom('biz_order'), orderScope);
    // An order carries its company's department, as the order list filters it.
    if (filter.deptId !== undefined) orders = orders.where('biz_order.deptId', '=', filter.deptId);
    if (filter.siteId !== undefined) orders = orders.where('biz_order.siteId', '=', filter.siteId);
    const running = await orders
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('isDeleted', '=', 0)
      .where('state', '=', ORDER_IN_USE)
      .executeTakeFirstOrThrow();
    data.activeRentals = Number(running.count);
  }
  // Customers and withdrawals belong to no department nor site: whoever sees the list sees them all, whatever the
  // filter (their cards say so).
  if (customers)
    data.newCustomers = { today: await newCustomers(ctx, today), yesterday: await newCustomers(ctx, yesterday) };
  if (equScope !== undefined) data.equipment = await equipment(ctx, equScope, filter);
  if (withdrawals) {
    const pending = await ctx.db
      .selectFrom('biz_withdrawal')
      .select((eb) => [eb.fn.countAll<number>().as('count'), eb.fn.sum<number>('amount').as('sum')])
      .where('isDeleted', '=', 0)
      .where('state', '=', WITHDRAWAL_PENDING)
      .executeTakeFirstOrThrow();
    data.pendingWithdrawals = { count: Number(pending.count), amount: Number(pending.sum ?? 0) };
  }
  if (problemScope !== undefined) {
    const open = await bySite(ctx, scoped(ctx.db.selectFrom('biz_problem'), problemScope), filter)
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('isDeleted', '=', 0)
      .where('problemState', '=', PROBLEM_PENDING)
      .executeTakeFirstOrThrow();
    data.openFaults = Number(open.count);
  }
  return data;
}
