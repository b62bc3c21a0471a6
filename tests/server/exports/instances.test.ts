// Exports behind several instances on one database (SQLite file, or PostgreSQL under `npm run test:pg`): an export
// started on one instance is followed and downloaded from another, a cancel sent to another stops it, and one whose
// instance stopped mid-way is marked interrupted by another instance's export pass. The finished file sits in the
// file store: the data directory the instances of one machine share, or the S3 store for instances on several.
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type S3Double, startS3Double } from '../../../scripts/doubles/s3.js';
import { formatDateTime } from '../../../server/platform/db/time.js';
import { INTERRUPTED, runningExports } from '../../../server/platform/exports/jobs.js';
import { exportPass, KEEP_MS } from '../../../server/platform/exports/pass.js';
import { addDemoOrders } from '../../../server/seed/demo-history.js';
import { call, signIn, startTestServer, type TestServer } from '../harness.js';

const ORDERS = 3000;
let first: TestServer;
let second: TestServer;
let token: string;
let s3: S3Double;

beforeAll(async () => {
  first = await startTestServer();
  // Another instance of the same machine: the same database and the same data directory.
  second = await startTestServer({ DATABASE_URL: first.databaseUrl, DATA_DIR: first.config.dataDir });
  await addDemoOrders(first.ctx.db, ORDERS);
  token = await signIn(first);
  s3 = await startS3Double();
});

afterAll(async () => {
  await second?.close();
  await first?.close();
  await s3?.close();
});

const columns = [
  { field: 'outTradeNo', header: '商户订单号' },
  { field: 'actAmount', header: '实收金额', kind: 'money' },
];

type Progress = { state: string; written: number; total: number | null; message: string | null };

async function start(server: TestServer): Promise<string> {
  const answer = await call(server, 'POST', '/api/blade-system/export/start', {
    token,
    body: { url: '/api/blade-system/order/list', query: {}, title: '订单管理', columns, totalsLabel: '合计' },
  });
  expect(answer.json().msg).toBe('操作成功');
  return String(answer.json().data.id);
}

async function progress(server: TestServer, id: string, language = 'zh'): Promise<Progress> {
  const answer = await call(server, 'GET', '/api/blade-system/export/progress', {
    token,
    query: { id },
    headers: { 'accept-language': language },
  });
  expect(answer.statusCode).toBe(200);
  return answer.json().data as Progress;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until(server: TestServer, id: string, done: (seen: Progress) => boolean): Promise<Progress> {
  for (;;) {
    const seen = await progress(server, id);
    if (done(seen)) return seen;
    await pause(20);
  }
}

async function rowsIn(file: Buffer): Promise<number> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(file as unknown as ArrayBuffer);
  return workbook.worksheets[0].rowCount;
}

