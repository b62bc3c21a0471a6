// Several instances, one database, real faults: two server processes behind a round-robin proxy take the money
// attack together — parallel finishes (whose fees are shared by a setter), staff refunds sent twice, withdrawals
// approved and paid out, transfers, rentals on the wallet balance — and one of them is killed with SIGKILL in the
// middle and started again. Staff repeat what got no answer, as they would; then the recovery workers must bring
// everything to a final state: no order, refund, withdrawal, transfer or split left waiting, every money invariant
// holding, reconcile and `figures:rebuild --check` clean. On SQLite with `npm test`, on PostgreSQL with `test:pg`.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { PaymentSandbox } from '../../../server/money/payments/sandbox.js';
import { startRecharge } from '../../../server/money/wallets/recharge.js';
import { requestWithdrawal } from '../../../server/money/wallets/withdrawal.js';
import { nextId } from '../../../server/platform/db/ids.js';
import { addDept } from '../auth/fixtures.js';
import { addCompany, addEquipment, addPrice, addSite, addType } from '../business/rental-api.js';
import { type Api, openApi } from '../engine/api.js';
import { BASIC, freshDatabaseUrl, RIDER, signInCustomer } from '../harness.js';
import { type ServerProcess, startServerProcess } from '../http/server-process.js';
import { freePort, type LoadBalancer, refuses, startLoadBalancer } from '../instances/load-balancer.js';
import { checkMoneyInvariants } from '../money/checks.js';
import { approvedChange, approvedSetUp } from '../money/second-person.js';
import { addPaidRental, deliverDue, newOutTradeNo } from '../orders/paid-rental.js';

const root = path.join(import.meta.dirname, '..', '..', '..');
const FINISHES = 16;
const REFUNDS = 6;
const CUSTOMERS = 3;

let databaseUrl: string;
let setup: Api;
let proxy: LoadBalancer;
const instances: ServerProcess[] = [];

/** A server process as `npm start` runs it, its workers on short timings so the test waits seconds, not minutes. */
const startInstance = (port: number): Promise<ServerProcess> =>
  startServerProcess(
    {
      DATABASE_URL: databaseUrl,
      PAY_SANDBOX_DELAY_MS: '300',
      PAY_RECOVERY_INTERVAL_MS: '300',
      PAY_RECOVERY_GRACE_MS: '1000',
    },
    { port },
  );

interface Ask {
  method: 'GET' | 'POST';
  url: string;
  query?: Record<string, string>;
  body?: unknown;
  token: string;
  customer?: boolean;
}

