// What reconcile (recovery/reconcile.ts) reports of the bill comparison: the days reconciled against WeChat Pay's
// bills, the newest of them, the differences still open, and the days whose bills could not be believed or fetched.
import type { AppContext } from '../../platform/context.js';
import { DONE, FAILED } from './days.js';
import { OPEN } from './reconcile-day.js';

export interface BillSummary {
  daysReconciled: number;
  lastDay: string;
  differencesOpen: number;
  failedDays: Array<{ day: string; reason: string }>;
}

export async function billSummary(ctx: AppContext): Promise<BillSummary> {
  const days = await ctx.db
    .selectFrom('biz_bill_day')
    .select([(eb) => eb.fn.countAll<number>().as('count'), (eb) => eb.fn.max('day').as('last')])
    .where('state', '=', DONE)
    .executeTakeFirstOrThrow();
  const open = await ctx.db
    .selectFrom('biz_bill_difference')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('state', '=', OPEN)
    .executeTakeFirstOrThrow();
  const failed = await ctx.db
    .selectFrom('biz_bill_day')
    .select(['day', 'lastError'])
    .where('state', '=', FAILED)
    .orderBy('day', 'desc')
    .limit(30)
    .execute();
  return {
    daysReconciled: Number(days.count),
    lastDay: days.last ?? '',
    differencesOpen: Number(open.count),
    failedDays: failed.map((row) => ({ day: row.day, reason: row.lastError ?? '' })),
  };
}