describe('exports behind two instances', () => {
  it('is followed and downloaded from the instance that did not start it', async () => {
    const id = await start(first);
    await until(second, id, (now) => now.written > 0);
    // A pass on the other instance leaves a job alone while its instance holds the claim.
    expect((await exportPass(second.app)).interrupted).toBe(0);
    const seen = new Set<number>();
    const ended = await until(second, id, (now) => {
      seen.add(now.written);
      return now.state !== 'running';
    });
    expect(ended).toMatchObject({ state: 'done', written: ORDERS, total: ORDERS });
    // The rows written were seen growing from the other instance.
    expect(seen.size).toBeGreaterThan(2);
    const file = await call(second, 'GET', '/api/blade-system/export/file', { token, query: { id } });
    expect(file.statusCode).toBe(200);
    expect(await rowsIn(file.rawPayload)).toBe(ORDERS + 2);
    // Downloaded once, from whichever instance.
    const again = await call(first, 'GET', '/api/blade-system/export/progress', { token, query: { id } });
    expect(again.statusCode).toBe(404);
    expect(again.json().msg).toBe('导出任务不存在');
  });

  it('stops when the other instance is asked to cancel it', async () => {
    const id = await start(first);
    await until(first, id, (now) => now.written > 0);
    const cancel = await call(second, 'POST', '/api/blade-system/export/cancel', { token, query: { id } });
    expect(cancel.json().msg).toBe('操作成功');
    const cancelled = await progress(first, id);
    expect(cancelled.state).toBe('cancelled');
    // The running instance stops writing once it reads the row: the count no longer moves, the file never comes.
    await pause(500);
    const later = await progress(second, id);
    expect(later).toMatchObject({ state: 'cancelled' });
    expect(later.written).toBeLessThan(ORDERS);
    await pause(300);
    expect((await progress(first, id)).written).toBe(later.written);
    expect(await runningExports(first.ctx)).toBe(0);
    const file = await call(second, 'GET', '/api/blade-system/export/file', { token, query: { id } });
    expect(file.json()).toMatchObject({ code: 400, msg: '导出尚未完成' });
  });

  it('is marked interrupted by the other instance when its own stops mid-way', async () => {
    const third = await startTestServer({ DATABASE_URL: first.databaseUrl, DATA_DIR: first.config.dataDir });
    const id = await start(third);
    await until(second, id, (now) => now.written > 0);
    await third.close();
    // The stopped instance said nothing: its row still says running, without a claim.
    const left = await first.ctx.db
      .selectFrom('blade_export_job')
      .select(['state', 'written'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(left.state).toBe('running');
    expect(left.written).toBeLessThan(ORDERS);
    // Killed rather than stopped, it would have left its claim, running out a minute after its last page.
    const lapsed = formatDateTime(new Date(Date.now() - 1000));
    await first.ctx.db
      .insertInto('blade_work_claim')
      .values({ kind: 'export', workKey: id, holder: 'a-killed-instance', until: lapsed })
      .execute();
    expect((await exportPass(second.app)).interrupted).toBe(1);
    expect(await progress(first, id)).toMatchObject({ state: 'failed', message: INTERRUPTED });
    expect((await progress(first, id, 'en')).message).toBe(
      'The export was interrupted (the server restarted); please export again',
    );
    // It no longer counts against the person's running exports.
    expect(await runningExports(first.ctx)).toBe(0);
  });

  it('removes files nobody downloaded once they are older than kept, one instance per job', async () => {
    const id = await start(first);
    await until(first, id, (now) => now.state === 'done');
    // The instance that ran it has given its claim back.
    const claimed = () => first.ctx.db.selectFrom('blade_work_claim').select('holder').where('workKey', '=', id);
    while (await claimed().executeTakeFirst()) await pause(20);
    const { fileKey } = await first.ctx.db
      .selectFrom('blade_export_job')
      .select('fileKey')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    const stored = await first.app.exportFiles.stream(String(fileKey));
    expect(stored).not.toBeNull();
    stored?.destroy();
    const longAgo = formatDateTime(new Date(Date.now() - KEEP_MS - 60_000));
    await first.ctx.db.updateTable('blade_export_job').set({ finishTime: longAgo }).execute();
    const passes = await Promise.all([exportPass(first.app), exportPass(second.app)]);
    expect(passes.reduce((sum, pass) => sum + pass.removed, 0)).toBeGreaterThanOrEqual(1);
    expect(await first.app.exportFiles.stream(String(fileKey))).toBeNull();
    const answer = await call(second, 'GET', '/api/blade-system/export/progress', { token, query: { id } });
    expect(answer.statusCode).toBe(404);
  });

  it('downloads through the cloud store for instances that share no disk', async () => {
    const elsewhere = await startTestServer({ DATABASE_URL: first.databaseUrl });
    try {
      expect(elsewhere.config.dataDir).not.toBe(first.config.dataDir);
      const config = {
        category: 1,
        ossCode: 'exports-s3',
        endpoint: s3.url,
        bucketName: s3.bucket,
        accessKey: s3.accessKey,
        secretKey: s3.secretKey,
      };
      const saved = await call(first, 'POST', '/api/blade-resource/oss/submit', { token, body: config });
      expect(saved.statusCode).toBe(200);
      const row = await first.ctx.db
        .selectFrom('blade_oss')
        .select('id')
        .where('ossCode', '=', 'exports-s3')
        .executeTakeFirstOrThrow();
      const enabled = await call(first, 'POST', '/api/blade-resource/oss/enable', { token, query: { id: row.id } });
      expect(enabled.statusCode).toBe(200);
      const id = await start(first);
      await until(elsewhere, id, (now) => now.state === 'done');
      expect([...s3.objects.keys()]).toEqual([`exports/${id}.xlsx`]);
      const file = await call(elsewhere, 'GET', '/api/blade-system/export/file', { token, query: { id } });
      expect(file.statusCode).toBe(200);
      expect(await rowsIn(file.rawPayload)).toBe(ORDERS + 2);
      await pause(100);
      expect([...s3.objects.keys()]).toEqual([]);
    } finally {
      await first.ctx.db.updateTable('blade_oss').set({ status: 1 }).execute();
      await elsewhere.close();
    }
  });
});
