// An AppID's access token, shared by every instance through mp_access_token. The platform hands out a few thousand
// tokens a day and a new one ends the old after a short overlap, so the token is fetched once, used by all, and
// refreshed a while before it expires by one instance at a time: whoever takes the lease (a conditional update, atomic
// on SQLite and PostgreSQL alike) fetches; the others wait for its token.
import type { AppContext } from '../../platform/context.js';
import { PlatformError } from './platform.js';

/** Refresh this long before the platform's expiry, so no call carries a token about to lapse. */
const REFRESH_BEFORE_MS = 5 * 60_000;
/** How long a refresh may take before another instance may try. */
const LEASE_MS = 15_000;
const WAIT_STEP_MS = 50;

export interface FetchedToken {
  accessToken: string;
  expiresInSeconds: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The live token of the AppID, fetching one through `fetchToken` when none is fresh. */
export async function sharedToken(
  ctx: AppContext,
  appId: string,
  fetchToken: () => Promise<FetchedToken>,
): Promise<string> {
  const db = ctx.db;
  await db
    .insertInto('mp_access_token')
    .values({ appId, accessToken: null, expiresAt: 0, leaseUntil: 0, fetchCount: 0 })
    .onConflict((oc) => oc.column('appId').doNothing())
    .execute();
  const deadline = Date.now() + LEASE_MS + 5_000;
  while (Date.now() < deadline) {
    const now = Date.now();
    const row = await db.selectFrom('mp_access_token').selectAll().where('appId', '=', appId).executeTakeFirstOrThrow();
    if (row.accessToken && Number(row.expiresAt) - REFRESH_BEFORE_MS > now) return row.accessToken;
    const taken = await db
      .updateTable('mp_access_token')
      .set({ leaseUntil: now + LEASE_MS })
      .where('appId', '=', appId)
      .where('leaseUntil', '<', now)
      .where('expiresAt', '=', Number(row.expiresAt))
      .executeTakeFirst();
    if (Number(taken.numUpdatedRows) === 1) {
      try {
        const fetched = await fetchToken();
        await db
          .updateTable('mp_access_token')
          .set((eb) => ({
            accessToken: fetched.accessToken,
            expiresAt: Date.now() + fetched.expiresInSeconds * 1000,
            leaseUntil: 0,
            fetchCount: eb('fetchCount', '+', 1),
          }))
          .where('appId', '=', appId)
          .execute();
        return fetched.accessToken;
      } catch (error) {
        await db.updateTable('mp_access_token').set({ leaseUntil: 0 }).where('appId', '=', appId).execute();
        throw error;
      }
    }
    await sleep(WAIT_STEP_MS);
  }
  throw new PlatformError(-1);
}

/** The platform said the token is no longer valid (40001, 42001): the next call fetches another, once for all. */
export async function dropToken(ctx: AppContext, appId: string, token: string): Promise<void> {
  await ctx.db
    .updateTable('mp_access_token')
    .set({ expiresAt: 0 })
    .where('appId', '=', appId)
    .where('accessToken', '=', token)
    .execute();
}
