// Random sequences of what happens to money — recharges, rentals with a deposit, without one (pay/payscore, as the
// customer app calls it) and on the wallet balance (pay/launch payMode 2), finishes, staff refunds and customers' own
// (pay/refund, on rides that did not really happen; repeated ones too), withdrawals approved or rejected, transfers and
// the provider's results arriving — with every invariant checked after each step: the ledger explains every wallet,
// order, transfer and split; nothing is refunded beyond what was paid; a customer refunds an order by themselves once;
// no balance goes below zero; the daily figures kept beside the orders equal their recomputation; and no call answers a
// 500. Amounts are drawn to hit the sandbox's refusals and failures too (a refund ending in 13 is abnormal, 14 closed;
// the merchant balance runs out; pay-score credit refused, cancelled, a collection failing).
import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { PaymentSandbox } from '../../../server/money/payments/sandbox.js';
import { startRecharge } from '../../../server/money/wallets/recharge.js';
import { requestWithdrawal } from '../../../server/money/wallets/withdrawal.js';
import { nextId } from '../../../server/platform/db/ids.js';
import { formatDateTime } from '../../../server/platform/db/time.js';
import { BladeError } from '../../../server/platform/http/envelope.js';
import { addDept } from '../auth/fixtures.js';
import { addCompany, addEquipment, addPrice, addSite, addType } from '../business/rental-api.js';
import { type Answer, type Api, openApi } from '../engine/api.js';
import { call, RIDER, signInCustomer } from '../harness.js';
import { addPaidRental, deliverDue, newOutTradeNo } from '../orders/paid-rental.js';
import { checkMoneyInvariants } from './checks.js';
import { approvedChange, approvedSetUp } from './second-person.js';

const CUSTOMERS = 3;
let api: Api;
let sandbox: PaymentSandbox;
let site: { siteId: number; deptId: number; typeId: number; equId: number };
const customers: number[] = [];
/** The customers' customer-app tokens, by index. */
const customerTokens: string[] = [];
/** Pay-score equipment, by plan: plain, credit refused (risk 9917), cancelled (9918), collection failing (fee …19). */
const scoreEquipment: string[][] = [];
/** Equipment rented on the wallet balance (pay/launch payMode 2), on the usual ¥99 plan. */
const walletEquipment: string[] = [];
/** How long each pay-score or wallet ride lasts, applied when staff finish it. */
const rides = new Map<number, number>();
const orders: number[] = [];
const withdrawals: number[] = [];
/** Orders of the quickRide step: short, charged and settled. */
const quickRides: number[] = [];
let serial = 0;

beforeAll(async () => {
  api = await openApi({ PAY_SANDBOX_DELAY_MS: '0', PAY_SANDBOX_BALANCE: '30000' });
  sandbox = new PaymentSandbox(api.server.ctx, { delayMs: 0, balance: 30000 });
  const deptId = String(await addDept(api.server, '星河推车'));
  const siteId = await addSite(api, '徐家汇港汇广场', await addCompany(api, '星河推车有限公司', deptId), deptId);
  const typeId = await addType(api, '折叠童车');
  const equId = await addEquipment(api, 'TC-PROPERTY', siteId, typeId);
  site = { siteId: Number(siteId), deptId: Number(deptId), typeId: Number(typeId), equId: Number(equId) };
  const receiver = await approvedSetUp(
    api,
    '/api/blade-system/receiver',
    { receiverName: '港汇门店', receiverType: 1, account: '1900000101', relationType: 1 },
    'receiverName',
  );
  await approvedChange(api, 5, () =>
    api.post('/api/blade-system/setter/submit', { body: { siteId, receiverId: receiver, ratio: 1500 } }),
  );
  for (let i = 0; i < CUSTOMERS; i += 1) {
    const id = nextId();
    await api.server.ctx.db
      .insertInto('biz_customer')
      .values({ id, nickName: `客户${i}`, openId: `o-${id}` })
      .execute();
    customers.push(id);
    customerTokens.push((await signInCustomer(api.server, `o-${id}`)).token);
  }
  const plans = [{}, { deposit: 9917 }, { deposit: 9918 }, { firstPrice: 1019 }];
  for (const [index, plan] of plans.entries()) {
    const scoreType = await addType(api, `免押童车${index}`);
    await addPrice(api, `免押方案${index}`, siteId, scoreType, { dailyCap: 5000, freeMinutes: 5, ...plan });
    const units = [];
    for (let unit = 0; unit < 2; unit += 1)
      units.push(await addEquipment(api, `TC-SCORE-${index}-${unit}`, siteId, scoreType));
    scoreEquipment.push(units);
  }
  const walletType = await addType(api, '钱包童车');
  await addPrice(api, '钱包方案', siteId, walletType);
  for (let unit = 0; unit < 3; unit += 1)
    walletEquipment.push(await addEquipment(api, `TC-WALLET-${unit}`, siteId, walletType));
}, 60000);
afterAll(async () => api?.close());

