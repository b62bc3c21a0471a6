// home/map: every site the caller sees that has coordinates, with what happened there in the last 30 days, for the
// dashboard's map of China (sized by orders, a tooltip per site).
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context.js';
import { figureScope } from './access.js';
import { dayOf } from './days.js';
import { ORDER_IN_USE } from './home-data.js';
import { merchantEntry } from './merchant.js';
import { scoped } from './scoped.js';

export interface MapSite {
  siteId: string;
  siteName: string;
  siteKind: number;
  provinceCode: string | null;
  longitude: number;
  latitude: number;
  equipment: number;
  activeRentals: number;
  /** Orders created in the last 30 days, today included. */
  orders: number;
  /** Cents the merchant account gained from those orders. */
  revenue: number;
}

export const MAP_DAYS = 30;

export async function homeMap(ctx: AppContext, request: FastifyRequest, at = new Date()): Promise<MapSite[]> {
  const scope = await figureScope(request, 'site', 'deptId');
  if (scope === undefined) return [];
  const sites = await scoped(ctx.db.selectFrom('biz_site'), scope)
    .select(['id', 'siteName', 'siteKind', 'provinceCode', 'longitude', 'latitude'])
    .where('isDeleted', '=', 0)
    .where('longitude', 'is not', null)
    .where('latitude', 'is not', null)
    .execute();
  if (sites.length === 0) return [];
  const siteIds = sites.map((site) => site.id);
  const since = dayOf(at, 1 - MAP_DAYS).from;
  const ordersPerSite = ctx.db
    .selectFrom('biz_order')
    .select(['siteId', (eb) => eb.fn.countAll<number>().as('count')])
    .where('isDeleted', '=', 0)
    .where('siteId', 'in', siteIds)
    .groupBy('siteId');
  const [equipment, running, orders, revenue] = await Promise.all([
    ctx.db
      .selectFrom('biz_equ')
      .select(['siteId', (eb) => eb.fn.countAll<number>().as('count')])
      .where('isDeleted', '=', 0)
      .where('siteId', 'in', siteIds)
      .groupBy('siteId')
      .execute(),
    ordersPerSite.where('state', '=', ORDER_IN_USE).execute(),
    ordersPerSite.where('createTime', '>=', since).execute(),
    ctx.db
      .selectFrom('biz_ledger')
      .innerJoin('biz_order', 'biz_order.id', 'biz_ledger.orderId')
      .select(['biz_order.siteId', (eb) => eb.fn.sum<number>('biz_ledger.personDelta').as('sum')])
      .where(merchantEntry)
      .where('biz_order.siteId', 'in', siteIds)
      .where('biz_order.createTime', '>=', since)
      .groupBy('biz_order.siteId')
      .execute(),
  ]);
  const bySite = <T extends { siteId: number }>(rows: T[]) => new Map(rows.map((row) => [Number(row.siteId), row]));
  const equipmentOf = bySite(equipment);
  const runningOf = bySite(running);
  const ordersOf = bySite(orders);
  const revenueOf = bySite(revenue);
  return sites.map((site) => ({
    siteId: String(site.id),
    siteName: site.siteName,
    siteKind: Number(site.siteKind),
    provinceCode: site.provinceCode,
    longitude: Number(site.longitude),
    latitude: Number(site.latitude),
    equipment: Number(equipmentOf.get(Number(site.id))?.count ?? 0),
    activeRentals: Number(runningOf.get(Number(site.id))?.count ?? 0),
    orders: Number(ordersOf.get(Number(site.id))?.count ?? 0),
    revenue: Number(revenueOf.get(Number(site.id))?.sum ?? 0),
  }));
}
