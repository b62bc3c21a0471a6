// A large demo history on PostgreSQL (`seed:demo -- --orders N`, the bench's BENCH_ORDERS): after the detailed
// generator's first orders (demo-orders.ts: every state, the running rentals, payments, splits, wallet rentals), the
// rest is written by the database itself — generate_series drawing equipment, customer, state and duration per row,
// the deposit refunds and the merchant's ledger derived from the orders by insert … select — with the tables'
// secondary indexes dropped during the load and built once after it, so ten million orders take minutes, not hours
// (docs/orders-and-money.md, "A large history").
import { type Kysely, PostgresAdapter, sql, type Transaction } from 'kysely';
import type { Database } from '../platform/db/schema.js';
import type { OrderPlan } from './demo-orders.js';
import { DAY_MS, type Db, inTransaction } from './demo-rows.js';

/** Orders per statement: large enough for few round trips, small enough to keep one statement's work in memory. */
const CHUNK = 500_000;
/** Tables the load fills, whose secondary indexes are rebuilt once after it. */
const LOADED = ['biz_order', 'biz_refund', 'biz_ledger'];
/** Larger histories than this go through the bulk path; the detailed generator writes this many of them first. */
export const BULK_FROM = 20_000;
/** Same epoch and layout as db/ids.ts. */
const EPOCH = Date.UTC(2024, 0, 1);

interface Index {
  name: string;
  definition: string;
}

/** The secondary indexes of the loaded tables that no constraint owns (primary keys and unique constraints stay). */
async function secondaryIndexes(trx: Transaction<Database>): Promise<Index[]> {
  const { rows } = await sql<Index>`
    select i.indexname as name, i.indexdef as definition
    from pg_indexes i
    join pg_class c on c.relname = i.indexname
    where i.schemaname = current_schema() and i.tablename in (${sql.join(LOADED)})
      and not exists (select 1 from pg_constraint k where k.conindid = c.oid)`.execute(trx);
  return rows;
}

/** The equipment and customers drawn from, as temporary tables numbered from 1. */
async function stageChoices(trx: Transaction<Database>, plan: OrderPlan): Promise<{ equ: number; customers: number }> {
  const equipment = plan.places.flatMap((place) => place.equipment.map((equ) => ({ place, equ })));
  await sql`create temporary table bulk_equ on commit drop as
    select * from unnest(
      ${equipment.map(({ equ }) => equ.id)}::bigint[], ${equipment.map(({ equ }) => equ.keyPair)}::text[],
      ${equipment.map(({ equ }) => equ.typeId)}::bigint[], ${equipment.map(({ equ }) => equ.deposit)}::bigint[],
      ${equipment.map(({ place }) => place.siteId)}::bigint[], ${equipment.map(({ place }) => place.siteName)}::text[],
      ${equipment.map(({ place }) => place.deptId)}::bigint[], ${equipment.map(({ place }) => place.deptName)}::text[],
      ${equipment.map(({ equ }) => equ.plan.freeMinutes)}::int[], ${equipment.map(({ equ }) => equ.plan.firstMinutes)}::int[],
      ${equipment.map(({ equ }) => equ.plan.firstPrice)}::bigint[], ${equipment.map(({ equ }) => equ.plan.unitMinutes)}::int[],
      ${equipment.map(({ equ }) => equ.plan.unitPrice)}::bigint[], ${equipment.map(({ equ }) => equ.plan.dailyCap)}::bigint[],
      ${equipment.map(({ equ }) => equ.minutes[0])}::int[], ${equipment.map(({ equ }) => equ.minutes[1])}::int[]
    ) with ordinality as e(equ_id, key_pair, type_id, deposit, site_id, site_name, dept_id, dept_name, free_minutes,
      first_minutes, first_price, unit_minutes, unit_price, daily_cap, shortest, longest, n)`.execute(trx);
  await sql`create temporary table bulk_customer on commit drop as
    select * from unnest(
      ${plan.customers.map((customer) => customer.id)}::bigint[],
      ${plan.customers.map((customer) => customer.nickName)}::text[],
      ${plan.customers.map((customer) => customer.phoneNumber)}::text[]
    ) with ordinality as c(customer_id, nickname, phone_number, n)`.execute(trx);
  // Without statistics the planner takes these for a few rows and joins them to each chunk by sorting it.
  await sql`analyze bulk_equ`.execute(trx);
  await sql`analyze bulk_customer`.execute(trx);
  return { equ: equipment.length, customers: plan.customers.length };
}

