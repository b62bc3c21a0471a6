// One bill day reconciled: claimed (days.ts), both bills downloaded (their hashes checked by the provider's client),
// compared with our records (compare.ts), and the differences stored with the day marked done in one transaction,
// only while the claim is still ours. Again for a day replaces its differences still open and keeps those already
// handled (a handled one found again stays handled, with its note). A bill that cannot be believed stores nothing:
// the day is marked failed with why.
import type { AppContext } from '../../platform/context.js';
import { nextId } from '../../platform/db/ids.js';
import { formatDateTime } from '../../platform/db/time.js';
import { badRequest } from '../../platform/http/envelope.js';
import { readFundFlowBill, readTradeBill } from '../payments/bill-file.js';
import { paymentProviderOf } from '../payments/index.js';
import { PaymentError } from '../payments/provider.js';
import { compare, theirsOf } from './compare.js';
import { addDays, type Claim, claimDay, DONE, failDay } from './days.js';
import { ourRecordOf, oursOfDay } from './ours.js';

/** WeChat Pay's answer for a day without a single payment or movement: an empty bill. */
const NO_BILL = 'NO_STATEMENT_EXIST';

export const OPEN = 0;
export const HANDLED = 1;

export interface DayResult {
  day: string;
  differences: number;
}

/** A day whose claim another holds, or that is done and was not asked for again. */
export class DayTaken extends Error {}

/** Reconciles `day` if this caller gets its claim; `again` re-runs a day already done (the screen's 立即对账). */
export async function reconcileDay(ctx: AppContext, day: string, at = new Date(), again = false): Promise<DayResult> {
  const claim = await claimDay(ctx, day, at, again);
  if (!claim) throw new DayTaken(day);
  let bills: { trade: string; fund: string };
  try {
    bills = { trade: await billOf(ctx, 'trade', day), fund: await billOf(ctx, 'fundflow', day) };
  } catch (error) {
    await failDay(ctx, claim, reasonOf(error));
    throw error;
  }
  let trade: ReturnType<typeof readTradeBill>;
  let fund: ReturnType<typeof readFundFlowBill>;
  try {
    trade = readTradeBill(bills.trade);
    fund = readFundFlowBill(bills.fund);
  } catch (error) {
    await failDay(ctx, claim, reasonOf(error));
    throw badRequest(reasonOf(error));
  }
  const ours = await oursOfDay(ctx, day, addDays(day, 1));
  const differences = await compare(theirsOf(trade, fund), ours, (business, outNo) =>
    ourRecordOf(ctx, business, outNo),
  );
  const open = await store(ctx, claim, differences, { trade: trade.length, fund: fund.length });
  return { day, differences: open };
}

async function billOf(ctx: AppContext, kind: 'trade' | 'fundflow', day: string): Promise<string> {
  try {
    return await paymentProviderOf(ctx).downloadBill(kind, day);
  } catch (error) {
    if (error instanceof PaymentError && error.code === NO_BILL) return kind === 'trade' ? EMPTY_TRADE : EMPTY_FUND;
    throw error;
  }
}

const EMPTY_TRADE = '交易时间\r\n总交易单数\r\n`0\r\n';
const EMPTY_FUND = '记账时间\r\n资金流水总笔数\r\n`0\r\n';

/** Differences written per statement, well under SQLite's limit of bound values. */
const CHUNK = 200;

const reasonOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

async function store(
  ctx: AppContext,
  claim: Claim,
  differences: Awaited<ReturnType<typeof compare>>,
  rows: { trade: number; fund: number },
): Promise<number> {
  const at = formatDateTime(new Date());
  return ctx.db.transaction().execute(async (trx) => {
    const handled = await trx
      .selectFrom('biz_bill_difference')
      .select(['kind', 'business', 'outNo'])
      .where('day', '=', claim.day)
      .where('state', '=', HANDLED)
      .execute();
    const kept = new Set(handled.map((d) => `${d.kind}|${d.business}|${d.outNo}`));
    await trx.deleteFrom('biz_bill_difference').where('day', '=', claim.day).where('state', '=', OPEN).execute();
    const fresh = differences.filter((d) => !kept.has(`${d.kind}|${d.business}|${d.outNo}`));
    for (let start = 0; start < fresh.length; start += CHUNK) {
      await trx
        .insertInto('biz_bill_difference')
        .values(
          fresh.slice(start, start + CHUNK).map((d) => ({
            id: nextId(),
            day: claim.day,
            ...d,
            amountDifference: (d.theirAmount ?? 0) - (d.ourAmount ?? 0),
            state: OPEN,
            createTime: at,
          })),
        )
        .execute();
    }
    const finished = await trx
      .updateTable('biz_bill_day')
      .set({
        state: DONE,
        tradeRows: rows.trade,
        fundRows: rows.fund,
        differences: fresh.length,
        lastError: null,
        finishTime: at,
        updateTime: at,
      })
      .where('day', '=', claim.day)
      .where('holder', '=', claim.holder)
      .executeTakeFirst();
    // The claim ran out and another instance took the day: its comparison stands, this one is rolled back.
    if (Number(finished.numUpdatedRows) !== 1) throw new DayTaken(claim.day);
    return fresh.length;
  });
}