type Step =
  | { kind: 'recharge'; who: number; amount: number }
  | { kind: 'rent'; who: number; deposit: number; minutes: number }
  | { kind: 'quickRide'; who: number; deposit: number; minutes: number }
  | { kind: 'payscore'; who: number; plan: number; unit: number; minutes: number }
  | { kind: 'walletRent'; who: number; unit: number; minutes: number }
  | { kind: 'finish'; which: number }
  | { kind: 'refund'; which: number; amount: number; twice: boolean }
  | { kind: 'selfRefund'; which: number; amount: number; twice: boolean }
  | { kind: 'withdraw'; who: number; amount: number }
  | { kind: 'review'; which: number; approve: boolean }
  | { kind: 'transfer'; who: number; amount: number }
  | { kind: 'deliver' };

/** Amounts around the interesting edges: whole yuan, the sandbox's steering endings, and one cent. */
const cents = fc.oneof(fc.integer({ min: 1, max: 20000 }), fc.constantFrom(1, 13, 14, 113, 1013, 1014, 9900, 30001));
const who = fc.nat({ max: CUSTOMERS - 1 });
const which = fc.nat({ max: 50 });
const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ kind: fc.constant('recharge' as const), who, amount: cents }),
  fc.record({
    kind: fc.constant('rent' as const),
    who,
    deposit: fc.constantFrom(9900, 5000, 2000),
    minutes: fc.integer({ min: 0, max: 3000 }),
  }),
  fc.record({
    kind: fc.constant('quickRide' as const),
    who,
    deposit: fc.constantFrom(9900, 5000, 2000),
    minutes: fc.integer({ min: 0, max: 8 }),
  }),
  fc.record({
    kind: fc.constant('payscore' as const),
    who,
    plan: fc.nat({ max: 3 }),
    unit: fc.nat({ max: 1 }),
    minutes: fc.integer({ min: 0, max: 3000 }),
  }),
  fc.record({
    kind: fc.constant('walletRent' as const),
    who,
    unit: fc.nat({ max: 2 }),
    minutes: fc.oneof(fc.integer({ min: 0, max: 200 }), fc.integer({ min: 0, max: 3000 })),
  }),
  fc.record({ kind: fc.constant('finish' as const), which }),
  fc.record({ kind: fc.constant('refund' as const), which, amount: cents, twice: fc.boolean() }),
  fc.record({
    kind: fc.constant('selfRefund' as const),
    which,
    amount: fc.oneof(cents, fc.integer({ min: 1, max: 1000 })),
    twice: fc.boolean(),
  }),
  fc.record({ kind: fc.constant('withdraw' as const), who, amount: cents }),
  fc.record({ kind: fc.constant('review' as const), which, approve: fc.boolean() }),
  fc.record({ kind: fc.constant('transfer' as const), who, amount: cents }),
  fc.constant({ kind: 'deliver' as const }),
);

/** A refusal is an answer; a 500 is a defect. */
function refusedOrDone(answer: Answer): void {
  expect(answer.status, JSON.stringify(answer)).toBeLessThan(500);
}

/** What the customer app does, called directly: a refusal (BladeError) is an answer, anything else a defect. */
async function asCustomer<T>(action: () => Promise<T>): Promise<T | undefined> {
  try {
    return await action();
  } catch (error) {
    if (error instanceof BladeError) return undefined;
    throw error;
  }
}

const deliver = () => deliverDue(api.server.ctx, sandbox);

/**
 * A rental started `minutes` ago, its deposit paid through the sandbox (the customer app's part, written here); a
 * plan without free minutes charges even a ride that did not really happen.
 */
async function rent(customerId: number, deposit: number, minutes: number, freeMinutes = 5): Promise<number> {
  const { id } = await addPaidRental(api.server.ctx, sandbox, {
    outTradeNo: newOutTradeNo(),
    customerId,
    nickname: '客户',
    payerOpenId: 'o',
    equId: site.equId,
    keyPair: 'TC-PROPERTY',
    siteId: site.siteId,
    deptId: site.deptId,
    typeId: site.typeId,
    deposit,
    minutes,
    freeMinutes,
  });
  orders.push(id);
  return id;
}

const pick = <T>(list: T[], index: number): T | undefined => (list.length ? list[index % list.length] : undefined);

