// Lockout: after `account.failCount` failed sign-ins under one name the name is locked for 30 minutes. Failures are
// counted for unknown names too, so the answer never tells whether an account exists. Each attempt is reserved by one
// conditional upsert before the password is checked, so parallel attempts (on any number of instances) cannot
// evaluate more passwords than the limit allows: the counter holds the attempts in flight as well as the failures.
// An attempt that finds every remaining attempt in flight, but no lock, waits for them to end instead of being
// refused: they either succeed and clear the count (a user signing in on several tabs at once) or fail and lock it.
import { sql } from 'kysely';
import type { AppContext } from '../../platform/context.js';
import { formatDateTime, now, secondsFromNow } from '../../platform/db/time.js';
import { signInFailures, signInLocked, signInLockouts } from '../../platform/ops/metrics.js';
import { failLimit } from './params.js';

export const LOCK_SECONDS = 30 * 60;

/** The metrics' kind of a sign-in name: the SMS grant counts under `sms:<phone>`, the password grant the account. */
const kindOf = (loginName: string) => (loginName.startsWith('sms:') ? 'sms' : 'password');

/** How long an attempt waits for the attempts in flight before it is answered as locked. */
const WAIT_MS = 5000;
const FIRST_POLL_MS = 20;
const MAX_POLL_MS = 250;

/**
 * Takes one attempt for this name; false when the name is locked, or its remaining attempts stayed in flight for
 * longer than an attempt can take (an instance that died holding one).
 */
export async function reserveAttempt(ctx: AppContext, loginName: string): Promise<boolean> {
  const reserved = await reserve(ctx, loginName);
  if (!reserved) signInLocked.inc({ kind: kindOf(loginName) });
  return reserved;
}

async function reserve(ctx: AppContext, loginName: string): Promise<boolean> {
  const giveUp = Date.now() + WAIT_MS;
  let outcome = await tryReserve(ctx, loginName);
  for (let poll = FIRST_POLL_MS; outcome === 'busy' && Date.now() < giveUp; poll = Math.min(MAX_POLL_MS, poll * 2)) {
    await new Promise((resolve) => setTimeout(resolve, poll));
    // One read a poll while the attempts in flight still hold every place; a reservation once one may be free.
    const row = await ctx.db
      .selectFrom('blade_login_failure')
      .select(['failCount', 'lockUntil'])
      .where('loginName', '=', loginName)
      .executeTakeFirst();
    if (row?.lockUntil) return false;
    if (row && Number(row.failCount) >= (await failLimit(ctx))) continue;
    outcome = await tryReserve(ctx, loginName);
  }
  return outcome === 'reserved';
}

async function tryReserve(ctx: AppContext, loginName: string): Promise<'reserved' | 'locked' | 'busy'> {
  const limit = await failLimit(ctx);
  // A lock that has run out, and failures older than the lock period (of any name), no longer count.
  const stale = formatDateTime(new Date(Date.now() - LOCK_SECONDS * 1000));
  await ctx.db
    .deleteFrom('blade_login_failure')
    .where((eb) =>
      eb.or([eb('updateTime', '<', stale), eb.and([eb('loginName', '=', loginName), eb('lockUntil', '<=', now())])]),
    )
    .execute();
  const reserved = await ctx.db
    .insertInto('blade_login_failure')
    .values({ loginName, failCount: 1, updateTime: now() })
    .onConflict((oc) =>
      oc
        .column('loginName')
        .doUpdateSet({ failCount: sql`blade_login_failure.fail_count + 1`, updateTime: now() })
        .where(sql<boolean>`blade_login_failure.fail_count < ${limit} and blade_login_failure.lock_until is null`),
    )
    .returning('failCount')
    .executeTakeFirst();
  if (reserved !== undefined) return 'reserved';
  const row = await ctx.db
    .selectFrom('blade_login_failure')
    .select('lockUntil')
    .where('loginName', '=', loginName)
    .executeTakeFirst();
  // No row: an attempt in flight succeeded and cleared the count meanwhile; the next try takes a fresh one.
  return row?.lockUntil ? 'locked' : 'busy';
}

/** The reserved attempt failed: it stays counted, and the name locks once the count has reached the limit. */
export async function recordFailure(ctx: AppContext, loginName: string): Promise<void> {
  const limit = await failLimit(ctx);
  signInFailures.inc({ kind: kindOf(loginName) });
  const locked = await ctx.db
    .updateTable('blade_login_failure')
    .set({ lockUntil: secondsFromNow(LOCK_SECONDS), updateTime: now() })
    .where('loginName', '=', loginName)
    .where('failCount', '>=', limit)
    .where('lockUntil', 'is', null)
    .executeTakeFirst();
  if (Number(locked.numUpdatedRows) > 0) signInLockouts.inc({ kind: kindOf(loginName) });
}

/** A successful sign-in, or an administrator's unlock or password reset, forgets the name's failures. */
export async function clearFailures(ctx: AppContext, loginNames: string[]): Promise<void> {
  if (loginNames.length === 0) return;
  await ctx.db.deleteFrom('blade_login_failure').where('loginName', 'in', loginNames).execute();
}
