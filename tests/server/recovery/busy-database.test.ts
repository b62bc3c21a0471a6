// SQLite with a second writer on the file (another instance, figures:rebuild, seed:demo): a finish waits for the
// write lock instead of answering 500 `database is locked` — once after its transaction had committed.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { PaymentSandbox } from '../../../server/money/payments/sandbox.js';
import { nextId } from '../../../server/platform/db/ids.js';
import { addDept } from '../auth/fixtures.js';
import { addCompany, addEquipment, addSite, addType } from '../business/rental-api.js';
import { type Api, openApi, rowOf } from '../engine/api.js';
import { addPaidRental, newOutTradeNo } from '../orders/paid-rental.js';

const onSqlite = !process.env.TEST_PG_URL;
let api: Api;
let sandbox: PaymentSandbox;

beforeAll(async () => {
  if (!onSqlite) return;
  api = await openApi({ PAY_SANDBOX_DELAY_MS: '0' });
  sandbox = new PaymentSandbox(api.server.ctx, { delayMs: 0, balance: 0 });
});
afterAll(async () => api?.close());

/** Another process that takes the file's write lock and holds it for `ms`; `said` resolves on its words. */
function lockHolder(file: string, ms: number) {
  const child = spawn(process.execPath, [path.join(import.meta.dirname, 'write-lock-holder.cjs'), file, String(ms)], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  const waiters: Array<() => void> = [];
  child.stdout.on('data', (chunk: Buffer) => {
    output += chunk.toString();
    for (const wake of waiters.splice(0)) wake();
  });
  const said = (word: string) =>
    new Promise<void>((resolve) => {
      const check = () => (output.includes(word) ? resolve() : waiters.push(check));
      check();
    });
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  return { said, exited };
}

it.skipIf(!onSqlite)('a transaction that read first still writes while another process asks for the lock', async () => {
  const holder = lockHolder(api.server.databaseUrl, 300);
  const written = await api.server.ctx.db.transaction().execute(async (trx) => {
    await trx.selectFrom('blade_setting').select('settingKey').execute();
    await holder.said('asking');
    // The other process asks for the lock now; a deferred transaction let it in and was then refused its write
    // (SQLITE_BUSY, no waiting), where an immediate one holds the lock already and the other process waits.
    await Promise.race([holder.said('locked'), new Promise((resolve) => setTimeout(resolve, 300))]);
    return trx.insertInto('blade_setting').values({ settingKey: 'busy_probe', settingValue: '1' }).executeTakeFirst();
  });
  expect(Number(written.numInsertedOrUpdatedRows)).toBe(1);
  expect(await holder.exited).toBe(0);
});

it.skipIf(!onSqlite)('finishes an order while another process holds the write lock', async () => {
  const deptId = String(await addDept(api.server, '星河推车'));
  const siteId = await addSite(api, '徐家汇港汇广场', await addCompany(api, '星河推车有限公司', deptId), deptId);
  const typeId = await addType(api, '折叠童车');
  const equId = await addEquipment(api, 'TC-BUSY', siteId, typeId, { equState: 2 });
  const { id } = await addPaidRental(api.server.ctx, sandbox, {
    outTradeNo: newOutTradeNo(),
    customerId: nextId(),
    nickname: '小明妈妈',
    payerOpenId: 'o-busy',
    equId: Number(equId),
    keyPair: 'TC-BUSY',
    siteId: Number(siteId),
    deptId: Number(deptId),
    typeId: Number(typeId),
    deposit: 9900,
    minutes: 135,
  });
  const holder = lockHolder(api.server.databaseUrl, 1500);
  await holder.said('locked');
  const finished = await api.post('/api/blade-system/order/finish', { query: { id: String(id) } });
  expect(finished, JSON.stringify(finished)).toMatchObject({ status: 200, success: true });
  expect(await holder.exited).toBe(0);
  const order = rowOf(await api.get('/api/blade-system/order/detail', { id: String(id) }));
  expect(order.state).toBe(2);
  const refund = await api.server.ctx.db
    .selectFrom('biz_refund')
    .select(['status', 'refundId'])
    .where('orderId', '=', id)
    .executeTakeFirstOrThrow();
  expect(refund.refundId).toBeTruthy();
});