async function run(action: Step): Promise<void> {
  const customerId = customers[('who' in action ? action.who : 0) % CUSTOMERS];
  switch (action.kind) {
    case 'recharge':
      await asCustomer(() => startRecharge(api.server.ctx, customerId, action.amount));
      return;
    case 'rent':
      await rent(customerId, action.deposit, action.minutes);
      return;
    case 'quickRide': {
      // A ride of a few minutes, finished and settled: what a customer may refund by themselves.
      const id = await rent(customerId, action.deposit, action.minutes, 0);
      refusedOrDone(await api.post('/api/blade-system/order/finish', { query: { id: String(id) } }));
      await deliver();
      quickRides.push(id);
      return;
    }
    case 'payscore': {
      const equId = scoreEquipment[action.plan][action.unit];
      const response = await call(api.server, 'POST', '/api/blade-system/pay/payscore', {
        token: customerTokens[action.who % CUSTOMERS],
        headers: { authorization: RIDER },
        body: { equId },
      });
      expect(response.statusCode, response.body).toBeLessThan(500);
      const launched = response.json() as { data?: { orderId?: string } };
      const id = Number(launched.data?.orderId);
      if (!id) return;
      if (!orders.includes(id)) orders.push(id);
      rides.set(id, action.minutes);
      return;
    }
    case 'walletRent': {
      const equId = walletEquipment[action.unit];
      // The unit's earlier wallet ride, if still out, is brought back first, so the unit is free to rent.
      const out = await api.server.ctx.db
        .selectFrom('biz_order')
        .select('id')
        .where('equId', '=', Number(equId))
        .where('state', '=', 1)
        .executeTakeFirst();
      if (out) await run({ kind: 'finish', which: orders.indexOf(out.id) });
      const response = await call(api.server, 'POST', '/api/blade-system/pay/launch', {
        token: customerTokens[action.who % CUSTOMERS],
        headers: { authorization: RIDER },
        body: { purpose: 'rent', equId, payMode: 2 },
      });
      expect(response.statusCode, response.body).toBeLessThan(500);
      const id = Number((response.json() as { data?: { orderId?: string } }).data?.orderId);
      if (!id) return;
      orders.push(id);
      rides.set(id, action.minutes);
      return;
    }
    case 'finish': {
      const id = pick(orders, action.which);
      if (!id) return;
      const minutes = rides.get(id);
      // A pay-score or wallet ride started when it was launched; the clock moves it back by the ride's length.
      if (minutes !== undefined) {
        await api.server.ctx.db
          .updateTable('biz_order')
          .set({ startTime: formatDateTime(new Date(Date.now() - minutes * 60_000 - 20_000)) })
          .where('id', '=', id)
          .where('state', '=', 1)
          .execute();
      }
      refusedOrDone(await api.post('/api/blade-system/order/finish', { query: { id: String(id) } }));
      return;
    }
    case 'refund': {
      const id = pick(orders, action.which);
      if (!id) return;
      serial += 1;
      const body = {
        orderId: String(id),
        amount: action.amount,
        outRefundNo: `R${Date.now()}${serial}`,
        reason: '补偿',
      };
      refusedOrDone(await api.post('/api/blade-system/pay/launch-refund', { body }));
      if (action.twice) refusedOrDone(await api.post('/api/blade-system/pay/launch-refund', { body }));
      return;
    }
    case 'selfRefund': {
      const id = pick(quickRides.length ? quickRides : orders, action.which);
      if (!id) return;
      const owner = await api.server.ctx.db
        .selectFrom('biz_order')
        .select('customerId')
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      serial += 1;
      const body = {
        orderId: String(id),
        amount: action.amount,
        outRefundNo: `C${Date.now()}${serial}`,
        reason: '车锁打不开',
      };
      const ask = () =>
        call(api.server, 'POST', '/api/blade-system/pay/refund', {
          token: customerTokens[customers.indexOf(Number(owner.customerId))],
          headers: { authorization: RIDER },
          body,
        });
      for (let time = 0; time < (action.twice ? 2 : 1); time += 1) {
        const response = await ask();
        expect(response.statusCode, response.body).toBeLessThan(500);
      }
      return;
    }
    case 'withdraw': {
      const id = await asCustomer(() => requestWithdrawal(api.server.ctx, customerId, action.amount));
      if (id) withdrawals.push(id);
      return;
    }
    case 'review': {
      const id = pick(withdrawals, action.which);
      if (!id) return;
      refusedOrDone(
        action.approve
          ? await api.post('/api/blade-system/withdrawal/pass', { query: { id: String(id) } })
          : await api.post('/api/blade-system/withdrawal/reject', { body: { id: String(id), reason: '信息不符' } }),
      );
      return;
    }
    case 'transfer': {
      serial += 1;
      const body = {
        customerId: String(customerId),
        amount: action.amount,
        outBatchNo: `T${Date.now()}${serial}`,
        remark: '补偿',
      };
      refusedOrDone(await api.post('/api/blade-system/pay/transfers', { body }));
      return;
    }
    case 'deliver':
      return deliver();
  }
}

const checkInvariants = () => checkMoneyInvariants(api.server.ctx);

it('keeps every money invariant after every step of any sequence', async () => {
  await fc.assert(
    fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 15 }), async (steps) => {
      for (const action of steps) {
        await run(action);
        await checkInvariants();
      }
    }),
    { numRuns: 30 },
  );
}, 120000);
