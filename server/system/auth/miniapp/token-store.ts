// The mini-program's access token, kept in biz_miniapp_token so every instance uses the one fetched. It comes from
// getStableAccessToken in its normal mode, which gives every caller the same token while it lives (and a fresh one
// in its last five minutes), so instances that fetch at the same moment agree without a lease of their own.
import type { AppContext } from '../../../platform/context.js';

/** Fetch a new token this long before the platform's expiry, so no call carries one about to lapse. */
const REFRESH_BEFORE_MS = 5 * 60_000;

export interface FetchedToken {
  accessToken: string;
  expiresInSeconds: number;
}

/** The live token, fetched through `fetchToken` when none is fresh or the one kept is `stale` (refused by WeChat). */
export async function sharedAppToken(
  ctx: AppContext,
  fetchToken: () => Promise<FetchedToken>,
  stale?: string,
): Promise<string> {
  const appId = ctx.config.miniApp.appId;
  const kept = await ctx.db
    .selectFrom('biz_miniapp_token')
    .select(['accessToken', 'expiresAt'])
    .where('appId', '=', appId)
    .executeTakeFirst();
  if (kept && kept.accessToken !== stale && Number(kept.expiresAt) - REFRESH_BEFORE_MS > Date.now()) {
    return kept.accessToken;
  }
  const fetched = await fetchToken();
  const expiresAt = Date.now() + fetched.expiresInSeconds * 1000;
  await ctx.db
    .insertInto('biz_miniapp_token')
    .values({ appId, accessToken: fetched.accessToken, expiresAt, fetchCount: 1 })
    .onConflict((oc) =>
      oc.column('appId').doUpdateSet((eb) => ({
        accessToken: fetched.accessToken,
        expiresAt,
        fetchCount: eb('biz_miniapp_token.fetchCount', '+', 1),
      })),
    )
    .execute();
  return fetched.accessToken;
}
