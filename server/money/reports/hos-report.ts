// hos/report: per hospital and ward, over a range of days — beds, rentals, hours in use, utilisation, net revenue
// and refunds — from the daily figures of the wards' beds (day-figures.ts). hos/detail: the orders behind a
// row. A rental, its revenue and its refunds count in the range its order was created in; its minutes count on the
// days it was rented, and those of a rental still running are counted from the order up to now.
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../platform/context.js';
import { now } from '../../platform/db/time.js';
import { scopeWhere } from '../../platform/engine/scope.js';
import { minutesWithin, NOT_RENTED } from './day-figures.js';
import type { Day } from './days.js';
import { minutesBetween } from './days.js';
import { ORDER_IN_USE } from './home-data.js';
import { scoped } from './scoped.js';

export const HOSPITAL = 2;

export interface ReportRange {
  from: Day;
  to: Day;
  siteId?: number;
}

export interface WardRow {
  /** The row's key: the hospital and the ward, `siteId:ward`. */
  id: string;
  siteId: string;
  siteName: string;
  ward: string;
  beds: number;
  rentals: number;
  minutes: number;
  /** `minutes` in hours, to 0.1 h, as staff read time rented. */
  hours: number;
  /** Share of the beds' time in the range spent rented, as a ratio rounded to 0.1%. */
  utilisation: number;
  /** Cents the merchant account holds from these rentals: fees kept, less refunds. */
  revenue: number;
  refunds: number;
  refundAmount: number;
  /** The days the row covers (`yyyy-MM-dd`), so the orders behind it are asked for over the same range. */
  startDate: string;
  endDate: string;
}

interface WardBeds {
  siteId: number;
  ward: string;
  equIds: number[];
  beds: number;
}

/** The hospitals the caller sees (the report's data scope), with their wards' beds. */
async function wards(ctx: AppContext, request: FastifyRequest, range: ReportRange) {
  const scope = await scopeWhere(request, 'hos_report', 'deptId');
  let sites = scoped(ctx.db.selectFrom('biz_site'), scope)
    .select(['id', 'siteName'])
    .where('isDeleted', '=', 0)
    .where('siteKind', '=', HOSPITAL);
  if (range.siteId !== undefined) sites = sites.where('id', '=', range.siteId);
  const hospitals = await sites.orderBy('id').execute();
  const names = new Map(hospitals.map((site) => [Number(site.id), site.siteName]));
  if (hospitals.length === 0) return { names, wards: [] as WardBeds[] };
  const beds = await ctx.db
    .selectFrom('biz_bed')
    .innerJoin('biz_room', 'biz_room.id', 'biz_bed.roomId')
    .select(['biz_room.siteId', 'biz_room.ward', 'biz_bed.equId'])
    .where('biz_bed.isDeleted', '=', 0)
    .where('biz_room.isDeleted', '=', 0)
    .where('biz_room.siteId', 'in', [...names.keys()])
    .orderBy('biz_room.siteId')
    .orderBy('biz_room.ward')
    .execute();
  const byWard = new Map<string, WardBeds>();
  for (const bed of beds) {
    const key = `${bed.siteId}|${bed.ward}`;
    const ward = byWard.get(key) ?? { siteId: Number(bed.siteId), ward: bed.ward, equIds: [], beds: 0 };
    ward.beds += 1;
    if (bed.equId !== null) ward.equIds.push(Number(bed.equId));
    byWard.set(key, ward);
  }
  return { names, wards: [...byWard.values()] };
}

/** Rented orders of the hospitals created in the range. */
function rentedOrders(ctx: AppContext, siteIds: number[], range: ReportRange) {
  return ctx.db
    .selectFrom('biz_order')
    .where('biz_order.isDeleted', '=', 0)
    .where('biz_order.siteId', 'in', siteIds)
    .where('biz_order.createTime', '>=', range.from.from)
    .where('biz_order.createTime', '<', range.to.to)
    .where('biz_order.state', 'not in', NOT_RENTED)
    .where('biz_order.startTime', 'is not', null);
}

export async function hospitalReport(ctx: AppContext, request: FastifyRequest, range: ReportRange): Promise<WardRow[]> {
  const { names, wards: found } = await wards(ctx, request, range);
  if (found.length === 0) return [];
  const siteIds = [...names.keys()];
  const [figures, running] = await Promise.all([
    ctx.db
      .selectFrom('biz_day_figure')
      .select((eb) => [
        'equId',
        eb.fn.sum<number>('rentals').as('rentals'),
        eb.fn.sum<number>('minutes').as('minutes'),
        eb.fn.sum<number>('orderLedger').as('revenue'),
        eb.fn.sum<number>('orderRefunds').as('refunds'),
        eb.fn.sum<number>('orderRefundAmount').as('refundAmount'),
      ])
      .where('siteId', 'in', siteIds)
      .where('day', '>=', range.from.day)
      .where('day', '<=', range.to.day)
      .groupBy('equId')
      .execute(),
    // Minutes are kept once a rental ends; those still running are counted now.
    ctx.db
      .selectFrom('biz_order')
      .select(['equId', 'startTime'])
      .where('isDeleted', '=', 0)
      .where('siteId', 'in', siteIds)
      .where('state', '=', ORDER_IN_USE)
      .where('startTime', '<', range.to.to)
      .execute(),
  ]);
  const at = now();
  const perEqu = new Map(figures.map((row) => [Number(row.equId), row]));
  const runningMinutes = new Map<number, number>();
  for (const order of running) {
    if (!order.startTime) continue;
    const minutes = minutesWithin(order.startTime, at, range.from.from, range.to.to);
    runningMinutes.set(Number(order.equId), (runningMinutes.get(Number(order.equId)) ?? 0) + minutes);
  }
  const rangeMinutes = minutesBetween(range.from.from, range.to.to);
  return found.map((ward) => {
    const row: WardRow = {
      id: `${ward.siteId}:${ward.ward}`,
      siteId: String(ward.siteId),
      siteName: names.get(ward.siteId) ?? '',
      ward: ward.ward,
      beds: ward.beds,
      rentals: 0,
      minutes: 0,
      hours: 0,
      utilisation: 0,
      revenue: 0,
      refunds: 0,
      refundAmount: 0,
      startDate: range.from.day,
      endDate: range.to.day,
    };
    for (const equId of ward.equIds) {
      const kept = perEqu.get(equId);
      row.rentals += Number(kept?.rentals ?? 0);
      row.minutes += Number(kept?.minutes ?? 0) + (runningMinutes.get(equId) ?? 0);
      row.revenue += Number(kept?.revenue ?? 0);
      row.refunds += Number(kept?.refunds ?? 0);
      row.refundAmount += Number(kept?.refundAmount ?? 0);
    }
    row.hours = Math.round(row.minutes / 6) / 10;
    row.utilisation = ward.beds === 0 ? 0 : Math.round((row.minutes * 1000) / (ward.beds * rangeMinutes)) / 1000;
    return row;
  });
}

/** The equipment of one ward's beds in a hospital the caller sees; empty when there is none. */
export async function wardEquipment(
  ctx: AppContext,
  request: FastifyRequest,
  range: ReportRange & { siteId: number },
  ward: string,
): Promise<number[]> {
  const { wards: found } = await wards(ctx, request, range);
  return found.find((row) => row.ward === ward)?.equIds ?? [];
}

export { rentedOrders };