/**
 * Orders `from`..`to` of `count`: completed, refunded, abnormal and cancelled in the detailed generator's proportions
 * (the states that last minutes — awaiting payment, settling, refunding — are the last hours' and come from it),
 * spread over the days asked, oldest first; every fifth on a pay-score service order.
 */
function ordersSql(range: { from: number; to: number; count: number; days: number; base: number; now: number }) {
  const { from, to, count, days, base, now } = range;
  const nowAt = sql.lit(new Date(now).toISOString().slice(0, 23).replace('T', ' '));
  return sql`
    insert into biz_order (id, out_trade_no, transaction_id, customer_id, nickname, phone_number, equ_id, key_pair,
      site_id, site_name, dept_id, dept_name, type_id, pay_mode, free_minutes, first_minutes, first_price, unit_minutes,
      unit_price, daily_cap, amount, total_amount, act_amount, refunded_amount, refund_state, start_time, end_time,
      description, state, success_time, trade_state_desc, create_time)
    with drawn as (
      select g, ${sql.lit(base)}::bigint + g as id, g % 5 = 4 as scored,
        1 + floor(random() * (select count(*) from bulk_equ))::int as e,
        1 + floor(random() * (select count(*) from bulk_customer))::int as c,
        random() as roll, random() as span, random() as late
      from generate_series(${sql.lit(from)}::bigint, ${sql.lit(to)}::bigint) g
    ), shaped as (
      select d.*, e.*, c.customer_id, c.nickname, c.phone_number,
        case when roll < 0.849 then 3 when roll < 0.909 then 6 when roll < 0.949 then 7 else 4 end as state,
        e.shortest + floor(span * (e.longest - e.shortest))::int as minutes
      from drawn d join bulk_equ e on e.n = d.e join bulk_customer c on c.n = d.c
    ), timed as (
      select s.*, s.state <> 4 as ended, s.state in (3, 6) as collected,
        date_trunc('second', least(
          ${nowAt}::timestamp - make_interval(secs => ${sql.lit(days * 86_400)} * (1 - (g + late) / ${sql.lit(count)}::float8)
            + late * 8 * 3600),
          ${nowAt}::timestamp - make_interval(mins => minutes + 1)
        )) as started,
        case when minutes <= free_minutes then 0 else least(deposit, coalesce(daily_cap, deposit),
          first_price + ceil(greatest(0, minutes - first_minutes)::numeric / unit_minutes)::bigint * unit_price) end as fee
      from shaped s
    ), paid as (
      select t.*, case when scored then collected else state <> 4 end as paid from timed t
    )
    select id, 'D' || id, case when paid then '4200' || id end, customer_id, nickname, phone_number, equ_id, key_pair,
      site_id, site_name, dept_id, dept_name, type_id, case when scored then 3 else 1 end, free_minutes, first_minutes,
      first_price, unit_minutes, unit_price, daily_cap, deposit,
      case when not paid then 0 when scored then fee else deposit end,
      case when ended then fee end,
      case when not ended then 0 else (case when scored or state = 7 then 0 else deposit - fee end)
        + (case when state = 6 then fee else 0 end) end,
      case when scored or not ended or (deposit <= fee and state <> 6) then null when state = 7 then 3 else 1 end,
      started, case when ended then started + make_interval(mins => minutes) end,
      case when ended then
        case when minutes >= 60 then (minutes / 60) || '小时' else '' end
        || case when minutes % 60 > 0 or minutes < 60 then (minutes % 60) || '分钟' else '' end
      end,
      state,
      case when paid then case when scored then started + make_interval(mins => minutes) else started end end,
      case when scored then (array['待确认', '已确认免押', '已确认免押', '支付成功', '用户已取消', '支付成功', '支付成功', '扣款失败'])[state + 1]
        when paid then '支付成功' else '已关闭' end,
      started
    from paid`;
}

