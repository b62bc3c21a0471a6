// What an operator's tools read: /healthz and /readyz for the load balancer, /metrics for Prometheus. The counters
// move with the requests made, by route pattern and status; a failed sign-in is counted; a scraper without the token
// at an address not allowed is refused; readiness turns 503 while migrations are pending or the instance drains.
import { md5 } from 'js-md5';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentProviderOf } from '../../../server/money/payments/index.js';
import { PaymentError } from '../../../server/money/payments/provider.js';
import { drain } from '../../../server/platform/ops/drain.js';
import { flushLogs } from '../../../server/system/logs/queue.js';
import { testKeys } from '../../doubles/wechat-pay/keys.js';
import { WechatPayDouble } from '../../doubles/wechat-pay/server.js';
import { call, signIn, startTestServer, type TestServer, wechatPayEnv } from '../harness.js';

const TOKEN = 'scrape-4f9c2e';
const OUTSIDE = '203.0.113.7';

/** The value of one series in the exposition text, 0 when it is not there yet. */
function seriesValue(text: string, name: string, labels: Record<string, string> = {}): number {
  const wanted = Object.entries(labels).map(([key, value]) => `${key}="${value}"`);
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue;
    if (wanted.every((pair) => line.includes(pair))) return Number(line.slice(line.lastIndexOf(' ') + 1));
  }
  return 0;
}

async function scrape(server: TestServer, options: { token?: string; from?: string } = {}) {
  return server.app.inject({
    method: 'GET',
    url: '/metrics',
    headers: options.token ? { authorization: `Bearer ${options.token}` } : {},
    remoteAddress: options.from ?? '127.0.0.1',
  });
}

describe('metrics, health and readiness', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({ METRICS_TOKEN: TOKEN });
  });
  afterAll(async () => server?.close());

  it('counts requests by route pattern and status, and a failed sign-in', async () => {
    const before = (await scrape(server)).body;
    const token = await signIn(server);
    for (let time = 0; time < 3; time += 1) {
      const answer = await call(server, 'GET', '/api/blade-system/param/list', {
        token,
        query: { current: 1, size: 5 },
      });
      expect(answer.statusCode).toBe(200);
    }
    expect((await call(server, 'GET', '/api/blade-system/param/list')).statusCode).toBe(401);
    const refused = await call(server, 'POST', '/api/blade-auth/oauth/token', {
      headers: { 'tenant-id': '000000' },
      query: { tenantId: '000000', username: 'admin', password: md5('wrong'), grant_type: 'password' },
    });
    expect(refused.statusCode).toBe(400);

    const answer = await scrape(server);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toContain('text/plain');
    const after = answer.body;
    const moved = (name: string, labels: Record<string, string>) =>
      seriesValue(after, name, labels) - seriesValue(before, name, labels);
    const list = { method: 'GET', route: '/api/blade-system/param/list' };
    expect(moved('http_requests_total', { ...list, status: '200' })).toBe(3);
    expect(moved('http_requests_total', { ...list, status: '401' })).toBe(1);
    expect(moved('http_request_duration_seconds_count', { ...list, status: '200' })).toBe(3);
    expect(moved('http_request_duration_seconds_bucket', { ...list, status: '200', le: '5' })).toBe(3);
    const token400 = { method: 'POST', route: '/api/blade-auth/oauth/token', status: '400' };
    expect(moved('http_requests_total', token400)).toBe(1);
    expect(moved('sign_in_failures_total', { kind: 'password' })).toBe(1);
    // The pattern, never the address as called: no query string nor id makes a series of its own.
    expect(after).not.toMatch(/route="[^"]*\?/);
    // The event loop's delay and the process figures come with every scrape.
    expect(after).toContain('nodejs_eventloop_lag_seconds');
    expect(after).toContain('exports_running');
    // PostgreSQL's pool is watched; SQLite has none.
    expect(after.includes('db_pool_connections{state="idle"}')).toBe(server.ctx.dialect === 'postgres');
  });

  it('counts a lockout and the sign-ins it refuses', async () => {
    const before = (await scrape(server)).body;
    const attempt = () =>
      call(server, 'POST', '/api/blade-auth/oauth/token', {
        headers: { 'tenant-id': '000000' },
        query: { tenantId: '000000', username: 'nobody-here', password: md5('guess'), grant_type: 'password' },
      });
    // account.failCount is 5: the fifth failure locks the name, the sixth attempt is refused without a check.
    for (let time = 0; time < 6; time += 1) expect((await attempt()).statusCode).toBe(400);
    const after = (await scrape(server)).body;
    const moved = (name: string) =>
      seriesValue(after, name, { kind: 'password' }) - seriesValue(before, name, { kind: 'password' });
    expect(moved('sign_in_failures_total')).toBe(5);
    expect(moved('sign_in_lockouts_total')).toBe(1);
    expect(moved('sign_in_refused_locked_total')).toBe(1);
  });

  it('shows what the recovery worker waits on, read from the database when scraped', async () => {
    const before = seriesValue((await scrape(server)).body, 'recovery_waiting', { kind: 'refund' });
    await server.ctx.db
      .insertInto('biz_recovery')
      .values({
        kind: 'refund',
        outNo: 'R-METRICS-1',
        attempts: 3,
        nextTime: '2099-01-01 00:00:00',
        updateTime: '2026-01-01 00:00:00',
      })
      .execute();
    const after = (await scrape(server)).body;
    expect(seriesValue(after, 'recovery_waiting', { kind: 'refund' })).toBe(before + 1);
    expect(seriesValue(after, 'recovery_attempts_max', { kind: 'refund' })).toBeGreaterThanOrEqual(3);
    expect(after).toContain('money_waiting_stale{kind="refund"} 0');
  });

  it('refuses a scraper without the token at an address not allowed, and takes it with the token', async () => {
    const outside = await scrape(server, { from: OUTSIDE });
    expect(outside.statusCode).toBe(401);
    expect(outside.body).not.toContain('http_requests_total');
    const wrong = await scrape(server, { from: OUTSIDE, token: 'guess' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.body).not.toContain('http_requests_total');
    // Behind an untrusted proxy on the same machine the caller is unknown: loopback alone does not let it in.
    const proxied = await server.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { 'x-forwarded-for': OUTSIDE },
      remoteAddress: '127.0.0.1',
    });
    expect(proxied.statusCode).toBe(401);
    // The premise: the same address with the token reads them.
    const withToken = await scrape(server, { from: OUTSIDE, token: TOKEN });
    expect(withToken.statusCode).toBe(200);
    expect(withToken.body).toContain('http_requests_total');
  });

  it('answers health and readiness in plain text, outside the API log and the rate limits', async () => {
    const health = await server.app.inject({ method: 'GET', url: '/healthz' });
    expect(health.statusCode).toBe(200);
    expect(health.body).toBe('ok');
    // More than the public limit (120 a minute from one address): a probe is never limited.
    for (let time = 0; time < 130; time += 1) {
      const ready = await server.app.inject({ method: 'GET', url: '/readyz' });
      expect(ready.statusCode).toBe(200);
      expect(ready.body).toBe('ready');
    }
    await flushLogs(server.ctx);
    const logged = await server.ctx.db
      .selectFrom('blade_log_api')
      .select('requestUri')
      .where('requestUri', 'in', ['/healthz', '/readyz', '/metrics'])
      .execute();
    expect(logged).toEqual([]);
    // The premise: API calls of this run are logged.
    const api = await server.ctx.db
      .selectFrom('blade_log_api')
      .select('requestUri')
      .where('requestUri', '=', '/api/blade-system/param/list')
      .execute();
    expect(api.length).toBeGreaterThan(0);
  });

  it('is not ready once draining, while still alive', async () => {
    await drain({ app: server.app, close: async () => {} }, 0);
    const ready = await server.app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(503);
    expect(ready.body).toBe('not ready: draining');
    expect((await server.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
  });
});

