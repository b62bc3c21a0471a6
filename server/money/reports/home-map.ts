// home/map: every site the caller sees that has coordinates, with what happened there in the last 30 days, for the
// dashboard's map of China (sized by orders, a tooltip per site). The 30 days come from the daily figures; the
// equipment and the rentals running are counted as they are now.
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../platform/context.js';
import { figureScope } from './access.js';
import { dayOf } from './days.js';
import { ORDER_IN_USE } from './home-data.js';
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
  const since = dayOf(at, 1 - MAP_DAYS).day;
  const [equipment, running, figures] = await Promise.all([
    ctx.db
      .selectFrom('biz_equ')
      .select(['siteId', (eb) => eb.fn.countAll<number>().as('count')])
      .where('isDeleted', '=', 0)
      .where('siteId', 'in', siteIds)
      .groupBy('siteId')
      .execute(),
    ctx.db
      .selectFrom('biz_order')
      .select(['siteId', (eb) => eb.fn.countAll<number>().as('count')])
      .where('isDeleted', '=', 0)
      .where('siteId', 'in', siteIds)
      .where('state', '=', ORDER_IN_USE)
      .groupBy('siteId')
      .execute(),
    ctx.db
      .selectFrom('biz_day_figure')
      .select((eb) => [
        'siteId',
        eb.fn.sum<number>('orders').as('orders'),
        eb.fn.sum<number>('orderLedger').as('revenue'),
      ])
      .where('siteId', 'in', siteIds)
      .where('day', '>=', since)
      .groupBy('siteId')
      .execute(),
  ]);
  const bySite = <T extends { siteId: number }>(rows: T[]) => new Map(rows.map((row) => [Number(row.siteId), row]));
  const equipmentOf = bySite(equipment);
  const runningOf = bySite(running);
  const figuresOf = bySite(figures);
  return sites.map((site) => ({
    siteId: String(site.id),
    siteName: site.siteName,
    siteKind: Number(site.siteKind),
    provinceCode: site.provinceCode,
    longitude: Number(site.longitude),
    latitude: Number(site.latitude),
    equipment: Number(equipmentOf.get(Number(site.id))?.count ?? 0),
    activeRentals: Number(runningOf.get(Number(site.id))?.count ?? 0),
    orders: Number(figuresOf.get(Number(site.id))?.orders ?? 0),
    revenue: Number(figuresOf.get(Number(site.id))?.revenue ?? 0),
  }));
}
