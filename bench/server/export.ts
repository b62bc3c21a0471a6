// `npm run bench`, export part: 100,000 orders (BENCH_EXPORT_ORDERS to change it) exported by the server as the order
// screen exports them, on a fresh SQLite file: the time to the finished file, the growth of the process's memory while
// it is written (RSS, peak over the start), and the p99 of other requests (param/list, one after another) during the
// export against the same requests without one. Figures, not verdicts.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../../server/config.js';
import { addDemoOrders } from '../../server/seed/demo-history.js';
import { createServer } from '../../server/start.js';
import { adminHeaders } from './sign-in.js';

const ORDERS = Number(process.env.BENCH_EXPORT_ORDERS ?? 100_000);
const QUIET_REQUESTS = 300;

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

const percentile = (values: number[], p: number): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return Number((sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0).toFixed(2));
};

const megabytes = (bytes: number) => Math.round(bytes / 1024 / 1024);

export async function benchExport(): Promise<Record<string, string | number>> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ride-console-bench-export-'));
  const server = await createServer(
    loadConfig({
      DATABASE_URL: path.join(dataDir, 'export.db'),
      DATA_DIR: dataDir,
      DIST_DIR: path.join(dataDir, 'no-console'),
      CAPTCHA_ENABLED: 'false',
      SEED_DEMO: 'false',
      NODE_ENV: 'production',
      // Measures the export, not payments: the sandbox, allowed in production for it.
      PAY_SANDBOX_IN_PRODUCTION: 'true',
    }),
  );
  try {
    await addDemoOrders(server.ctx.db, ORDERS);
    const address = await server.app.listen({ port: 0, host: '127.0.0.1' });
    const headers = await adminHeaders(address);
    const other = async (): Promise<number> => {
      const begun = performance.now();
      await (await fetch(`${address}/api/blade-system/param/list?current=1&size=10`, { headers })).json();
      return performance.now() - begun;
    };
    const quiet: number[] = [];
    for (let i = 0; i < QUIET_REQUESTS; i += 1) quiet.push(await other());

    global.gc?.();
    const rssBefore = process.memoryUsage().rss;
    let rssPeak = rssBefore;
    const sampler = setInterval(() => {
      rssPeak = Math.max(rssPeak, process.memoryUsage().rss);
    }, 50);
    const begun = performance.now();
    const start = await fetch(`${address}/api/blade-system/export/start`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({
        url: '/api/blade-system/order/list',
        query: {},
        title: '订单管理',
        columns: COLUMNS,
        totalsLabel: '合计',
      }),
    });
    const { data } = (await start.json()) as { data: { id: string } };
    const during: number[] = [];
    let state = 'running';
    let written = 0;
    while (state === 'running') {
      during.push(await other());
      const progress = await fetch(`${address}/api/blade-system/export/progress?id=${data.id}`, { headers });
      ({ state, written } = ((await progress.json()) as { data: { state: string; written: number } }).data);
    }
    const seconds = (performance.now() - begun) / 1000;
    clearInterval(sampler);
    const file = await fetch(`${address}/api/blade-system/export/file?id=${data.id}`, { headers });
    const bytes = (await file.arrayBuffer()).byteLength;
    return {
      orders: ORDERS,
      'export state': state,
      'rows written': written,
      'export time s': Number(seconds.toFixed(1)),
      'file MB': Number((bytes / 1024 / 1024).toFixed(1)),
      'RSS growth during export MB (peak over start)': megabytes(rssPeak - rssBefore),
      'param/list p99 ms without export': percentile(quiet, 99),
      'param/list p99 ms during export': percentile(during, 99),
      'param/list requests during export': during.length,
    };
  } finally {
    await server.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
