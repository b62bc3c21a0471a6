// `npm run bench`, orders part: order/list and the dashboard's calls (dashboard.ts) at a million orders (BENCH_ORDERS to
// change it) as staff search it — a month's date range with a state and a site; then each filter alone (a month, a
// customer's phone, a device's number, a site, a company, a pay mode) and a month with a company, a site, a state or a
// pay mode — the current page and the total — on SQLite, and on PostgreSQL when
// BENCH_PG_URL (or TEST_PG_URL) names a server. The history is the demo generator's. Figures, not verdicts.
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { loadConfig } from '../../server/platform/config.js';
import { addDemoOrders } from '../../server/seed/demo-history.js';
import { createServer, type Server } from '../../server/start.js';
import { benchDashboard } from './dashboard.js';
import { onEachDatabase } from './databases.js';
import { adminHeaders } from './sign-in.js';

const ORDERS = Number(process.env.BENCH_ORDERS ?? 1_000_000);
const REQUESTS = 300;
const SQLITE_UP_TO = 1_000_000;
const WARM_UP = 30;
const STATES = [3, 3, 3, 6, 7, 5];
const DAY_MS = 86_400_000;

type Figures = Record<string, string | number>;

const percentile = (sorted: number[], p: number): number =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

const day = (msAgo: number) => new Date(Date.now() - msAgo).toISOString().slice(0, 10);

/** order/list as staff search it, one request at a time against the server's own port. */
export async function measureOrderList(server: Server): Promise<Figures> {
  // The sites that rent (hospital sites lend beds, not strollers).
  const rented = await server.ctx.db.selectFrom('biz_order').select('siteId').distinct().execute();
  const sites = rented.map((row) => String(row.siteId));
  const address = await server.app.listen({ port: 0, host: '127.0.0.1' });
  const headers = await adminHeaders(address);
  // Values staff would type: a customer's phone, a device's number, a company, a pay mode, from the history itself.
  const samples = await server.ctx.db
    .selectFrom('biz_order')
    .select(['phoneNumber', 'keyPair', 'deptId'])
    .where('id', 'in', (eb) => eb.selectFrom('biz_order').select('id').orderBy('id').limit(REQUESTS))
    .execute();
  const pick = (i: number) => samples[i % samples.length];
  const month = (i: number) => {
    const from = (30 + (i % 150)) * DAY_MS;
    return { createTime_dategt: day(from), createTime_datelt: day(from - 30 * DAY_MS) };
  };
  const page = (i: number) => ({ current: String(1 + (i % 3)), size: '10' });
  // A month's window somewhere in the last six months, one site, one state, one of the first pages; then each filter
  // the screen offers as staff use it.
  const searches: Record<string, (i: number) => Record<string, string>> = {
    'month, state, site': (i) => ({
      ...month(i),
      state_equal: String(STATES[i % STATES.length]),
      siteId_equal: sites[i % sites.length],
      ...page(i),
    }),
    month: (i) => ({ ...month(i), ...page(i) }),
    phone: (i) => ({ phoneNumber_equal: String(pick(i).phoneNumber), ...page(i) }),
    device: (i) => ({ keyPair_equal: String(pick(i).keyPair), ...page(i) }),
    site: (i) => ({ siteId_equal: sites[i % sites.length], ...page(i) }),
    company: (i) => ({ deptId_equal: String(pick(i).deptId), ...page(i) }),
    'pay mode': (i) => ({ payMode_equal: String(1 + (i % 2) * 2), ...page(i) }),
    'month, company': (i) => ({ ...month(i), deptId_equal: String(pick(i).deptId), ...page(i) }),
    'month, site': (i) => ({ ...month(i), siteId_equal: sites[i % sites.length], ...page(i) }),
    'month, state': (i) => ({ ...month(i), state_equal: String(STATES[i % STATES.length]), ...page(i) }),
    'month, pay mode': (i) => ({ ...month(i), payMode_equal: String(1 + (i % 2) * 2), ...page(i) }),
  };
  const figures: Figures = { 'order/list requests': REQUESTS };
  for (const [name, search] of Object.entries(searches)) {
    const latencies: number[] = [];
    const totals: number[] = [];
    let failures = 0;
    for (let i = 0; i < WARM_UP + REQUESTS; i += 1) {
      const params = new URLSearchParams(search(i));
      const begun = performance.now();
      const response = await fetch(`${address}/api/blade-system/order/list?${params}`, { headers });
      const body = (await response.json()) as { data?: { total?: number } };
      const elapsed = performance.now() - begun;
      if (!response.ok) failures += 1;
      if (i < WARM_UP) continue;
      latencies.push(elapsed);
      totals.push(Number(body.data?.total ?? 0));
    }
    latencies.sort((a, b) => a - b);
    totals.sort((a, b) => a - b);
    const label = name === 'month, state, site' ? 'order/list' : `order/list by ${name}`;
    figures[`${label} p50 ms`] = Number(percentile(latencies, 50).toFixed(2));
    figures[`${label} p99 ms`] = Number(percentile(latencies, 99).toFixed(2));
    figures[`${label} median total`] = percentile(totals, 50);
    if (failures) figures[`${label} failures`] = failures;
  }
  const dashboard = await benchDashboard(address, headers);
  // The machine's load while measuring: a p99 on a shared, busy machine measures the queue for its cores too.
  return { ...figures, ...dashboard, 'load average (1 min) after': Number(os.loadavg()[0].toFixed(2)) };
}

async function benchOn(databaseUrl: string, dataDir: string): Promise<Figures> {
  const config = loadConfig({
    DATABASE_URL: databaseUrl,
    DATA_DIR: dataDir,
    DIST_DIR: path.join(dataDir, 'no-console'),
    CAPTCHA_ENABLED: 'false',
    SEED_DEMO: 'false',
    NODE_ENV: 'production',
    // Measures the console, not payments: the sandbox, allowed in production for it.
    PAY_SANDBOX_IN_PRODUCTION: 'true',
    MINIAPP_SIMULATOR_IN_PRODUCTION: 'true',
  });
  const server = await createServer(config);
  try {
    const started = performance.now();
    await addDemoOrders(server.ctx.db, ORDERS);
    const generated = (performance.now() - started) / 1000;
    // Fresh statistics and visibility map, as autovacuum would have left them on a database that grew to this size:
    // the counts are index-only scans, which read the table for pages the map does not mark all-visible.
    if (server.ctx.dialect === 'postgres') await sql`vacuum analyze`.execute(server.ctx.db);
    return {
      orders: ORDERS,
      'generated in s': Number(generated.toFixed(1)),
      'load average (1 min) after generating': Number(os.loadavg()[0].toFixed(2)),
      ...(await measureOrderList(server)),
    };
  } finally {
    await server.close();
  }
}

/** The figures per database, each handed on as soon as measured: SQLite always, PostgreSQL when a server is named. */
export async function benchOrders(report: (database: string, figures: Figures) => void): Promise<void> {
  // SQLite writes its history row by row (an hour for ten million): past a million orders only PostgreSQL runs when
  // one is named.
  await onEachDatabase('orders', benchOn, report, { sqlite: ORDERS <= SQLITE_UP_TO });
}
