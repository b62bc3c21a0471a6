// home/data: the dashboard's figures. Flows (orders, net revenue, refunds, new customers) for today and
// yesterday, the first three from the daily figures (day-figures.ts); stocks (rentals running, equipment by state,
// pending withdrawals, open faults) as they are now. Each group counts what its list shows the caller, or is left
// out (null) when the caller lacks that list. A company (`deptId`) or a site (`siteId`) asked narrows every group
// that belongs to one, inside the caller's scope, never beyond it.
import type { FastifyRequest } from 'fastify';
import type { AliasedExpression, SelectQueryBuilder } from 'kysely';
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

/** A scalar subquery's count (or sum) as a number; a sum over no rows is null, read as 0. */
const numberOf = (value: unknown): number => Number(value ?? 0);

/**
 * The stocks and new customers the caller sees, each a scalar subquery of one statement: one trip to the database
 * (and one snapshot) for the whole row of cards, where one query per card kept the dashboard's call waiting seven
 * times for the pool under load. A card the caller lacks is left out of the statement.
 */
async function counts(
  ctx: AppContext,
  scopes: { orders?: ScopeWhere; problems?: ScopeWhere; customers: boolean; withdrawals: boolean },
  filter: HomeFilter,
  days: [Day, Day],
) {
  const { orders: orderScope, problems: problemScope } = scopes;
  const db = ctx.db;
  const newCustomers = (day: Day) =>
    db
      .selectFrom('biz_customer')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('isDeleted', '=', 0)
      .where('createTime', '>=', day.from)
      .where('createTime', '<', day.to);
  const pending = db.selectFrom('biz_withdrawal').where('isDeleted', '=', 0).where('state', '=', WITHDRAWAL_PENDING);
  const row = await db
    .selectNoFrom((eb) => {
      // A caller who sees none of these cards still asks a valid statement.
      const cards: AliasedExpression<unknown, string>[] = [eb.lit(1).as('one')];
      if (orderScope !== undefined) {
        let orders = scoped(db.selectFrom('biz_order'), orderScope);
        // An order carries its company's department, as the order list filters it.
        if (filter.deptId !== undefined) orders = orders.where('biz_order.deptId', '=', filter.deptId);
        if (filter.siteId !== undefined) orders = orders.where('biz_order.siteId', '=', filter.siteId);
        const running = orders
          .select((count) => count.fn.countAll<number>().as('count'))
          .where('isDeleted', '=', 0)
          .where('state', '=', ORDER_IN_USE);
        cards.push(running.as('activeRentals'));
      }
      if (scopes.customers)
        cards.push(newCustomers(days[0]).as('customersToday'), newCustomers(days[1]).as('customersYesterday'));
      if (scopes.withdrawals) {
        cards.push(
          pending.select((count) => count.fn.countAll<number>().as('count')).as('withdrawals'),
          pending.select((sum) => sum.fn.sum<number>('amount').as('sum')).as('withdrawalAmount'),
        );
      }
      if (problemScope !== undefined) {
        const open = bySite(ctx, scoped(db.selectFrom('biz_problem'), problemScope), filter)
          .select((count) => count.fn.countAll<number>().as('count'))
          .where('isDeleted', '=', 0)
          .where('problemState', '=', PROBLEM_PENDING);
        cards.push(open.as('openFaults'));
      }
      return cards;
    })
    .executeTakeFirstOrThrow();
  return row as Record<string, unknown>;
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
  // Three reads at once: the day figures, the equipment by state and every other card.
  const [flows, equipmentNow, counted] = await Promise.all([
    figures === undefined ? undefined : dayFlows(ctx, figures, [today, yesterday], filter),
    equScope === undefined ? null : equipment(ctx, equScope, filter),
    counts(ctx, { orders: orderScope, problems: problemScope, customers, withdrawals }, filter, [today, yesterday]),
  ]);
  // Customers and withdrawals belong to no department nor site: whoever sees the list sees them all, whatever the
  // filter (their cards say so).
  return {
    today: flows?.[0] ?? null,
    yesterday: flows?.[1] ?? null,
    activeRentals: orderScope === undefined ? null : numberOf(counted.activeRentals),
    newCustomers: customers
      ? { today: numberOf(counted.customersToday), yesterday: numberOf(counted.customersYesterday) }
      : null,
    equipment: equipmentNow,
    pendingWithdrawals: withdrawals
      ? { count: numberOf(counted.withdrawals), amount: numberOf(counted.withdrawalAmount) }
      : null,
    openFaults: problemScope === undefined ? null : numberOf(counted.openFaults),
  };
}
