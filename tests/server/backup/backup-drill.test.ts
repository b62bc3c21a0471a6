// The backup drill, on SQLite with `npm test` and on PostgreSQL with `test:pg`: a server process runs while orders
// are paid and finished, deposits and staff refunds go out and wallets are recharged and paid out; `npm run backup`
// copies the database in the middle of it, `npm run restore` puts the copy elsewhere, and on the copy every money
// invariant holds and `figures:rebuild --check` passes. Then what a restore refuses: a database a server has open, a
// broken copy, a PostgreSQL database that is not empty.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type ServerProcess, startServerProcess } from '../../../scripts/server-process.js';
import { PaymentSandbox } from '../../../server/money/payments/sandbox.js';
import { startRecharge } from '../../../server/money/wallets/recharge.js';
import { requestWithdrawal } from '../../../server/money/wallets/withdrawal.js';
import { BackupRefused } from '../../../server/platform/backup/files.js';
import { databaseNameOf, restorePostgres, urlOfDatabase } from '../../../server/platform/backup/postgres.js';
import { restoreSqlite } from '../../../server/platform/backup/sqlite.js';
import { nextId } from '../../../server/platform/db/ids.js';
import { openDatabase } from '../../../server/platform/db/index.js';
import { addDept } from '../auth/fixtures.js';
import { addCompany, addEquipment, addSite, addType } from '../business/rental-api.js';
import { type Api, openApi } from '../engine/api.js';
import { BASIC, freshDatabaseUrl, startTestServer, type TestServer } from '../harness.js';
import { checkMoneyInvariants } from '../money/checks.js';
import { addPaidRental, deliverDue, newOutTradeNo } from '../orders/paid-rental.js';

const root = path.join(import.meta.dirname, '..', '..', '..');
const onPostgres = Boolean(process.env.TEST_PG_URL);
const ROUNDS_BEFORE = 3;
const ROUNDS_AFTER = 2;

const run = promisify(execFile);
const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'ride-console-drill-'));
const backupDir = path.join(folder, 'backups');
let databaseUrl: string;
let setup: Api;
let sandbox: PaymentSandbox;
let server: ServerProcess;
let copy: TestServer | undefined;
let backupFile: string;
let copyUrl: string;
let place: { deptId: string; siteId: string; typeId: string };
const customers: number[] = [];

/** A command of the product's own (`npm run …`'s script), as Node runs it; answers its exit code and what it said. */
async function command(script: string, args: string[], env: Record<string, string>) {
  return run(process.execPath, ['--import', 'tsx', path.join(root, script), ...args], {
    cwd: root,
    env: { ...process.env, ...env },
  }).then(
    ({ stdout, stderr }) => ({ code: 0, output: stdout + stderr }),
    (error: { code: number; stdout: string; stderr: string }) => ({
      code: error.code,
      output: error.stdout + error.stderr,
    }),
  );
}

const backupCommand = (env: Record<string, string>) =>
  command('server/platform/backup/backup-cli.ts', [], { BACKUP_DIR: backupDir, ...env });
const restoreCommand = (args: string[], env: Record<string, string>) =>
  command('server/platform/backup/restore-cli.ts', args, { BACKUP_DIR: backupDir, ...env });

