// Lockout: after `account.failCount` failed sign-ins under one name the name is locked for 30 minutes. Failures are
// counted for unknown names too, so the answer never tells whether an account exists. Counting is one atomic upsert,
// so failures on several instances add up.
import { sql } from 'kysely';
import type { AppContext } from '../context.js';
import { formatDateTime, now, secondsFromNow } from '../db/time.js';
import { failLimit } from './params.js';

export const LOCK_SECONDS = 30 * 60;

export async function isLocked(ctx: AppContext, loginName: string): Promise<boolean> {
  const row = await ctx.db
    .selectFrom('blade_login_failure')
    .select('lockUntil')
    .where('loginName', '=', loginName)
    .executeTakeFirst();
  return row?.lockUntil != null && row.lockUntil > now();
}

export async function recordFailure(ctx: AppContext, loginName: string): Promise<void> {
  const limit = await failLimit(ctx);
  // A lock that has run out, and failures older than the lock period (of any name), no longer count.
  const stale = formatDateTime(new Date(Date.now() - LOCK_SECONDS * 1000));
  await ctx.db
    .deleteFrom('blade_login_failure')
    .where((eb) =>
      eb.or([eb('updateTime', '<', stale), eb.and([eb('loginName', '=', loginName), eb('lockUntil', '<=', now())])]),
    )
    .execute();
  const row = await ctx.db
    .insertInto('blade_login_failure')
    .values({ loginName, failCount: 1, updateTime: now() })
    .onConflict((oc) =>
      oc.column('loginName').doUpdateSet({ failCount: sql`blade_login_failure.fail_count + 1`, updateTime: now() }),
    )
    .returning('failCount')
    .executeTakeFirstOrThrow();
  if (row.failCount >= limit) {
    await ctx.db
      .updateTable('blade_login_failure')
      .set({ lockUntil: secondsFromNow(LOCK_SECONDS) })
      .where('loginName', '=', loginName)
      .execute();
  }
}

export async function clearFailures(ctx: AppContext, loginNames: string[]): Promise<void> {
  if (loginNames.length === 0) return;
  await ctx.db.deleteFrom('blade_login_failure').where('loginName', 'in', loginNames).execute();
}
