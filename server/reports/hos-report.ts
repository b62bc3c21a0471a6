// hos/report: per hospital and ward, over a range of days — beds, rentals, hours in use, utilisation, net revenue
// and staff refunds — from the same orders, ledger and refunds the lists show. hos/detail: the orders behind a row.
// A rental counts in the range its order was created in; a rental still running counts its time up to now.
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context.js';
import { now } from '../db/time.js';
import { scopeWhere } from '../engine/scope.js';
import { MERCHANT } from '../wallets/ledger.js';
import type { Day } from './days.js';
import { minutesBetween } from './days.js';
import { STAFF_REFUND } from './home-data.js';
import { scoped } from './scoped.js';

export const HOSPITAL = 2;
/** Orders never paid (awaiting payment, cancelled) are no rentals. */
export const NOT_RENTED = [0, 4];
const REFUND_CLOSED = 2;

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
  /** Cents the merchant account holds from these rentals: fees kept, less staff refunds. */
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
    .where('biz_order.state', 'not in', NOT_RENTED);
}

export async function hospitalReport(ctx: AppContext, request: FastifyRequest, range: ReportRange): Promise<WardRow[]> {
  const { names, wards: found } = await wards(ctx, request, range);
  if (found.length === 0) return [];
  const siteIds = [...names.keys()];
  const [orders, ledger, refunds] = await Promise.all([
    rentedOrders(ctx, siteIds, range).select(['equId', 'startTime', 'endTime']).execute(),
    rentedOrders(ctx, siteIds, range)
      .innerJoin('biz_ledger', 'biz_ledger.orderId', 'biz_order.id')
      .select(['biz_order.equId', (eb) => eb.fn.sum<number>('biz_ledger.personDelta').as('sum')])
      .where('biz_ledger.account', '=', MERCHANT)
      .groupBy('biz_order.equId')
      .execute(),
    rentedOrders(ctx, siteIds, range)
      .innerJoin('biz_refund', 'biz_refund.orderId', 'biz_order.id')
      .select([
        'biz_order.equId',
        (eb) => eb.fn.countAll<number>().as('count'),
        (eb) => eb.fn.sum<number>('biz_refund.amount').as('sum'),
      ])
      .where('biz_refund.outRefundNo', 'like', STAFF_REFUND)
      .where('biz_refund.status', '<>', REFUND_CLOSED)
      .groupBy('biz_order.equId')
      .execute(),
  ]);
  const at = now();
  const perEqu = new Map<number, { rentals: number; minutes: number }>();
  for (const order of orders) {
    const equ = perEqu.get(Number(order.equId)) ?? { rentals: 0, minutes: 0 };
    equ.rentals += 1;
    // Time past the range's end belongs to the next report.
    const stop = [order.endTime ?? at, range.to.to].sort()[0];
    if (order.startTime) equ.minutes += minutesBetween(order.startTime, stop);
    perEqu.set(Number(order.equId), equ);
  }
  const ledgerOf = new Map(ledger.map((row) => [Number(row.equId), Number(row.sum ?? 0)]));
  const refundsOf = new Map(refunds.map((row) => [Number(row.equId), row]));
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
      row.rentals += perEqu.get(equId)?.rentals ?? 0;
      row.minutes += perEqu.get(equId)?.minutes ?? 0;
      row.revenue += ledgerOf.get(equId) ?? 0;
      row.refunds += Number(refundsOf.get(equId)?.count ?? 0);
      row.refundAmount += Number(refundsOf.get(equId)?.sum ?? 0);
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
