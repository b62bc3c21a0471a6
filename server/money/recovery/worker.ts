// The recovery worker: in every instance, every PAY_RECOVERY_INTERVAL_MS, it looks for money that waits on the
// payment provider for longer than PAY_RECOVERY_GRACE_MS (so a request still in flight is not raced) and brings it
// to a final state — refunds sent again or asked about, withdrawals and transfers paid out by their batch, splits,
// pay-score collections, payments decided while nobody heard. Each record is taken through its work lease first
// (platform/work/claims.ts, kind `recovery:<kind>`), so several instances on one database share the work instead of
// repeating it; its attempts and back-off stay in biz_recovery (attempts.ts; docs/orders-and-money.md, Recovery).
import type { AppContext } from '../../platform/context.js';
import { formatDateTime } from '../../platform/db/time.js';
import type { RoutePlugin } from '../../platform/http/route-plugin.js';
import { everyPass } from '../../platform/periodic-pass.js';
import { withWork } from '../../platform/work/claims.js';
import { forgetSettled, notDueYet, noteFailure, type RecoveryKind, STILL_WAITING, takeAttempt } from './attempts.js';
import {
  recoverCollection,
  recoverRecharge,
  recoverUnpaidOrder,
  uncollectedOrders,
  unpaidOrders,
  unpaidRecharges,
} from './payments.js';
import { recoverTransfer, recoverWithdrawal, waitingTransfers, waitingWithdrawals } from './payouts.js';
import { recoverRefund, waitingRefunds } from './refunds.js';
import { recoverSplit, waitingSplits } from './splits.js';

/** Records of one kind looked at per pass; the rest wait for the next. */
const BATCH = 100;

/**
 * How long an instance working on a record holds it: far longer than one attempt's calls to the provider (each
 * bounded by the client's timeout). An instance that dies mid-attempt leaves the record to the others after this.
 */
export const RECOVERY_LEASE_SECONDS = 120;

interface Task<T> {
  kind: RecoveryKind;
  waiting: (ctx: AppContext, before: string, limit: number) => Promise<T[]>;
  numberOf: (record: T) => string;
  /** Answers whether the record reached its final state. */
  recover: (ctx: AppContext, record: T) => Promise<boolean>;
}

const task = <T>(definition: Task<T>) => definition as Task<unknown>;

const TASKS = [
  task({ kind: 'refund', waiting: waitingRefunds, numberOf: (r) => r.outRefundNo, recover: recoverRefund }),
  task({ kind: 'withdrawal', waiting: waitingWithdrawals, numberOf: (w) => w.outBatchNo, recover: recoverWithdrawal }),
  task({ kind: 'transfer', waiting: waitingTransfers, numberOf: (t) => t.outBatchNo, recover: recoverTransfer }),
  task({ kind: 'split', waiting: waitingSplits, numberOf: (s) => s.outOrderNo, recover: recoverSplit }),
  task({ kind: 'score', waiting: uncollectedOrders, numberOf: (o) => o.outTradeNo, recover: recoverCollection }),
  task({ kind: 'pay', waiting: unpaidOrders, numberOf: (o) => o.outTradeNo, recover: recoverUnpaidOrder }),
  task({ kind: 'recharge', waiting: unpaidRecharges, numberOf: (r) => r.rechargeNo, recover: recoverRecharge }),
];

export interface RecoveryPass {
  /** Records this pass brought to a final state, by kind. */
  settled: Partial<Record<RecoveryKind, number>>;
  /** Attempts that failed (left for a later pass), with why. */
  failures: Array<{ kind: RecoveryKind; outNo: string; error: string }>;
}

/** One pass over everything waiting on the provider; `at` stands for now (tests move it past the grace period). */
export async function recoverPayments(ctx: AppContext, at = new Date()): Promise<RecoveryPass> {
  const before = formatDateTime(new Date(at.getTime() - ctx.config.payments.recoveryGraceMs));
  const pass: RecoveryPass = { settled: {}, failures: [] };
  for (const { kind, waiting, numberOf, recover } of TASKS) {
    const settled: string[] = [];
    const records = await waiting(ctx, before, BATCH);
    const later = await notDueYet(ctx, kind, records.map(numberOf), at);
    for (const record of records) {
      const outNo = numberOf(record);
      if (later.has(outNo)) continue;
      const attempt = async () => {
        // Read again under the lease: another instance (or a notification) may have ended it since it was listed.
        if (!(await STILL_WAITING[kind](ctx, outNo))) return;
        if (!(await takeAttempt(ctx, kind, outNo, at))) return;
        try {
          if (await recover(ctx, record)) {
            settled.push(outNo);
            await forgetSettled(ctx, kind, [outNo]);
          }
        } catch (error) {
          pass.failures.push({ kind, outNo, error: error instanceof Error ? error.message : String(error) });
          await noteFailure(ctx, kind, outNo, error).catch(() => undefined);
        }
      };
      await withWork(ctx, { kind: `recovery:${kind}`, key: outNo }, RECOVERY_LEASE_SECONDS, attempt, at);
    }
    if (settled.length) pass.settled[kind] = settled.length;
  }
  return pass;
}

export const recoveryWorker: RoutePlugin = async (app) => {
  const { recoveryIntervalMs } = app.ctx.config.payments;
  if (recoveryIntervalMs === 0) return;
  const pass = async () => {
    const { settled, failures } = await recoverPayments(app.ctx);
    if (Object.keys(settled).length) app.log.info({ settled }, 'payment recovery settled');
    for (const failure of failures) app.log.warn(failure, 'payment recovery attempt failed; tried again later');
  };
  everyPass(app, recoveryIntervalMs, pass, 'payment recovery pass failed');
};
