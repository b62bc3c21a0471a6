// Which bill days are due, and who downloads each. WeChat Pay starts making a day's bills at 09:00 the next day and
// asks merchants to fetch them after 10:00, so a day is due from 10:00 (server time, which should be China's) the day
// after. The job reconciles the days from the one it first ran for (kept in blade_setting, so a database with a long
// history is not fetched back to its start; older days are reconciled on demand), at most 90 days back, as
// WeChat Pay keeps bills for three months.
//
// A day is claimed by a row in biz_bill_day, inserted or taken over by a conditional update, so of several instances
// on one database one downloads it. The row is the intent: a claim whose holder died runs out (`until`) and the next
// pass takes it over and does the day again; a day that failed (the provider refused, a file whose hash does not
// hold) is tried again by the next pass.
import crypto from 'node:crypto';
import type { AppContext } from '../../platform/context.js';
import { formatDateTime } from '../../platform/db/time.js';

export const BILL_READY_HOUR = 10;
/** How long a claim holds: far longer than two downloads and a comparison take. */
const CLAIM_MS = 10 * 60_000;
const KEEP_DAYS = 90;
const FIRST_DAY_KEY = 'bill.firstDay';

export const RUNNING = 'running';
export const DONE = 'done';
export const FAILED = 'failed';

/** yyyy-MM-dd of a date in server time. */
export const dayOf = (date: Date): string => formatDateTime(date).slice(0, 10);

export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** The newest day whose bills WeChat Pay has made by `at`. */
export function lastBillDay(at: Date): string {
  return addDays(dayOf(at), at.getHours() >= BILL_READY_HOUR ? -1 : -2);
}

/** The oldest day WeChat Pay still serves a bill of. */
export const oldestBillDay = (at: Date): string => addDays(dayOf(at), -KEEP_DAYS);

/** The days not yet reconciled, oldest first, from the day the job first ran. */
export async function dueDays(ctx: AppContext, at: Date, limit: number): Promise<string[]> {
  const last = lastBillDay(at);
  await ctx.db
    .insertInto('blade_setting')
    .values({ settingKey: FIRST_DAY_KEY, settingValue: last })
    .onConflict((oc) => oc.column('settingKey').doNothing())
    .execute();
  const first = await ctx.db
    .selectFrom('blade_setting')
    .select('settingValue')
    .where('settingKey', '=', FIRST_DAY_KEY)
    .executeTakeFirstOrThrow();
  const oldest = oldestBillDay(at);
  let day = first.settingValue > oldest ? first.settingValue : oldest;
  const done = new Set(
    (
      await ctx.db
        .selectFrom('biz_bill_day')
        .select('day')
        .where('day', '>=', day)
        .where((eb) =>
          eb.or([eb('state', '=', DONE), eb.and([eb('state', '=', RUNNING), eb('until', '>', formatDateTime(at))])]),
        )
        .execute()
    ).map((row) => row.day),
  );
  const due: string[] = [];
  for (; day <= last && due.length < limit; day = addDays(day, 1)) if (!done.has(day)) due.push(day);
  return due;
}

export interface Claim {
  day: string;
  holder: string;
}

/**
 * Claims a day for this caller: a new day by inserting its row, a failed one or one whose holder ran out of time by
 * a conditional update of the row as read (one caller wins); a done day only when asked again on purpose. Answers
 * undefined when someone else holds it, or it is done and not asked again.
 */
export async function claimDay(ctx: AppContext, day: string, at: Date, again: boolean): Promise<Claim | undefined> {
  const holder = crypto.randomUUID();
  const until = formatDateTime(new Date(at.getTime() + CLAIM_MS));
  const inserted = await ctx.db
    .insertInto('biz_bill_day')
    .values({ day, state: RUNNING, holder, until, attempts: 1, updateTime: formatDateTime(at) })
    .onConflict((oc) => oc.column('day').doNothing())
    .executeTakeFirst();
  if (Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0) return { day, holder };
  const row = await ctx.db.selectFrom('biz_bill_day').selectAll().where('day', '=', day).executeTakeFirst();
  if (!row) return undefined;
  if (row.state === RUNNING && row.until > formatDateTime(at)) return undefined;
  if (row.state === DONE && !again) return undefined;
  const taken = await ctx.db
    .updateTable('biz_bill_day')
    .set({ state: RUNNING, holder, until, attempts: Number(row.attempts) + 1, updateTime: formatDateTime(at) })
    .where('day', '=', day)
    .where('holder', '=', row.holder)
    .where('state', '=', row.state)
    .executeTakeFirst();
  return Number(taken.numUpdatedRows) === 1 ? { day, holder } : undefined;
}

/** The claim's day failed: why, for the screen; the next pass tries it again. */
export async function failDay(ctx: AppContext, claim: Claim, reason: string): Promise<void> {
  await ctx.db
    .updateTable('biz_bill_day')
    .set({ state: FAILED, lastError: reason.slice(0, 500), updateTime: formatDateTime(new Date()) })
    .where('day', '=', claim.day)
    .where('holder', '=', claim.holder)
    .execute();
}
