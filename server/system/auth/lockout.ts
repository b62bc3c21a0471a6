// Lockout: after `account.failCount` failed sign-ins under one name the name is locked for 30 minutes. Failures are
// counted for unknown names too, so the answer never tells whether an account exists. Each attempt is reserved by one
// conditional upsert before the password is checked, so parallel attempts (on any number of instances) cannot
// evaluate more passwords than the limit allows: the counter holds the attempts in flight as well as the failures.
import { sql } from 'kysely';
import type { AppContext } from '../../platform/context.js';
import { formatDateTime, now, secondsFromNow } from '../../platform/db/time.js';
import { failLimit } from './params.js';

export const LOCK_SECONDS = 30 * 60;

/** Takes one attempt for this name; false when the name is locked or its remaining attempts are all taken. */
export async function reserveAttempt(ctx: AppContext, loginName: string): Promise<boolean> {
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
  return reserved !== undefined;
}

/** The reserved attempt failed: it stays counted, and the name locks once the count has reached the limit. */
export async function recordFailure(ctx: AppContext, loginName: string): Promise<void> {
  const limit = await failLimit(ctx);
  await ctx.db
    .updateTable('blade_login_failure')
    .set({ lockUntil: secondsFromNow(LOCK_SECONDS), updateTime: now() })
    .where('loginName', '=', loginName)
    .where('failCount', '>=', limit)
    .where('lockUntil', 'is', null)
    .execute();
}

/** A successful sign-in, or an administrator's unlock or password reset, forgets the name's failures. */
export async function clearFailures(ctx: AppContext, loginNames: string[]): Promise<void> {
  if (loginNames.length === 0) return;
  await ctx.db.deleteFrom('blade_login_failure').where('loginName', 'in', loginNames).execute();
}
