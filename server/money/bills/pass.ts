// The bill job: in every instance, every BILL_INTERVAL_MS, each day due (days.ts) that this instance claims is
// reconciled against WeChat Pay's bills; a day another instance holds is left to it. A failed day is logged and tried
// again by the next pass.
import type { AppContext } from '../../platform/context.js';
import type { RoutePlugin } from '../../platform/http/route-plugin.js';
import { everyPass } from '../../platform/periodic-pass.js';
import { dueDays } from './days.js';
import { type DayResult, DayTaken, reconcileDay } from './reconcile-day.js';

/** Days reconciled per pass at most, so a long gap is caught up over several passes. */
const DAYS_PER_PASS = 3;

export interface BillPass {
  reconciled: DayResult[];
  failures: Array<{ day: string; error: string }>;
}

/** One pass; `at` stands for now. */
export async function reconcileBills(ctx: AppContext, at = new Date()): Promise<BillPass> {
  const pass: BillPass = { reconciled: [], failures: [] };
  for (const day of await dueDays(ctx, at, DAYS_PER_PASS)) {
    try {
      pass.reconciled.push(await reconcileDay(ctx, day, at));
    } catch (error) {
      if (error instanceof DayTaken) continue;
      pass.failures.push({ day, error: error instanceof Error ? error.message : String(error) });
    }
  }
  return pass;
}

export const billWorker: RoutePlugin = async (app) => {
  const { billIntervalMs } = app.ctx.config.payments;
  if (billIntervalMs === 0) return;
  const pass = async () => {
    const { reconciled, failures } = await reconcileBills(app.ctx);
    if (reconciled.length) app.log.info({ reconciled }, 'bills reconciled');
    for (const failure of failures) app.log.warn(failure, 'bill reconciliation failed; tried again later');
  };
  everyPass(app, billIntervalMs, pass, 'bill reconciliation pass failed');
};
