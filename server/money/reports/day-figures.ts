// Daily figures (table biz_day_figure, docs/dashboard-and-reports.md): what the dashboard and the hospital report
// sum, kept per day, order department, site and equipment. Every write that changes a figure publishes what happened
// (server/money/events/) and `countInFigures` counts it in the writer's transaction, so the figures commit or roll
// back with the orders, ledger entries and refunds they count.
// Increments are single upserts (`on conflict … do update set x = x + excluded.x`), safe under concurrent writers on
// both databases. A write adds to the order's day before the event's, so writers of one equipment mostly take
// PostgreSQL's row locks in the same order. `figures-rebuild.ts` recomputes the same counters from the rows.
import type { Kysely, Transaction } from 'kysely';
import type { Database, DayFigureTable } from '../../platform/db/schema.js';
import type { MoneyEvent } from '../events/money-events.js';
import { REFUND_AT_FINISH } from '../orders/refund-source.js';
import { MERCHANT } from '../wallets/ledger.js';
import { dayOf, minutesBetween, momentOf } from './days.js';

export type Counter = Exclude<keyof DayFigureTable, 'day' | 'deptId' | 'siteId' | 'equId'>;
export type Counts = Partial<Record<Counter, number>>;

export const COUNTERS: Counter[] = [
  'orders',
  'rentals',
  'minutes',
  'ledger',
  'refunds',
  'refundAmount',
  'orderLedger',
  'orderRefunds',
  'orderRefundAmount',
];

/** Orders never paid (awaiting payment, cancelled) are no rentals. */
export const NOT_RENTED = [0, 4];
/** Refunds that moved money: processing, done (`biz_refund.status`), or failed and paid outside (`resolution`). */
export const REFUND_MOVING = [0, 1];
export const REFUND_PAID_OUTSIDE = 3;

export interface FigureKey {
  day: string;
  deptId: number;
  siteId: number;
  equId: number;
}

type Db = Kysely<Database> | Transaction<Database>;

/** `yyyy-MM-dd` of a stored `yyyy-MM-dd HH:mm:ss`: the stored texts are the server's local time already. */
export const dayOfStored = (stored: string): string => stored.slice(0, 10);

/** Adds to one row's counters, creating the row at zero first. */
export async function addFigures(db: Db, key: FigureKey, counts: Counts): Promise<void> {
  const counters = COUNTERS.filter((counter) => counts[counter]);
  if (counters.length === 0) return;
  await db
    .insertInto('biz_day_figure')
    .values({ ...key, ...counts })
    .onConflict((conflict) =>
      conflict
        .columns(['day', 'deptId', 'siteId', 'equId'])
        .doUpdateSet((eb) =>
          Object.fromEntries(
            counters.map((counter) => [
              counter,
              eb(eb.ref(`biz_day_figure.${counter}`), '+', eb.ref(`excluded.${counter}`)),
            ]),
          ),
        ),
    )
    .execute();
}

async function orderOf(trx: Transaction<Database>, orderId: number) {
  return trx
    .selectFrom('biz_order')
    .select(['deptId', 'siteId', 'equId', 'createTime', 'startTime', 'endTime'])
    .where('id', '=', orderId)
    .where('isDeleted', '=', 0)
    .executeTakeFirst();
}

const keyOf = (order: { deptId: number; siteId: number; equId: number }, day: string): FigureKey => ({
  day,
  deptId: Number(order.deptId),
  siteId: Number(order.siteId),
  equId: Number(order.equId),
});

/** A new order counts on the day it was created. */
export async function countOrderCreated(trx: Transaction<Database>, orderId: number): Promise<void> {
  const order = await orderOf(trx, orderId);
  if (order) await addFigures(trx, keyOf(order, dayOfStored(String(order.createTime))), { orders: 1 });
}

/** A paid (or confirmed pay-score) order is a rental of the day the order was created. */
export async function countRentalStarted(trx: Transaction<Database>, orderId: number): Promise<void> {
  const order = await orderOf(trx, orderId);
  if (order) await addFigures(trx, keyOf(order, dayOfStored(String(order.createTime))), { rentals: 1 });
}

