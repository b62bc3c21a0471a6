// The recovery worker's claims (biz_recovery, migration 0023_a): before asking the provider about a record, an
// instance claims it until its next attempt is due, by an insert that only one instance wins or a conditional update
// of the attempt count, so several instances on one database never work on one record at once. Each attempt waits
// twice as long as the one before (from the grace period up to half an hour); the record's final state removes it.
import type { AppContext } from '../../platform/context.js';
import { formatDateTime } from '../../platform/db/time.js';

/** What the worker looks after, by the business number the provider knows it by. */
export type RecoveryKind = 'refund' | 'withdrawal' | 'transfer' | 'split' | 'score' | 'pay' | 'recharge';

const LONGEST_WAIT_MS = 30 * 60_000;

export function waitAfter(attempts: number, graceMs: number): number {
  return Math.min(graceMs * 2 ** Math.min(attempts - 1, 20), LONGEST_WAIT_MS);
}

/** Claims the record for this attempt; false when another instance holds it or its next attempt is not due. */
export async function claim(ctx: AppContext, kind: RecoveryKind, outNo: string, at: Date): Promise<boolean> {
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
  const claimed = await ctx.db
    .updateTable('biz_recovery')
    .set({ attempts, nextTime: nextTime(at, attempts, recoveryGraceMs), updateTime: stamp })
    .where('kind', '=', kind)
    .where('outNo', '=', outNo)
    .where('attempts', '=', attempts - 1)
    .executeTakeFirst();
  return Number(claimed.numUpdatedRows) === 1;
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

/** Claims of records that reached their final state are of no more use. */
export async function forgetSettled(ctx: AppContext, kind: RecoveryKind, settled: string[]): Promise<void> {
  if (settled.length === 0) return;
  await ctx.db.deleteFrom('biz_recovery').where('kind', '=', kind).where('outNo', 'in', settled).execute();
}
