// The daily figures recomputed from the orders, the merchant ledger and the refunds, by the same rules the writes
// follow (day-figures.ts): to rebuild the table in one transaction, or to check it and list where it differs.
import { type Kysely, SqliteAdapter, sql, type Transaction } from 'kysely';
import type { Database } from '../../platform/db/schema.js';
import { REFUND_AT_FINISH } from '../orders/refund-source.js';
import { MERCHANT } from '../wallets/ledger.js';
import {
  COUNTERS,
  type Counts,
  type FigureKey,
  minutesByDay,
  NOT_RENTED,
  REFUND_MOVING,
  REFUND_PAID_OUTSIDE,
} from './day-figures.js';

type Db = Kysely<Database> | Transaction<Database>;

export interface FigureRow extends FigureKey {
  counts: Counts;
}

export interface FigureDifference extends FigureKey {
  counter: string;
  kept: number;
  expected: number;
}

/** Rows per insert: 13 values each, well under SQLite's bound-parameter limit. */
const BATCH = 1000;
/** Finished rentals read per round when splitting minutes by day. */
const PAGE = 50_000;

const keyText = (key: FigureKey) => `${key.day}|${key.deptId}|${key.siteId}|${key.equId}`;

/** The `yyyy-MM-dd` of a stored time: its text on SQLite, formatted from the timestamp on PostgreSQL. */
function dayExpression(db: Db, column: string) {
  return db.getExecutor().adapter instanceof SqliteAdapter
    ? sql<string>`substr(${sql.ref(column)}, 1, 10)`
    : sql<string>`to_char(${sql.ref(column)}, 'YYYY-MM-DD')`;
}

interface Summed {
  day: string;
  dept: number;
  site: number;
  equ: number;
  n: number | null;
  /** Cents, or for orders the rentals among them. */
  sum: number | null;
}

/**
 * The finished rentals' minutes on each day they cover (`minutesByDay`), split here: read in pages by id, as SQLite
 * has no series of days to join a rental to.
 */
async function minutesSplitHere(db: Db, count: (row: Omit<Summed, 'n' | 'sum'>, minutes: number) => void) {
  for (let after = 0; ; ) {
    const ended = await db
      .selectFrom('biz_order')
      .select(['id', 'deptId', 'siteId', 'equId', 'startTime', 'endTime'])
      .where('isDeleted', '=', 0)
      .where('state', 'not in', NOT_RENTED)
      .where('startTime', 'is not', null)
      .where('endTime', 'is not', null)
      .where('id', '>', after)
      .orderBy('id')
      .limit(PAGE)
      .execute();
    for (const order of ended) {
      const place = { dept: order.deptId, site: order.siteId, equ: order.equId };
      for (const [day, minutes] of minutesByDay(String(order.startTime), String(order.endTime))) {
        count({ day, ...place }, minutes);
      }
    }
    if (ended.length < PAGE) break;
    after = Number(ended[ended.length - 1].id);
  }
}

/**
 * The same split done by PostgreSQL, summed per day and place: each rental joined to the calendar days from its start
 * to its end, the minutes of a day being the whole minutes up to the day's end (or the rental's) less those up to its
 * start — `minutesWithin` in SQL. Ten million rentals are never read into the server. Days are the stored times' own
 * (wall-clock), as the JavaScript split reads them in a zone without daylight saving (the servers' Asia/Shanghai).
 */
async function minutesSplitByPostgres(db: Db): Promise<Summed[]> {
  const { rows } = await sql<Summed>`
    select to_char(d, 'YYYY-MM-DD') as day, dept_id as dept, site_id as site, equ_id as equ, 0 as n, sum(minutes) as sum
    from (
      select o.dept_id, o.site_id, o.equ_id, d,
        floor(extract(epoch from least(d + interval '1 day', o.end_time) - o.start_time) / 60)
          - floor(extract(epoch from greatest(d, o.start_time) - o.start_time) / 60) as minutes
      from biz_order o
      cross join generate_series(date_trunc('day', o.start_time), o.end_time, interval '1 day') d
      where o.is_deleted = 0 and o.state not in (${sql.join(NOT_RENTED)})
        and o.start_time is not null and o.end_time is not null and d < o.end_time
    ) split
    where minutes > 0
    group by 1, 2, 3, 4`.execute(db);
  return rows;
}