/** A rental that has just ended (its end time written) adds its minutes to the days they were rented on. */
export async function countRentalEnded(trx: Transaction<Database>, orderId: number): Promise<void> {
  const order = await orderOf(trx, orderId);
  if (!order?.startTime || !order.endTime) return;
  for (const [day, minutes] of minutesByDay(order.startTime, order.endTime)) {
    await addFigures(trx, keyOf(order, day), { minutes });
  }
}

/** A merchant ledger entry of an order: on the entry's day for the dashboard, on the order's for the reports. */
export async function countMerchantEntry(
  trx: Transaction<Database>,
  orderId: number,
  delta: number,
  at: string,
): Promise<void> {
  const order = await orderOf(trx, orderId);
  if (!order) return;
  await addFigures(trx, keyOf(order, dayOfStored(String(order.createTime))), { orderLedger: delta });
  await addFigures(trx, keyOf(order, dayOfStored(at)), { ledger: delta });
}

/**
 * A staff or customer refund launched (`sign` 1, on the day it is launched), closed or abnormal unpaid (`sign` -1,
 * taken off the day it was launched), or such a failed one paid outside the console (`sign` 1 again, on the day it
 * was launched); the rest of a deposit going back counts nothing.
 */
export async function countRefund(
  trx: Transaction<Database>,
  refund: { orderId: number; source: number; amount: number; createTime: string },
  sign: 1 | -1,
): Promise<void> {
  if (refund.source === REFUND_AT_FINISH) return;
  const order = await orderOf(trx, refund.orderId);
  if (!order) return;
  const amount = sign * refund.amount;
  await addFigures(trx, keyOf(order, dayOfStored(String(order.createTime))), {
    orderRefunds: sign,
    orderRefundAmount: amount,
  });
  await addFigures(trx, keyOf(order, dayOfStored(refund.createTime)), { refunds: sign, refundAmount: amount });
}

/** What each event of money adds to the figures; subscribed by the money routes when the app is built. */
export async function countInFigures(trx: Transaction<Database>, event: MoneyEvent): Promise<void> {
  if (event.kind === 'order_created') await countOrderCreated(trx, event.orderId);
  else if (event.kind === 'rental_started') await countRentalStarted(trx, event.orderId);
  else if (event.kind === 'rental_ended') await countRentalEnded(trx, event.orderId);
  else if (event.kind === 'refund_launched') await countRefund(trx, event.refund, 1);
  else if (event.kind === 'refund_closed') await countRefund(trx, event.refund, -1);
  else if (event.kind === 'refund_paid_outside') await countRefund(trx, event.refund, 1);
  // The merchant's movements of an order: its fee, refunds and splits.
  else if (event.account === MERCHANT && event.orderId !== undefined)
    await countMerchantEntry(trx, event.orderId, event.delta, event.at);
}

const MINUTE_MS = 60_000;

/**
 * The whole minutes of [start, end) that fall in [from, to), counted from the start: the minutes of adjacent pieces
 * add up to the whole rental's, as order lists show it (a rental of 59.5 minutes is 59 minutes, wherever midnight is).
 */
export function minutesWithin(start: string, end: string, from: string, to: string): number {
  const begin = momentOf(start).getTime();
  const stop = momentOf(end).getTime();
  const upTo = (stored: string) =>
    Math.max(0, Math.floor((Math.min(momentOf(stored).getTime(), stop) - begin) / MINUTE_MS));
  return Math.max(0, upTo(to) - upTo(from < start ? start : from));
}

/** A rental's minutes on each calendar day it covers, in order; days with no whole minute are left out. */
export function minutesByDay(start: string, end: string): Array<[string, number]> {
  // Most rentals start and end on one day.
  if (dayOfStored(start) === dayOfStored(end)) {
    const minutes = minutesBetween(start, end);
    return minutes > 0 ? [[dayOfStored(start), minutes]] : [];
  }
  const days: Array<[string, number]> = [];
  for (let day = dayOf(momentOf(start)); day.from < end; day = dayOf(momentOf(day.to))) {
    const minutes = minutesWithin(start, end, day.from, day.to);
    if (minutes > 0) days.push([day.day, minutes]);
  }
  return days;
}