/** A call through the proxy; answers its HTTP status (0: no answer at all). */
async function send(ask: Ask): Promise<{ status: number; json: Record<string, unknown> }> {
  const url = new URL(ask.url, proxy.url);
  for (const [key, value] of Object.entries(ask.query ?? {})) url.searchParams.set(key, value);
  try {
    const response = await fetch(url, {
      method: ask.method,
      headers: {
        authorization: ask.customer ? RIDER : BASIC,
        'blade-auth': `bearer ${ask.token}`,
        ...(ask.body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: ask.body === undefined ? undefined : JSON.stringify(ask.body),
    });
    const text = await response.text();
    return { status: response.status, json: text.startsWith('{') ? JSON.parse(text) : {} };
  } catch {
    return { status: 0, json: {} };
  }
}

const finishes: string[] = [];
const refundable: string[] = [];
const withdrawals: number[] = [];
const customers: Array<{ id: number; token: string }> = [];
const walletUnits: string[] = [];

beforeAll(async () => {
  databaseUrl = await freshDatabaseUrl();
  setup = await openApi({ DATABASE_URL: databaseUrl, PAY_SANDBOX_DELAY_MS: '0' });
  // The instances start (a few seconds each) while the test's data is written; they deliver and recover meanwhile.
  const ports = [await freePort(), await freePort()];
  const started = Promise.all(ports.map(startInstance));
  const { ctx } = setup.server;
  const sandbox = new PaymentSandbox(ctx, { delayMs: 0, balance: 0 });
  const deptId = String(await addDept(setup.server, '星河推车'));
  const siteId = await addSite(setup, '徐家汇港汇广场', await addCompany(setup, '星河推车有限公司', deptId), deptId);
  const typeId = await addType(setup, '折叠童车');
  const receiverId = await approvedSetUp(
    setup,
    '/api/blade-system/receiver',
    { receiverName: '港汇门店', receiverType: 1, account: '1900000101', relationType: 1 },
    'receiverName',
  );
  await approvedChange(setup, 5, () =>
    setup.post('/api/blade-system/setter/submit', { body: { siteId, receiverId, ratio: 1500 } }),
  );
  const walletType = await addType(setup, '钱包童车');
  await addPrice(setup, '钱包方案', siteId, walletType);
  for (let index = 0; index < CUSTOMERS; index += 1) {
    const id = nextId();
    await ctx.db
      .insertInto('biz_customer')
      .values({ id, nickName: `客户${index}`, openId: `o-${id}` })
      .execute();
    customers.push({ id, token: (await signInCustomer(setup.server, `o-${id}`)).token });
    await startRecharge(ctx, id, 30000);
    walletUnits.push(await addEquipment(setup, `TC-WALLET-${index}`, siteId, walletType));
  }
  await deliverDue(ctx, sandbox);
  for (const { id } of customers) {
    for (let time = 0; time < 2; time += 1) withdrawals.push(await requestWithdrawal(ctx, id, 1000 + time));
  }
  for (let index = 0; index < FINISHES + REFUNDS; index += 1) {
    const keyPair = `TC-${index}`;
    const equId = await addEquipment(setup, keyPair, siteId, typeId, { equState: 2 });
    const { id } = await addPaidRental(ctx, sandbox, {
      outTradeNo: newOutTradeNo(),
      customerId: customers[index % CUSTOMERS].id,
      nickname: '客户',
      payerOpenId: 'o',
      equId: Number(equId),
      keyPair,
      siteId: Number(siteId),
      deptId: Number(deptId),
      typeId: Number(typeId),
      deposit: 9900,
      minutes: 30 + index * 37,
    });
    if (index < FINISHES) finishes.push(String(id));
    else refundable.push(String(id));
  }
  for (const id of refundable) await setup.post('/api/blade-system/order/finish', { query: { id } });
  await deliverDue(ctx, sandbox);
  instances.push(...(await started));
  proxy = await startLoadBalancer(ports);
}, 120_000);

afterAll(async () => {
  // Each instance is gone before the suite ends: none outlives it holding its port and database.
  await Promise.all(instances.map((instance) => instance.stop()));
  await proxy?.close();
  await setup?.close();
});

/** What still waits on the provider. */
async function waiting() {
  const db = setup.server.ctx.db;
  const count = async (query: { executeTakeFirstOrThrow: () => Promise<{ count: unknown }> }) =>
    Number((await query.executeTakeFirstOrThrow()).count);
  return {
    orders: await count(
      db
        .selectFrom('biz_order')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('state', 'in', [0, 2, 5]),
    ),
    refunds: await count(
      db
        .selectFrom('biz_refund')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('status', '=', 0),
    ),
    withdrawals: await count(
      db
        .selectFrom('biz_withdrawal')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('state', 'in', [0, 4]),
    ),
    transfers: await count(
      db
        .selectFrom('biz_transfer')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('state', '=', 0),
    ),
    splits: await count(
      db
        .selectFrom('biz_split_record')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('state', '=', 'PROCESSING'),
    ),
    inUse: await count(
      db
        .selectFrom('biz_order')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('state', '=', 1),
    ),
  };
}

it('brings every record to a final state after one of two instances is killed mid-attack', async () => {
  const admin = setup.adminToken;
  const asks: Ask[] = [
    ...finishes.map((id) => ({
      method: 'POST' as const,
      url: '/api/blade-system/order/finish',
      query: { id },
      token: admin,
    })),
    ...refundable.flatMap((orderId, index) => {
      const body = { orderId, amount: 300 + index, outRefundNo: `R${Date.now()}K${index}`, reason: '补偿' };
      const ask = { method: 'POST' as const, url: '/api/blade-system/pay/launch-refund', body, token: admin };
      return [ask, ask];
    }),
    ...withdrawals.map((id) => ({
      method: 'POST' as const,
      url: '/api/blade-system/withdrawal/pass',
      query: { id: String(id) },
      token: admin,
    })),
    ...customers.map(({ id }, index) => ({
      method: 'POST' as const,
      url: '/api/blade-system/pay/transfers',
      body: { customerId: String(id), amount: 500 + index, outBatchNo: `T${Date.now()}K${index}`, remark: '补偿' },
      token: admin,
    })),
    ...customers.map(({ token }, index) => ({
      method: 'POST' as const,
      url: '/api/blade-system/pay/launch',
      body: { purpose: 'rent', equId: walletUnits[index], payMode: 2 },
      token,
      customer: true,
    })),
  ];
  let answered = 0;
  const victim = instances[1];
  const killed = new Promise<{ signal: NodeJS.Signals | null }>((resolve) => {
    const watch = setInterval(() => {
      if (answered < asks.length / 3) return;
      clearInterval(watch);
      resolve(victim.kill('SIGKILL'));
    }, 5);
  });
  const answers = await Promise.all(
    asks.map(async (ask) => {
      const answer = await send(ask);
      answered += 1;
      return answer;
    }),
  );
  const { signal } = await killed;
  // 409: a payout whose turn the dead instance held (payout-turns.ts) is told to try again, nothing moved.
  for (const answer of answers) expect([0, 200, 400, 409, 502]).toContain(answer.status);
  // The premise: the instance is dead, its port refuses, before it is started again.
  expect(signal).toBe('SIGKILL');
  expect(await refuses(victim.port)).toBe(true);
  instances[1] = await startInstance(victim.port);

  // Staff (and the app) repeat what got no answer; a repeat of what did happen is refused or answers the same.
  for (const [index, answer] of answers.entries()) {
    if ([0, 409, 502].includes(answer.status)) expect((await send(asks[index])).status).toBeLessThan(500);
  }
  // The wallet rentals end: finished by staff as any rental.
  const walletOrders = await setup.server.ctx.db
    .selectFrom('biz_order')
    .select('id')
    .where('payMode', '=', 2)
    .where('state', '=', 1)
    .execute();
  for (const { id } of walletOrders) {
    const finished = await send({
      method: 'POST',
      url: '/api/blade-system/order/finish',
      query: { id: String(id) },
      token: admin,
    });
    expect(finished.status).toBe(200);
  }

  const deadline = Date.now() + 30_000;
  let left = await waiting();
  while (Date.now() < deadline) {
    left = await waiting();
    if (left.orders + left.refunds + left.withdrawals + left.transfers + left.splits === 0) break;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  expect(left).toEqual({ orders: 0, refunds: 0, withdrawals: 0, transfers: 0, splits: 0, inUse: 0 });
  await checkMoneyInvariants(setup.server.ctx);
  const check = spawnSync(process.execPath, ['--import', 'tsx', 'server/money/reports/figures-cli.ts', '--check'], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: databaseUrl },
    encoding: 'utf8',
  });
  expect(check.status, check.stdout + check.stderr).toBe(0);
}, 90_000);