/** Every counter of every row, worked out from the orders, ledger and refunds. */
export async function recomputeFigures(db: Db): Promise<Map<string, FigureRow>> {
  const rows = new Map<string, FigureRow>();
  const bump = (row: Omit<Summed, 'n' | 'sum'>, counts: Counts) => {
    const text = `${row.day}|${row.dept}|${row.site}|${row.equ}`;
    let figure = rows.get(text);
    if (!figure) {
      figure = { day: row.day, deptId: Number(row.dept), siteId: Number(row.site), equId: Number(row.equ), counts: {} };
      rows.set(text, figure);
    }
    for (const counter in counts) {
      const key = counter as keyof Counts;
      figure.counts[key] = (figure.counts[key] ?? 0) + Number(counts[key]);
    }
  };
  const add = (found: Summed[], counts: (row: Summed) => Counts) => {
    for (const row of found) bump(row, counts(row));
  };
  const orderDay = dayExpression(db, 'biz_order.createTime');
  const place = ['biz_order.deptId as dept', 'biz_order.siteId as site', 'biz_order.equId as equ'] as const;
  const orders = await db
    .selectFrom('biz_order')
    .select([orderDay.as('day'), ...place])
    .select((eb) => [
      eb.fn.countAll<number>().as('n'),
      // A rental is an order that started: not one never paid, nor one paid another amount (abnormal, never started).
      eb.fn
        .sum<number>(
          eb
            .case()
            .when(eb.or([eb('biz_order.state', 'in', NOT_RENTED), eb('biz_order.startTime', 'is', null)]))
            .then(0)
            .else(1)
            .end(),
        )
        .as('sum'),
    ])
    .where('biz_order.isDeleted', '=', 0)
    .groupBy([orderDay, 'biz_order.deptId', 'biz_order.siteId', 'biz_order.equId'])
    .execute();
  add(orders, (row) => ({ orders: Number(row.n), rentals: Number(row.sum) }));

  const ledger = (day: ReturnType<typeof dayExpression>) =>
    db
      .selectFrom('biz_ledger')
      .innerJoin('biz_order', 'biz_order.id', 'biz_ledger.orderId')
      .select([day.as('day'), ...place])
      .select((eb) => [eb.lit(0).as('n'), eb.fn.sum<number>('biz_ledger.personDelta').as('sum')])
      .where('biz_ledger.account', '=', MERCHANT)
      .where('biz_order.isDeleted', '=', 0)
      .groupBy([day, 'biz_order.deptId', 'biz_order.siteId', 'biz_order.equId'])
      .execute();
  add(await ledger(dayExpression(db, 'biz_ledger.createTime')), (row) => ({ ledger: Number(row.sum ?? 0) }));
  add(await ledger(orderDay), (row) => ({ orderLedger: Number(row.sum ?? 0) }));

  const refunds = (day: ReturnType<typeof dayExpression>) =>
    db
      .selectFrom('biz_refund')
      .innerJoin('biz_order', 'biz_order.id', 'biz_refund.orderId')
      .select([day.as('day'), ...place])
      .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.sum<number>('biz_refund.amount').as('sum')])
      .where('biz_refund.source', '<>', REFUND_AT_FINISH)
      .where((eb) =>
        eb.or([eb('biz_refund.status', 'in', REFUND_MOVING), eb('biz_refund.resolution', '=', REFUND_PAID_OUTSIDE)]),
      )
      .where('biz_order.isDeleted', '=', 0)
      .groupBy([day, 'biz_order.deptId', 'biz_order.siteId', 'biz_order.equId'])
      .execute();
  add(await refunds(dayExpression(db, 'biz_refund.createTime')), (row) => ({
    refunds: Number(row.n),
    refundAmount: Number(row.sum ?? 0),
  }));
  add(await refunds(orderDay), (row) => ({
    orderRefunds: Number(row.n),
    orderRefundAmount: Number(row.sum ?? 0),
  }));

  if (db.getExecutor().adapter instanceof SqliteAdapter) {
    await minutesSplitHere(db, (row, minutes) => bump(row, { minutes }));
  } else add(await minutesSplitByPostgres(db), (row) => ({ minutes: Number(row.sum ?? 0) }));
  return rows;
}

