// What Prometheus scrapes at /metrics (docs/operations.md, "Metrics"), with prom-client. Counters and histograms live
// in this process's memory: each instance is scraped on its own and Prometheus adds them up. Figures that belong to
// the database (money waiting, exports running) are gauges read when scraped, from whatever area registered them.
import type { FastifyInstance } from 'fastify';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { AppContext } from '../context.js';
import { poolOf } from '../db/index.js';
import { mayScrape } from './metrics-access.js';

/** What every instance counts, whichever app in the process served it. */
const processMetrics = new Registry();
collectDefaultMetrics({ register: processMetrics });

// From a cached read to a month report: a console's answers, 5 ms to 5 s.
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];
const HTTP_LABELS = ['method', 'route', 'status'] as const;

const httpRequests = new Counter({
  name: 'http_requests_total',
  help: 'Requests answered, by method, route pattern and status',
  labelNames: HTTP_LABELS,
  registers: [processMetrics],
});

const httpDuration = new Histogram({
  name: 'http_request_duration_seconds',
  help: 'Time from a request arriving to its answer sent, by method, route pattern and status',
  labelNames: HTTP_LABELS,
  buckets: LATENCY_BUCKETS,
  registers: [processMetrics],
});

const providerCalls = new Counter({
  name: 'provider_calls_total',
  help: 'Calls to outside providers by provider and outcome: ok, refused (the provider said no) or failed (no usable answer)',
  labelNames: ['provider', 'outcome'],
  registers: [processMetrics],
});

/** Sign-in attempts refused for a wrong password or code, by kind (password, sms). */
export const signInFailures = new Counter({
  name: 'sign_in_failures_total',
  help: 'Sign-ins refused for a wrong password or code, by kind',
  labelNames: ['kind'],
  registers: [processMetrics],
});

/** A name that reached `account.failCount` failures and was locked. */
export const signInLockouts = new Counter({
  name: 'sign_in_lockouts_total',
  help: 'Sign-in names locked after too many failures, by kind',
  labelNames: ['kind'],
  registers: [processMetrics],
});

/** A sign-in refused without checking its password because its name is locked. */
export const signInLocked = new Counter({
  name: 'sign_in_refused_locked_total',
  help: 'Sign-ins refused because the name is locked, by kind',
  labelNames: ['kind'],
  registers: [processMetrics],
});

export type ProviderOutcome = 'ok' | 'refused' | 'failed';

/** Counts one call to an outside provider (`wechat_pay`, `sms_aliyun`, `wechat_mp`, …). */
export function countProviderCall(provider: string, outcome: ProviderOutcome): void {
  providerCalls.inc({ provider, outcome });
}

/**
 * Runs one call to a provider and counts it: ok when it answers, refused when it throws an error `isRefusal` knows as
 * the provider's own answer, failed otherwise.
 */
export async function providerCall<T>(
  provider: string,
  call: () => Promise<T>,
  isRefusal: (error: unknown) => boolean = () => false,
): Promise<T> {
  try {
    const answer = await call();
    countProviderCall(provider, 'ok');
    return answer;
  } catch (error) {
    countProviderCall(provider, isRefusal(error) ? 'refused' : 'failed');
    throw error;
  }
}

/** Runs one call to a provider that refuses in its answer (WeChat's `errcode`), and counts it by that answer. */
export async function providerAnswer<T>(provider: string, call: () => Promise<T>, refused: (answer: T) => boolean) {
  let answer: T;
  try {
    answer = await call();
  } catch (error) {
    countProviderCall(provider, 'failed');
    throw error;
  }
  countProviderCall(provider, refused(answer) ? 'refused' : 'ok');
  return answer;
}

/** One value of a gauge read at scrape time, with its labels when the gauge has some. */
export interface GaugeReading {
  labels?: Record<string, string>;
  value: number;
}

export interface ScrapedGauge {
  name: string;
  help: string;
  labelNames?: string[];
  read: (ctx: AppContext) => number | GaugeReading[] | Promise<number | GaugeReading[]>;
}

const scraped: ScrapedGauge[] = [];

/**
 * A gauge another area owns, read when /metrics is scraped: `read` answers a number, or one reading per label set.
 * Registered when its module loads, before the app is built.
 */
export function registerGauge(gauge: ScrapedGauge): void {
  if (!scraped.some((known) => known.name === gauge.name)) scraped.push(gauge);
}

function scrapedGauge(app: FastifyInstance, registry: Registry, source: ScrapedGauge): void {
  new Gauge({
    name: source.name,
    help: source.help,
    labelNames: source.labelNames ?? [],
    registers: [registry],
    async collect() {
      this.reset();
      try {
        const reading = await source.read(app.ctx);
        if (typeof reading === 'number') this.set(reading);
        else for (const { labels, value } of reading) this.set(labels ?? {}, value);
      } catch (error) {
        // One figure that cannot be read (its table not there yet) leaves it out, not the whole scrape.
        app.log.warn(error, `metrics: ${source.name} could not be read`);
      }
    },
  });
}

/** On PostgreSQL, the pool's connections; SQLite is one connection in the process and has no pool to watch. */
function poolGauges(app: FastifyInstance, registry: Registry): void {
  const pool = poolOf(app.ctx.db);
  if (!pool) return;
  new Gauge({
    name: 'db_pool_connections',
    help: 'PostgreSQL pool connections by state: idle, in_use, and max (the pool size)',
    labelNames: ['state'],
    registers: [registry],
    collect() {
      this.set({ state: 'idle' }, pool.idleCount);
      this.set({ state: 'in_use' }, pool.totalCount - pool.idleCount);
      this.set({ state: 'max' }, pool.options.max ?? 10);
    },
  });
  new Gauge({
    name: 'db_pool_waiting',
    help: 'Queries waiting for a free PostgreSQL pool connection',
    registers: [registry],
    collect() {
      this.set(pool.waitingCount);
    },
  });
}

/** Counts every answer by its route pattern (never the raw URL: ids and queries would make endless series). */
function countRequests(app: FastifyInstance): void {
  app.addHook('onResponse', async (request, reply) => {
    const labels = {
      method: request.method,
      route: request.routeOptions.url ?? 'unmatched',
      status: String(reply.statusCode),
    };
    httpRequests.inc(labels);
    httpDuration.observe(labels, reply.elapsedTime / 1000);
  });
}

/** The request counters (before the routes, so they cover all) and `GET /metrics`. */
export function registerMetrics(app: FastifyInstance): void {
  countRequests(app);
  const own = new Registry();
  poolGauges(app, own);
  for (const source of scraped) scrapedGauge(app, own, source);
  const registry = Registry.merge([processMetrics, own]);
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    const refusal = mayScrape(app.ctx.config, request);
    if (refusal) {
      if (refusal.status === 401) reply.header('www-authenticate', 'Bearer');
      return reply.code(refusal.status).type('text/plain; charset=utf-8').send(refusal.reason);
    }
    return reply.type(registry.contentType).send(await registry.metrics());
  });
}
