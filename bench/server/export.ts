// `npm run bench`, export part: 100,000 orders (BENCH_EXPORT_ORDERS to change it) exported by the server as the order
// screen exports them, on a fresh SQLite file, and on PostgreSQL when BENCH_PG_URL (or TEST_PG_URL) names a server:
// the time to the finished file; the server's memory (RSS of its own process, as `npm start` runs it) before, at its
// peak while the file is written, and after; other requests (param/list, one after another) without an export and
// while one runs — p50, p99 and the ratio of the p99s; then the mixed round: 50 staff at once (BENCH_EXPORT_CLIENTS)
// searching the order list by its filters and opening the dashboard back to back, for BENCH_EXPORT_QUIET_S seconds
// without an export and then while one runs — their p50 and p99 both ways, each call's p99 and the ratio of the p99s;
// then the same calls at a pace (BENCH_EXPORT_PACE a second in all), both ways again.
// BENCH_EXPORT_DATABASE_URL runs it on a database that already holds its orders (the orders part's ten million on
// PostgreSQL, say), generating nothing and dropping nothing; BENCH_EXPORT_QUERY (a query string, e.g.
// `createTime_dategt=2026-11-01`) narrows what is exported there. Figures, not verdicts.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { startServerProcess } from '../../scripts/server-process.js';
import { loadConfig } from '../../server/platform/config.js';
import { addDemoOrders } from '../../server/seed/demo-history.js';
import { createServer } from '../../server/start.js';
import { onEachDatabase } from './databases.js';
import { adminHeaders } from './sign-in.js';

const ORDERS = Number(process.env.BENCH_EXPORT_ORDERS ?? 100_000);
const WARM_UP = 50;
/** Enough for a p99 that is not one unlucky request (300 made it the third slowest); an export meets about 6,000. */
const QUIET_REQUESTS = 3000;
/** How often the screen asks for the export's progress. */
const PROGRESS_MS = 500;
/** Staff working at once in the mixed round, and how long it runs without an export. */
const CLIENTS = Number(process.env.BENCH_EXPORT_CLIENTS ?? 50);
const QUIET_SECONDS = Number(process.env.BENCH_EXPORT_QUIET_S ?? 20);
/**
 * The paced round's calls a second, all staff together: 200 is 50 staff each clicking every quarter second, far
 * beyond a person's pace, and about half of what this 2-core machine answers back to back (docs/operations.md).
 */
const PACE = Number(process.env.BENCH_EXPORT_PACE ?? 200);
/** The search exported (all orders unless named). */
const EXPORT_QUERY = Object.fromEntries(new URLSearchParams(process.env.BENCH_EXPORT_QUERY ?? ''));
const DAY_MS = 86_400_000;

type Figures = Record<string, string | number>;

/** The order screen's columns as its export sends them (amounts in cents written as yuan). */
const COLUMNS = [
  { field: 'outTradeNo', header: '商户订单号' },
  { field: 'state', header: '订单状态', labels: { '1': '租用中', '3': '已完成', '5': '已取消' } },
  { field: 'phoneNumber', header: '手机号' },
  { field: 'keyPair', header: '设备编号' },
  { field: 'siteName', header: '站点' },
  { field: 'deptName', header: '所属公司' },
  { field: 'amount', header: '订单金额', kind: 'money' },
  { field: 'refundedAmount', header: '已退金额', kind: 'money' },
  { field: 'actAmount', header: '实收金额', kind: 'money' },
  { field: 'startTime', header: '开始时间' },
  { field: 'endTime', header: '结束时间' },
  { field: 'createTime', header: '创建时间' },
];

const PARAM_COLUMNS = [
  { field: 'paramName', header: '参数名称' },
  { field: 'paramValue', header: '参数键值' },
];

async function startExport(
  address: string,
  headers: Record<string, string>,
  url: string,
  title: string,
  columns: object[],
  query: Record<string, string> = {},
): Promise<string> {
  const start = await fetch(`${address}/api/blade-system/export/start`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({ url, query, title, columns, totalsLabel: '合计' }),
  });
  return ((await start.json()) as { data: { id: string } }).data.id;
}

async function progressOf(address: string, headers: Record<string, string>, id: string) {
  const progress = await fetch(`${address}/api/blade-system/export/progress?id=${id}`, { headers });
  return ((await progress.json()) as { data: { state: string; written: number } }).data;
}

