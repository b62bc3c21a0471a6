// A notification's nonce is spent once: the same notification sent again (a replay, or the provider's retry of one
// already applied) is refused, whichever provider signed it.
import type { AppContext } from '../../platform/context.js';
import { now } from '../../platform/db/time.js';

/** Answers false when the nonce was spent before. */
export async function spendNonce(ctx: AppContext, nonce: string): Promise<boolean> {
  const fresh = await ctx.db
    .insertInto('biz_pay_nonce')
    .values({ nonce, createTime: now() })
    .onConflict((oc) => oc.column('nonce').doNothing())
    .executeTakeFirst();
  return Number(fresh.numInsertedOrUpdatedRows ?? 0) > 0;
}
