// The counters of @fastify/rate-limit kept in the database (blade_rate_limit), so every instance on one database
// counts the same calls: one conditional upsert a call adds the hit, or starts a new window when the last one has
// ended, and answers the count and the time left, atomically on SQLite and PostgreSQL alike.
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { sql } from 'kysely';
import type { AppContext } from '../../platform/context.js';
import { fieldsOf } from '../../platform/http/route-plugin.js';

type Counted = (error: Error | null, result?: { current: number; ttl: number }) => void;

/** Adds a hit to `key` in a window of `windowMs`; the hits so far and the milliseconds until the window ends. */
async function countHit(ctx: AppContext, key: string, windowMs: number) {
  const at = Date.now();
  const ended = sql<boolean>`blade_rate_limit.reset_at <= ${at}`;
  const row = await ctx.db
    .insertInto('blade_rate_limit')
    .values({ limitKey: key, hits: 1, resetAt: at + windowMs })
    .onConflict((oc) =>
      oc.column('limitKey').doUpdateSet({
        hits: sql`case when ${ended} then 1 else blade_rate_limit.hits + 1 end`,
        resetAt: sql`case when ${ended} then ${at + windowMs} else blade_rate_limit.reset_at end`,
      }),
    )
    .returning(['hits', 'resetAt'])
    .executeTakeFirstOrThrow();
  const hits = Number(row.hits);
  // A new window: the ended windows of every key are forgotten then, at most once a window per key.
  if (hits === 1) await ctx.db.deleteFrom('blade_rate_limit').where('resetAt', '<', at).execute();
  return { current: hits, ttl: Math.max(0, Number(row.resetAt) - at) };
}

/** The store class the plugin is given: each route's counters are kept under the route's method and path. */
export function databaseStore(ctx: AppContext): FastifyRateLimitStoreCtor {
  class DatabaseStore implements FastifyRateLimitStore {
    constructor(
      _options: unknown,
      private readonly prefix = '',
    ) {}

    incr(key: string, callback: Counted, timeWindow: number): void {
      countHit(ctx, this.prefix + key, timeWindow).then(
        (counted) => callback(null, counted),
        (error: Error) => callback(error),
      );
    }

    // The plugin hands the route's limit with the route as `routeInfo` (empty for `createRateLimit`), not the route
    // its types say.
    child(options: object): FastifyRateLimitStore {
      const route = 'routeInfo' in options ? fieldsOf(options.routeInfo) : undefined;
      const where = route?.url ? `${String(route.method)} ${String(route.url)} ` : '';
      return new DatabaseStore(undefined, this.prefix + where);
    }
  }
  return DatabaseStore;
}