const percentile = (values: number[], p: number): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return Number((sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0).toFixed(2));
};

const megabytes = (bytes: number) => Math.round(bytes / 1024 / 1024);

/** The calls of one staff member meanwhile: param/list, each sent when the previous one is answered. */
function requester(address: string, headers: Record<string, string>) {
  return async (): Promise<number> => {
    const begun = performance.now();
    await (await fetch(`${address}/api/blade-system/param/list?current=1&size=10`, { headers })).json();
    return performance.now() - begun;
  };
}

const day = (msAgo: number) => new Date(Date.now() - msAgo).toISOString().slice(0, 10);

/** One of staff's calls, named by what it asks (`list: phone`, `home/data`), so each call's figures are seen. */
interface StaffCall {
  kind: string;
  url: string;
}

/**
 * What staff ask for meanwhile: the order list by each of its filters (values from the history itself: a customer's
 * phone, a device, a site, a company), a month with a state, and the dashboard's calls.
 */
async function staffCalls(address: string, headers: Record<string, string>): Promise<StaffCall[]> {
  const sample = await fetch(`${address}/api/blade-system/order/list?current=1&size=50`, { headers });
  const rows = ((await sample.json()) as { data: { records: Record<string, string>[] } }).data.records;
  const list = (kind: string, query: Record<string, string>): StaffCall => ({
    kind,
    url: `${address}/api/blade-system/order/list?${new URLSearchParams({ current: '1', size: '10', ...query })}`,
  });
  const home = (call: string): StaffCall => ({ kind: `home/${call}`, url: `${address}/api/blade-system/home/${call}` });
  const calls: StaffCall[] = [];
  rows.forEach((row, i) => {
    const from = (30 + ((i * 7) % 150)) * DAY_MS;
    const month = { createTime_dategt: day(from), createTime_datelt: day(from - 30 * DAY_MS) };
    calls.push(
      list('list: month, state, site', { ...month, state_equal: '3', siteId_equal: row.siteId }),
      list('list: phone', { phoneNumber_equal: row.phoneNumber }),
      list('list: device', { keyPair_equal: row.keyPair }),
      list('list: site', { siteId_equal: row.siteId }),
      list('list: company', { deptId_equal: row.deptId }),
      list('list: month, pay mode', { ...month, payMode_equal: String(1 + (i % 2) * 2) }),
      home('data'),
      home('seven'),
      home('map'),
    );
  });
  return calls;
}

interface Load {
  latencies: number[];
  byKind: Map<string, number[]>;
  failures: number;
}

/** Sends `call` and counts its answer in `load`. */
async function timed(load: Load, { kind, url }: StaffCall, headers: Record<string, string>): Promise<void> {
  const begun = performance.now();
  const response = await fetch(url, { headers });
  await response.arrayBuffer();
  const took = performance.now() - begun;
  load.latencies.push(took);
  const ofKind = load.byKind.get(kind) ?? [];
  ofKind.push(took);
  load.byKind.set(kind, ofKind);
  if (!response.ok) load.failures += 1;
}

const newLoad = (): Load => ({ latencies: [], byKind: new Map(), failures: 0 });

/** `clients` staff, each sending the next call the moment the last is answered, until `going` says stop. */
async function staffAtOnce(calls: StaffCall[], headers: Record<string, string>, clients: number, going: () => boolean) {
  const load = newLoad();
  let next = 0;
  const client = async () => {
    while (going()) {
      const call = calls[next % calls.length];
      next += 1;
      await timed(load, call, headers);
    }
  };
  await Promise.all(Array.from({ length: clients }, client));
  return load;
}

/**
 * Staff at a pace: `rate` calls a second in all, each sent at its own time whatever the others' answers (random
 * arrivals, as independent people's clicks are), until `going` says stop.
 */