/** The refunds and merchant ledger entries of the orders just written (`written`), as the detailed generator writes them. */
function moneySql(count: number) {
  const orders = sql`from written where true`;
  const id = (kind: number) => sql.raw(`id + ${kind * count}`);
  return [
    // The rest of a deposit at finish: done, or abnormal when the order is.
    sql`insert into biz_refund (id, order_id, out_trade_no, transaction_id, out_refund_no, refund_id, amount, reason,
        channel, user_received_account, status, source, success_time, phone_number, resolution, create_time)
      select ${id(1)}, id, out_trade_no, transaction_id, 'F' || out_trade_no, '5030' || id || 'F', amount - act_amount,
        '订单结束, 退还剩余押金', 'ORIGINAL', '招商银行信用卡0403', case when state = 7 then 3 else 1 end, 2,
        case when state <> 7 then end_time end, phone_number, case when state = 7 then 0 end, end_time
      ${orders} and pay_mode = 1 and end_time is not null and amount > act_amount`,
    // Staff refunding the fee of a faulty rental.
    sql`insert into biz_refund (id, order_id, out_trade_no, transaction_id, out_refund_no, refund_id, amount, reason,
        channel, user_received_account, status, source, success_time, phone_number, create_time)
      select ${id(2)}, id, out_trade_no, transaction_id, 'R' || out_trade_no, '5030' || id || 'R', act_amount,
        '设备故障补偿', 'ORIGINAL', '招商银行信用卡0403', 1, 1, end_time, phone_number, end_time
      ${orders} and state = 6 and act_amount > 0`,
    // An abnormal rest of a deposit reached nobody: the merchant's ledger takes it back until staff resolve it.
    sql`insert into biz_ledger (id, account, kind, biz_no, person_delta, plat_delta, order_id, create_time)
      select ${id(5)}, 0, 'refund_back', 'F' || out_trade_no, amount - act_amount, 0, id, end_time
      ${orders} and pay_mode = 1 and state = 7 and end_time is not null and amount > act_amount`,
    sql`insert into biz_ledger (id, account, kind, biz_no, person_delta, plat_delta, order_id, create_time)
      select ${id(3)}, 0, 'order_fee', out_trade_no, act_amount, 0, id, end_time
      ${orders} and end_time is not null and total_amount > 0`,
    sql`insert into biz_ledger (id, account, kind, biz_no, person_delta, plat_delta, order_id, create_time)
      select ${id(4)}, 0, 'refund', 'R' || out_trade_no, -act_amount, 0, id, end_time
      ${orders} and state = 6 and act_amount > 0`,
  ];
}

/**
 * Orders `from`..`to` and their money in one statement: the refunds and ledger entries are inserted from the rows the
 * order insert returns, so each chunk is read once rather than once more per kind of entry.
 */
function chunkSql(range: { from: number; to: number; count: number; days: number; base: number; now: number }) {
  const [depositBack, staffRefund, heldBack, fee, feeRefund] = moneySql(range.count + 1);
  return sql`
    with written as (${ordersSql(range)}
      returning id, out_trade_no, transaction_id, state, pay_mode, end_time, amount, act_amount, total_amount,
        phone_number),
    deposit_back as (${depositBack}), staff_refund as (${staffRefund}), held_back as (${heldBack}), fee as (${fee})
    ${feeRefund}`;
}

/** Writes `plan.count` orders with their refunds and ledger entries in one transaction; answers how many. */
export async function writeOrdersInBulk(db: Db, plan: OrderPlan): Promise<number> {
  const { count, days } = plan;
  const now = Date.now();
  // Ids from a stretch of the id space just before the history begins, which no live writer reaches again.
  const base = (now - (days + 2) * DAY_MS - EPOCH) * 4096;
  return inTransaction(db, async (trx) => {
    await sql`set local maintenance_work_mem = '256MB'`.execute(trx);
    // Each statement is run once over half a million rows: compiling it to machine code (JIT) took longer than the
    // rows themselves, a fixed cost paid again by every chunk.
    await sql`set local jit = off`.execute(trx);
    const indexes = await secondaryIndexes(trx);
    for (const index of indexes) await sql`drop index ${sql.id(index.name)}`.execute(trx);
    await stageChoices(trx, plan);
    for (let from = 1; from <= count; from += CHUNK) {
      const to = Math.min(count, from + CHUNK - 1);
      await chunkSql({ from, to, count, days, base, now }).execute(trx);
    }
    for (const index of indexes) await sql.raw(index.definition).execute(trx);
    return count;
  });
}

/** Whether the large history goes through the database's own bulk means. */
export const bulkOnPostgres = (db: Kysely<Database> | Transaction<Database>, count: number): boolean =>
  count > BULK_FROM && db.getExecutor().adapter instanceof PostgresAdapter;