/** A call to the server process as staff. */
async function staff(method: 'GET' | 'POST', url: string, query: Record<string, string>, body?: unknown) {
  const address = new URL(url, server.url);
  for (const [key, value] of Object.entries(query)) address.searchParams.set(key, value);
  const response = await fetch(address, {
    method,
    headers: {
      authorization: BASIC,
      'blade-auth': `bearer ${setup.adminToken}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await response.json()) as { success: boolean; msg: string };
  expect(json.success, `${url}: ${json.msg}`).toBe(true);
}

async function paidOrders(): Promise<number> {
  const row = await setup.server.ctx.db
    .selectFrom('biz_order')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** A finished order whose deposit refund the server process has settled (a refund waits for that). */
async function settledOrder(finished: string[]): Promise<string> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const settled = await setup.server.ctx.db
      .selectFrom('biz_order')
      .select('id')
      .where('id', 'in', finished.map(Number))
      .where('state', '=', 3)
      .orderBy('id', 'desc')
      .executeTakeFirst();
    if (settled) return String(settled.id);
    if (Date.now() > deadline) throw new Error('no finished order was settled');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** One round of a busy day: a rental paid, one finished (its deposit refunded), a staff refund, wallet moves. */
async function busyRound(round: number, finished: string[]): Promise<void> {
  const keyPair = `TC-DRILL-${round}`;
  const equId = await addEquipment(setup, keyPair, place.siteId, place.typeId, { equState: 2 });
  const customerId = customers[round % customers.length];
  const { id } = await addPaidRental(setup.server.ctx, sandbox, {
    outTradeNo: newOutTradeNo(),
    customerId,
    nickname: '客户',
    payerOpenId: `o-${customerId}`,
    equId: Number(equId),
    keyPair,
    siteId: Number(place.siteId),
    deptId: Number(place.deptId),
    typeId: Number(place.typeId),
    deposit: 9900,
    minutes: 40 + round * 17,
  });
  await staff('POST', '/api/blade-system/order/finish', { id: String(id) });
  finished.push(String(id));
  if (round % 2 === 1) {
    const orderId = await settledOrder(finished);
    const body = { orderId, amount: 100 + round, outRefundNo: `R${Date.now()}D${round}`, reason: '补偿' };
    await staff('POST', '/api/blade-system/pay/launch-refund', {}, body);
  }
  await startRecharge(setup.server.ctx, customerId, 2000);
  await deliverDue(setup.server.ctx, sandbox);
  const withdrawal = await requestWithdrawal(setup.server.ctx, customerId, 300 + round);
  await staff('POST', '/api/blade-system/withdrawal/pass', { id: String(withdrawal) });
}

beforeAll(async () => {
  databaseUrl = await freshDatabaseUrl();
  setup = await openApi({ DATABASE_URL: databaseUrl, PAY_SANDBOX_DELAY_MS: '0' });
  sandbox = new PaymentSandbox(setup.server.ctx, { delayMs: 0, balance: 0 });
  const deptId = String(await addDept(setup.server, '星河推车'));
  const siteId = await addSite(setup, '徐家汇港汇广场', await addCompany(setup, '星河推车有限公司', deptId), deptId);
  place = { deptId, siteId, typeId: await addType(setup, '折叠童车') };
  for (let index = 0; index < 3; index += 1) {
    const id = nextId();
    await setup.server.ctx.db
      .insertInto('biz_customer')
      .values({ id, nickName: `客户${index}`, openId: `o-${id}` })
      .execute();
    customers.push(id);
  }
  // The server as `npm start` runs it, its workers delivering refunds and payouts on short timings meanwhile.
  server = await startServerProcess({
    DATABASE_URL: databaseUrl,
    DATA_DIR: folder,
    DIST_DIR: path.join(folder, 'no-console'),
    CAPTCHA_ENABLED: 'false',
    SEED_DEMO: 'false',
    PAY_SANDBOX_DELAY_MS: '200',
    PAY_RECOVERY_INTERVAL_MS: '300',
    PAY_RECOVERY_GRACE_MS: '1000',
  });
}, 120_000);

afterAll(async () => {
  await copy?.close();
  // The server process is gone before the suite ends.
  await server?.stop();
  await setup?.close();
  fs.rmSync(folder, { recursive: true, force: true });
});

it('backs up a busy database, and on the restored copy every money invariant holds', async () => {
  const finished: string[] = [];
  let round = 0;
  while (round < ROUNDS_BEFORE) await busyRound(round++, finished);
  const before = await paidOrders();
  // Taken while the rounds go on writing: they go on until the copy is made, and a few more after it.
  let done = false;
  const backedUp = backupCommand({ DATABASE_URL: databaseUrl }).finally(() => {
    done = true;
  });
  while (!done) await busyRound(round++, finished);
  for (const last = round + ROUNDS_AFTER; round < last; ) await busyRound(round++, finished);
  const backup = await backedUp;
  expect(backup.code, backup.output).toBe(0);
  [backupFile] = fs.readdirSync(backupDir).map((name) => path.join(backupDir, name));
  expect(backup.output).toContain(`已备份到 ${backupFile}`);

  if (onPostgres) {
    const database = `${databaseNameOf(databaseUrl)}_copy`;
    const restored = await restoreCommand([backupFile, '--database', database], { DATABASE_URL: databaseUrl });
    expect(restored.code, restored.output).toBe(0);
    copyUrl = urlOfDatabase(databaseUrl, database);
  } else {
    copyUrl = path.join(folder, 'elsewhere', 'console.db');
    const restored = await restoreCommand([backupFile], { DATABASE_URL: copyUrl });
    expect(restored.code, restored.output).toBe(0);
    expect(restored.output).toContain(`已恢复 ${copyUrl}`);
  }
  copy = await startTestServer({ DATABASE_URL: copyUrl });
  // The premise: the copy was taken in the middle, with orders paid before it and after it.
  const copied = await copy.ctx.db
    .selectFrom('biz_order')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  expect(Number(copied.count)).toBeGreaterThanOrEqual(before);
  expect(Number(copied.count)).toBeLessThan(await paidOrders());
  const [check] = await Promise.all([
    command('server/money/reports/figures-cli.ts', ['--check'], { DATABASE_URL: copyUrl }),
    checkMoneyInvariants(copy.ctx),
  ]);
  expect(check.code, check.output).toBe(0);
  expect(check.output).toContain('每日统计与重新计算一致');
}, 120_000);

it.skipIf(onPostgres)('refuses to replace a database a running server has open, and changes nothing', async () => {
  const file = databaseUrl;
  const inode = fs.statSync(file).ino;
  const refused = await restoreSqlite(backupFile, file).catch((error: Error) => error);
  expect(refused).toBeInstanceOf(BackupRefused);
  expect((refused as Error).message).toContain('数据库正被使用, 请先停止这些进程');
  expect((refused as Error).message).toMatch(/server\/main\.ts/);
  expect(fs.statSync(file).ino).toBe(inode);
  expect(fs.readdirSync(path.dirname(file)).filter((name) => name.includes('.replaced-'))).toEqual([]);
});

/** The drill's mark in a SQLite file, if it holds one. */
async function markIn(file: string) {
  const { db, close } = openDatabase(file);
  try {
    return await db
      .selectFrom('blade_setting')
      .select('settingValue')
      .where('settingKey', '=', 'drill_mark')
      .executeTakeFirst();
  } finally {
    await close();
  }
}

it.skipIf(onPostgres)('keeps the database it replaces aside, as it was', async () => {
  await copy?.close();
  copy = undefined;
  const { db, close } = openDatabase(copyUrl);
  await db.insertInto('blade_setting').values({ settingKey: 'drill_mark', settingValue: '1' }).execute();
  await close();
  const { aside } = await restoreSqlite(backupFile, copyUrl);
  expect(aside).toMatch(/console\.db\.replaced-.+Z$/);
  expect(await markIn(aside!)).toEqual({ settingValue: '1' });
  expect(await markIn(copyUrl)).toBeUndefined();
});

it.skipIf(onPostgres)('refuses a broken copy before touching the database', async () => {
  const broken = path.join(folder, 'broken.db');
  const bytes = fs.readFileSync(backupFile);
  // Pages past the first overwritten: the header still says SQLite, the tables do not hold.
  bytes.fill(0x5a, 4096 * 2, Math.min(bytes.length, 4096 * 40));
  fs.writeFileSync(broken, bytes);
  const before = fs.readFileSync(copyUrl);
  const refused = await restoreSqlite(broken, copyUrl).catch((error: Error) => error);
  expect(refused).toBeInstanceOf(BackupRefused);
  expect((refused as Error).message).toMatch(/备份文件已损坏|备份文件无法读取/);
  expect(fs.readFileSync(copyUrl).equals(before)).toBe(true);
});

it.skipIf(!onPostgres)('refuses to restore into a database that is not empty', async () => {
  const refused = await restorePostgres(backupFile, databaseUrl, databaseNameOf(databaseUrl)).catch(
    (error: Error) => error,
  );
  expect(refused).toBeInstanceOf(BackupRefused);
  expect((refused as Error).message).toContain(`数据库 ${databaseNameOf(databaseUrl)} 不是空的`);
});