async function staffAtPace(calls: StaffCall[], headers: Record<string, string>, rate: number, going: () => boolean) {
  const load = newLoad();
  const sent: Promise<void>[] = [];
  let due = performance.now();
  while (going()) {
    due += (-Math.log(1 - Math.random()) * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    sent.push(timed(load, calls[sent.length % calls.length], headers));
  }
  await Promise.all(sent);
  return load;
}

/** One load without an export for QUIET_SECONDS, then the same load while the orders are exported. */
async function aroundExport(
  address: string,
  headers: Record<string, string>,
  load: (going: () => boolean) => Promise<Load>,
) {
  const quietBegun = performance.now();
  const quiet = await load(() => performance.now() - quietBegun < QUIET_SECONDS * 1000);
  const begun = performance.now();
  const id = await startExport(address, headers, '/api/blade-system/order/list', '订单管理', COLUMNS, EXPORT_QUERY);
  let state = 'running';
  let written = 0;
  const following = (async () => {
    while (state === 'running') {
      await new Promise((resolve) => setTimeout(resolve, PROGRESS_MS));
      ({ state, written } = await progressOf(address, headers, id));
    }
  })();
  const during = await load(() => state === 'running');
  await following;
  const seconds = (performance.now() - begun) / 1000;
  await fetch(`${address}/api/blade-system/export/file?id=${id}`, { headers }).then((file) => file.arrayBuffer());
  return { quiet, during, state, written, seconds };
}

/** A round's figures under `name`: the mix's p50 and p99 without and during the export, and each call's p99. */
function roundFigures(
  name: string,
  { quiet, during, state, written, seconds }: Awaited<ReturnType<typeof aroundExport>>,
) {
  const quietP99 = percentile(quiet.latencies, 99);
  const duringP99 = percentile(during.latencies, 99);
  const kinds = [...quiet.byKind.keys()];
  const worst = (load: Load) => Math.max(...kinds.map((kind) => percentile(load.byKind.get(kind) ?? [], 99)));
  return {
    [`${name}: export state`]: state,
    [`${name}: rows written`]: written,
    [`${name}: export time s (under load)`]: Number(seconds.toFixed(1)),
    [`${name}: p50 ms without export`]: percentile(quiet.latencies, 50),
    [`${name}: p99 ms without export`]: quietP99,
    [`${name}: p50 ms during export`]: percentile(during.latencies, 50),
    [`${name}: p99 ms during export`]: duringP99,
    [`${name}: p99 during / without`]: Number((duringP99 / quietP99).toFixed(2)),
    [`${name}: requests without / during export`]: `${quiet.latencies.length} / ${during.latencies.length}`,
    // Each call's p99 without and during the export: the goal is each call's, not the mix's.
    ...Object.fromEntries(
      kinds.map((kind) => [
        `${name}: ${kind} p99 ms without / during`,
        `${percentile(quiet.byKind.get(kind) ?? [], 99)} / ${percentile(during.byKind.get(kind) ?? [], 99)}`,
      ]),
    ),
    [`${name}: slowest call's p99 ms without / during`]: `${worst(quiet)} / ${worst(during)}`,
    ...(quiet.failures + during.failures ? { [`${name}: failures`]: quiet.failures + during.failures } : {}),
  };
}

/**
 * The mixed rounds: CLIENTS staff sending their calls back to back (the most the server answers, and how long each
 * call waits behind the others then), then staff at PACE calls a second in all; each without an export and while one
 * runs.
 */
async function mixedRound(address: string, headers: Record<string, string>): Promise<Figures> {
  const calls = await staffCalls(address, headers);
  // Warmed up: every call compiled and its pages cached before anything is counted.
  const warm = performance.now();
  await staffAtOnce(calls, headers, CLIENTS, () => performance.now() - warm < 3000);
  const loadBefore = os.loadavg()[0];
  const atOnce = await aroundExport(address, headers, (going) => staffAtOnce(calls, headers, CLIENTS, going));
  const atPace = await aroundExport(address, headers, (going) => staffAtPace(calls, headers, PACE, going));
  return {
    'mixed: staff at once': CLIENTS,
    ...roundFigures('mixed', atOnce),
    'mixed: answers a second without export': Math.round(atOnce.quiet.latencies.length / QUIET_SECONDS),
    'paced: calls a second': PACE,
    ...roundFigures('paced', atPace),
    'load average (1 min) before / after': `${loadBefore.toFixed(2)} / ${os.loadavg()[0].toFixed(2)}`,
  };
}

async function benchOn(databaseUrl: string, dataDir: string, generate = true): Promise<Figures> {
  const env = {
    DATABASE_URL: databaseUrl,
    DATA_DIR: dataDir,
    DIST_DIR: path.join(dataDir, 'no-console'),
    CAPTCHA_ENABLED: 'false',
    SEED_DEMO: 'false',
    NODE_ENV: 'production',
    // Measures the export, not payments: the sandbox, allowed in production for it, delivering nothing by itself
    // (its notifications for the generated history would otherwise land in either measurement by chance).
    PAY_SANDBOX_IN_PRODUCTION: 'true',
    MINIAPP_SIMULATOR_IN_PRODUCTION: 'true',
    PAY_SANDBOX_DELAY_MS: '0',
  };
  // The history is written here, then the server that exports it starts in a process of its own.
  if (generate) {
    const writer = await createServer(loadConfig(env));
    try {
      await addDemoOrders(writer.ctx.db, ORDERS);
      if (writer.ctx.dialect === 'postgres') await sql`vacuum analyze`.execute(writer.ctx.db);
    } finally {
      await writer.close();
    }
  }
  const server = await startServerProcess(env);
  try {
    const address = server.url;
    const headers = await adminHeaders(address);
    const other = requester(address, headers);
    for (let i = 0; i < WARM_UP; i += 1) await other();
    // A short export first, so the code an export runs is loaded and compiled before the memory is measured.
    const warmUp = await startExport(address, headers, '/api/blade-system/param/list', '参数管理', PARAM_COLUMNS);
    while ((await progressOf(address, headers, warmUp)).state === 'running') await other();
    await fetch(`${address}/api/blade-system/export/file?id=${warmUp}`, { headers }).then((file) => file.arrayBuffer());

    const quiet: number[] = [];
    for (let i = 0; i < QUIET_REQUESTS; i += 1) quiet.push(await other());

    const rssBefore = server.rss();
    let rssPeak = rssBefore;
    const sampler = setInterval(() => {
      rssPeak = Math.max(rssPeak, server.rss());
    }, 50);
    const begun = performance.now();
    const id = await startExport(address, headers, '/api/blade-system/order/list', '订单管理', COLUMNS, EXPORT_QUERY);
    let state = 'running';
    let written = 0;
    const following = (async () => {
      while (state === 'running') {
        await new Promise((resolve) => setTimeout(resolve, PROGRESS_MS));
        ({ state, written } = await progressOf(address, headers, id));
      }
    })();
    const during: number[] = [];
    while (state === 'running') during.push(await other());
    await following;
    const seconds = (performance.now() - begun) / 1000;
    clearInterval(sampler);
    const file = await fetch(`${address}/api/blade-system/export/file?id=${id}`, { headers });
    const bytes = (await file.arrayBuffer()).byteLength;
    const rssAfter = server.rss();
    const quietP99 = percentile(quiet, 99);
    const duringP99 = percentile(during, 99);
    return {
      orders: generate ? ORDERS : 'the database named',
      'export state': state,
      'rows written': written,
      'export time s': Number(seconds.toFixed(1)),
      'file MB': Number((bytes / 1024 / 1024).toFixed(1)),
      'server RSS before MB': megabytes(rssBefore),
      'server RSS peak during export MB': megabytes(rssPeak),
      'server RSS after MB': megabytes(rssAfter),
      'server RSS growth MB (peak over before)': megabytes(rssPeak - rssBefore),
      'param/list p50 ms without export': percentile(quiet, 50),
      'param/list p99 ms without export': quietP99,
      'param/list p50 ms during export': percentile(during, 50),
      'param/list p99 ms during export': duringP99,
      'param/list p99 during / without': Number((duringP99 / quietP99).toFixed(2)),
      'param/list requests during export': during.length,
      ...(await mixedRound(address, headers)),
    };
  } finally {
    await server.stop();
  }
}

/** The figures per database, each handed on as soon as measured: SQLite always, PostgreSQL when a server is named. */
export async function benchExport(report: (database: string, figures: Figures) => void): Promise<void> {
  const existing = process.env.BENCH_EXPORT_DATABASE_URL;
  if (!existing) return onEachDatabase('export', benchOn, report);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ride-console-bench-export-'));
  try {
    report(
      existing.startsWith('postgres') ? 'PostgreSQL, the database named' : 'SQLite, the file named',
      await benchOn(existing, dataDir, false),
    );
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
