// Rate limits of every anonymous call (docs/rate-limits.md), by @fastify/rate-limit on the database store: each
// `/api` route declared `access: 'public'` counts the calls of each address (TRUST_PROXY decides it) in the kind of
// limit it declares (`config.limit`, else `public`). A limit is a parameter read on every call, so an administrator's
// change holds at once on every instance.
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import type { AppContext } from '../../platform/context.js';
import { BladeError } from '../../platform/http/envelope.js';
import { fieldsOf } from '../../platform/http/route-plugin.js';
import { paramValue } from './params.js';
import { databaseStore } from './rate-limit-store.js';

const MSG_TOO_MANY = '请求过于频繁, 请稍后再试';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

interface Limit {
  param: string;
  /** When the parameter is missing or not a whole number. */
  fallback: number;
  windowMs: number;
}

/** The kinds of limit a public route may declare in `config.limit`; any other public route counts as `public`. */
export type LimitKind = 'signIn' | 'sms' | 'notify';

const LIMITS: Record<LimitKind | 'public' | 'smsPhone', Limit> = {
  public: { param: 'limit.publicPerIpMinute', fallback: 120, windowMs: MINUTE },
  signIn: { param: 'limit.signInPerIpMinute', fallback: 60, windowMs: MINUTE },
  sms: { param: 'limit.smsPerIpHour', fallback: 20, windowMs: HOUR },
  smsPhone: { param: 'limit.smsPerPhoneHour', fallback: 5, windowMs: HOUR },
  notify: { param: 'limit.notifyPerIpMinute', fallback: 600, windowMs: MINUTE },
};

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The rate limit of a public route when it is not the `public` one (rate-limits.ts). */
    limit?: LimitKind;
  }
}

async function allowed(ctx: AppContext, limit: Limit): Promise<number> {
  const value = Number(await paramValue(ctx, limit.param, String(limit.fallback)));
  return Number.isInteger(value) && value >= 0 ? value : limit.fallback;
}

const tooMany = () => new BladeError(MSG_TOO_MANY, 429);

/** Registered before the routes: its onRoute hook gives every public API route its limit as the route registers. */
export async function registerRateLimits(app: FastifyInstance): Promise<void> {
  const { ctx } = app;
  app.addHook('onRoute', (route: RouteOptions) => {
    // The console's own files outside /api are the same for everyone and cost nothing to serve again.
    if (route.config?.access !== 'public' || !route.url.startsWith('/api/')) return;
    const limit = LIMITS[route.config.limit ?? 'public'];
    route.config = { ...route.config, rateLimit: { max: () => allowed(ctx, limit), timeWindow: limit.windowMs } };
  });
  await app.register(rateLimit, {
    global: false,
    store: databaseStore(ctx),
    errorResponseBuilder: tooMany,
  });
}

/**
 * Counts a text to this phone against `limit.smsPerPhoneHour`, whatever the address asking: refused with 429 and
 * `Retry-After` past the limit. Called for a text about to go, after the captcha, so nobody can use up a phone's texts
 * without solving one each time.
 */
export function phoneLimit(app: FastifyInstance): (request: FastifyRequest, reply: FastifyReply) => Promise<void> {
  const { ctx } = app;
  const limit = LIMITS.smsPhone;
  const count = app.createRateLimit({
    max: () => allowed(ctx, limit),
    timeWindow: limit.windowMs,
    keyGenerator: (request) => `sms-phone ${String(fieldsOf(request.query)?.phone)}`,
  });
  return async (request, reply) => {
    const counted = await count(request);
    if (counted.isAllowed || !counted.isExceeded) return;
    reply.header('retry-after', counted.ttlInSeconds);
    throw tooMany();
  };
}