describe('readiness with migrations pending, metrics from an allowed network only', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({ METRICS_ALLOW: '10.1.0.0/16' });
  });
  afterAll(async () => server?.close());

  it('is not ready until every migration this build ships is applied', async () => {
    const { db } = server.ctx;
    const last = await sql<{
      name: string;
      timestamp: string;
    }>`select name, timestamp from blade_migration order by name desc limit 1`.execute(db);
    const { name, timestamp } = last.rows[0];
    await sql`delete from blade_migration where name = ${name}`.execute(db);
    const pending = await server.app.inject({ method: 'GET', url: '/readyz' });
    expect(pending.statusCode).toBe(503);
    expect(pending.body).toContain(`migrations pending: 1 (${name}`);
    await sql`insert into blade_migration (name, timestamp) values (${name}, ${timestamp})`.execute(db);
    const ready = await server.app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(200);
  });

  it('refuses loopback and outside addresses when only a network is allowed and no token is set', async () => {
    for (const from of ['127.0.0.1', OUTSIDE]) {
      const refused = await scrape(server, { from });
      expect(refused.statusCode).toBe(403);
      expect(refused.body).toContain('METRICS_ALLOW');
    }
    const allowed = await scrape(server, { from: '10.1.2.3' });
    expect(allowed.statusCode).toBe(200);
    expect(allowed.body).toContain('http_requests_total');
  });
});

describe('calls to the payment provider', () => {
  let double: WechatPayDouble;
  let server: TestServer;
  let doubleOpen = true;

  beforeAll(async () => {
    double = await WechatPayDouble.start(testKeys());
    server = await startTestServer(wechatPayEnv(double));
    double.attach(server.ctx, server.config.payments.sandboxBalance);
  });
  afterAll(async () => {
    await server?.close();
    if (doubleOpen) await double?.close();
  });

  it('counts answers, refusals and calls without an answer, by provider', async () => {
    const before = (await scrape(server)).body;
    const provider = paymentProviderOf(server.ctx);
    // The real client against the local WeChat Pay: its certificates come first (answered), then the refusal.
    await expect(provider.query('NO-SUCH-ORDER-1')).rejects.toBeInstanceOf(PaymentError);
    await double.close();
    doubleOpen = false;
    const failure = await provider.query('NO-SUCH-ORDER-2').catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(Error);
    expect(failure).not.toBeInstanceOf(PaymentError);
    const after = (await scrape(server)).body;
    const moved = (outcome: string) =>
      seriesValue(after, 'provider_calls_total', { provider: 'wechat_pay', outcome }) -
      seriesValue(before, 'provider_calls_total', { provider: 'wechat_pay', outcome });
    expect(moved('refused')).toBe(1);
    expect(moved('failed')).toBe(1);
    expect(moved('ok')).toBeGreaterThanOrEqual(1);
  });
});