/** Replaces the whole table with the recomputation, in one transaction (the caller's, when given one). */
export async function rebuildFigures(db: Db): Promise<number> {
  const inTransaction = <T>(work: (trx: Transaction<Database>) => Promise<T>) =>
    db.isTransaction ? work(db as Transaction<Database>) : db.transaction().execute(work);
  return inTransaction(async (trx) => {
    // PostgreSQL: writers of figures wait until the rebuild commits, and the rebuild reads everything they had
    // committed before it, so no increment is lost or counted twice. SQLite has a single writer anyway.
    if (!(trx.getExecutor().adapter instanceof SqliteAdapter)) {
      await sql`lock table biz_day_figure in exclusive mode`.execute(trx);
    }
    await trx.deleteFrom('biz_day_figure').execute();
    const rows = [...(await recomputeFigures(trx)).values()].filter((row) =>
      COUNTERS.some((counter) => row.counts[counter]),
    );
    for (let start = 0; start < rows.length; start += BATCH) {
      await trx
        .insertInto('biz_day_figure')
        .values(
          rows.slice(start, start + BATCH).map(({ counts, ...key }) => ({
            ...key,
            ...Object.fromEntries(COUNTERS.map((counter) => [counter, counts[counter] ?? 0])),
          })),
        )
        .execute();
    }
    return rows.length;
  });
}

/** Where the table differs from a recomputation, counter by counter; empty when it agrees. */
export async function checkFigures(db: Kysely<Database>): Promise<FigureDifference[]> {
  let read = db.transaction();
  // One snapshot for both reads, so writes committing meanwhile show as no difference.
  if (!(db.getExecutor().adapter instanceof SqliteAdapter)) read = read.setIsolationLevel('repeatable read');
  return read.execute(async (trx) => {
    const expected = await recomputeFigures(trx);
    const kept = new Map<string, FigureRow>();
    for (const row of await trx.selectFrom('biz_day_figure').selectAll().execute()) {
      const key = { day: row.day, deptId: Number(row.deptId), siteId: Number(row.siteId), equId: Number(row.equId) };
      kept.set(keyText(key), {
        ...key,
        counts: Object.fromEntries(COUNTERS.map((counter) => [counter, Number(row[counter])])),
      });
    }
    const differences: FigureDifference[] = [];
    for (const text of new Set([...expected.keys(), ...kept.keys()])) {
      const { counts: _, ...key } = (expected.get(text) ?? kept.get(text)) as FigureRow;
      for (const counter of COUNTERS) {
        const had = kept.get(text)?.counts[counter] ?? 0;
        const should = expected.get(text)?.counts[counter] ?? 0;
        if (had !== should) differences.push({ ...key, counter, kept: had, expected: should });
      }
    }
    return differences.sort((a, b) => (keyText(a) < keyText(b) ? -1 : 1));
  });
}

/**
 * A database that held orders before the table existed starts with it empty: the first start after the upgrade
 * fills it, so the dashboard never shows zeros for a history it has. Answers whether it rebuilt.
 */
export async function fillFiguresOfEarlierOrders(db: Kysely<Database>): Promise<boolean> {
  const kept = await db.selectFrom('biz_day_figure').select('day').limit(1).executeTakeFirst();
  if (kept) return false;
  const order = await db.selectFrom('biz_order').select('id').limit(1).executeTakeFirst();
  if (!order) return false;
  await rebuildFigures(db);
  return true;
}
