// The recovery worker's attempts (biz_recovery, migration 0023_a): when a record's next attempt is due, how many
// there were and why the last one failed. Which instance works on a record now is decided by its work lease
// (platform/work/claims.ts, taken in worker.ts), not here. Each attempt waits twice as long as the one before (from
// the grace period up to half an hour); the record's final state removes its row, whether the worker brought it
// there or a notification did.
import type { AppContext } from '../../platform/context.js';
import { formatDateTime } from '../../platform/db/time.js';
import { PAY_MODE_SCORE } from '../orders/order.js';
import { REFUND_PROCESSING } from '../orders/settle.js';
import { ORDER_AWAITING_PAYMENT, ORDER_AWAITING_SETTLEMENT } from '../orders/status.js';
import { RECHARGE_UNPAID } from '../wallets/recharge.js';
import { TRANSFER_PROCESSING } from '../wallets/transfer.js';
import { WITHDRAWAL_PAYING } from '../wallets/withdrawal.js';

/** What the worker looks after, by the business number the provider knows it by. */
export type RecoveryKind = 'refund' | 'withdrawal' | 'transfer' | 'split' | 'score' | 'pay' | 'recharge';

const LONGEST_WAIT_MS = 30 * 60_000;

export function waitAfter(attempts: number, graceMs: number): number {
  return Math.min(graceMs * 2 ** Math.min(attempts - 1, 20), LONGEST_WAIT_MS);
}

/**
 * Takes the record's next attempt if it is due: counts it and sets when the one after is due. Called under the
 * record's work lease (worker.ts), which alone decides who works on it now; this row only keeps when. False when the
 * attempt is not due yet, or a notification just ended the record.
 */
export async function takeAttempt(ctx: AppContext, kind: RecoveryKind, outNo: string, at: Date): Promise<boolean> {
  const { recoveryGraceMs } = ctx.config.payments;
  const stamp = formatDateTime(at);
  const inserted = await ctx.db
    .insertInto('biz_recovery')
    .values({ kind, outNo, attempts: 1, nextTime: nextTime(at, 1, recoveryGraceMs), updateTime: stamp })
    .onConflict((oc) => oc.columns(['kind', 'outNo']).doNothing())
    .executeTakeFirst();
  if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1) return true;
  const held = await ctx.db
    .selectFrom('biz_recovery')
    .select(['attempts', 'nextTime'])
    .where('kind', '=', kind)
    .where('outNo', '=', outNo)
    .executeTakeFirst();
  if (!held || String(held.nextTime) > stamp) return false;
  const attempts = Number(held.attempts) + 1;
  const counted = await ctx.db
    .updateTable('biz_recovery')
    .set({ attempts, nextTime: nextTime(at, attempts, recoveryGraceMs), updateTime: stamp })
    .where('kind', '=', kind)
    .where('outNo', '=', outNo)
    .executeTakeFirst();
  return Number(counted.numUpdatedRows) === 1;
}

/**
 * Of `outNos`, those whose next attempt is not due at `at`: the pass leaves them without taking their lease, so a
 * long outage's backlog costs one read a kind per pass.
 */
export async function notDueYet(ctx: AppContext, kind: RecoveryKind, outNos: string[], at: Date): Promise<Set<string>> {
  if (outNos.length === 0) return new Set();
  const waiting = await ctx.db
    .selectFrom('biz_recovery')
    .select('outNo')
    .where('kind', '=', kind)
    .where('outNo', 'in', outNos)
    .where('nextTime', '>', formatDateTime(at))
    .execute();
  return new Set(waiting.map((row) => row.outNo));
}

const nextTime = (at: Date, attempts: number, graceMs: number) =>
  formatDateTime(new Date(at.getTime() + Math.max(waitAfter(attempts, graceMs), 1000)));

/** Why the last attempt did not end the record, for reconcile's list of money waiting too long. */
export async function noteFailure(ctx: AppContext, kind: RecoveryKind, outNo: string, error: unknown) {
  const message = error instanceof Error ? error.message : String(error);
  await ctx.db
    .updateTable('biz_recovery')
    .set({ lastError: message.slice(0, 500) })
    .where('kind', '=', kind)
    .where('outNo', '=', outNo)
    .execute();
}

/** Attempts of records that reached their final state are of no more use. */
export async function forgetSettled(ctx: AppContext, kind: RecoveryKind, settled: string[]): Promise<void> {
  if (settled.length === 0) return;
  await ctx.db.deleteFrom('biz_recovery').where('kind', '=', kind).where('outNo', 'in', settled).execute();
}

/** Whether a record still waits on the provider, in the state the worker's list of its kind looks for. */
export const STILL_WAITING: Record<RecoveryKind, (ctx: AppContext, outNo: string) => Promise<unknown>> = {
  refund: (ctx, outNo) =>
    ctx.db
      .selectFrom('biz_refund')
      .select('id')
      .where('outRefundNo', '=', outNo)
      .where('status', '=', REFUND_PROCESSING)
      .executeTakeFirst(),
  withdrawal: (ctx, outNo) =>
    ctx.db
      .selectFrom('biz_withdrawal')
      .select('id')
      .where('outBatchNo', '=', outNo)
      .where('state', '=', WITHDRAWAL_PAYING)
      .executeTakeFirst(),
  transfer: (ctx, outNo) =>
    ctx.db
      .selectFrom('biz_transfer')
      .select('id')
      .where('outBatchNo', '=', outNo)
      .where('state', '=', TRANSFER_PROCESSING)
      .executeTakeFirst(),
  split: (ctx, outNo) =>
    ctx.db
      .selectFrom('biz_split_record')
      .select('id')
      .where('outOrderNo', '=', outNo)
      .where('state', '=', 'PROCESSING')
      .executeTakeFirst(),
  score: (ctx, outNo) =>
    ctx.db
      .selectFrom('biz_order')
      .select('id')
      .where('outTradeNo', '=', outNo)
      .where('state', '=', ORDER_AWAITING_SETTLEMENT)
      .where('payMode', '=', PAY_MODE_SCORE)
      .executeTakeFirst(),
  pay: (ctx, outNo) =>
    ctx.db
      .selectFrom('biz_order')
      .select('id')
      .where('outTradeNo', '=', outNo)
      .where('state', '=', ORDER_AWAITING_PAYMENT)
      .executeTakeFirst(),
  recharge: (ctx, outNo) =>
    ctx.db
      .selectFrom('biz_recharge')
      .select('id')
      .where('rechargeNo', '=', outNo)
      .where('state', '=', RECHARGE_UNPAID)
      .executeTakeFirst(),
};

/**
 * After a notification was applied: the attempts it may have answered go once their record no longer waits (the
 * worker, which removes the attempts of what it settles, would never see that record again).
 */
export async function forgetAnswered(ctx: AppContext, answered: Array<[RecoveryKind, string]>): Promise<void> {
  for (const [kind, outNo] of answered) {
    const held = await ctx.db
      .selectFrom('biz_recovery')
      .select('outNo')
      .where('kind', '=', kind)
      .where('outNo', '=', outNo)
      .executeTakeFirst();
    if (held && !(await STILL_WAITING[kind](ctx, outNo))) await forgetSettled(ctx, kind, [outNo]);
  }
}
