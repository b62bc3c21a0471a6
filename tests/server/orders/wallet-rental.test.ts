// Renting on the wallet balance (pay/launch with payMode 2) against the real server: the deposit frozen out of the
// wallet, the customer's own money before the bonus; finishing keeps the fee and gives the rest back part by part;
// staff and customer refunds go back to the wallet; a short wallet starts nothing; parallel rentals never take a
// wallet below zero; reconcile and the daily figures stay right throughout.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reconcile } from '../../../server/money/recovery/reconcile.js';
import { checkFigures } from '../../../server/money/reports/figures-rebuild.js';
import { moveWallet } from '../../../server/money/wallets/spend.js';
import { nextId } from '../../../server/platform/db/ids.js';
import { now } from '../../../server/platform/db/time.js';
import { addDept } from '../auth/fixtures.js';
import { addCompany, addEquipment, addPrice, addSite, addType } from '../business/rental-api.js';
import { type Answer, type Api, openApi, rowOf } from '../engine/api.js';
import { call, RIDER, signInCustomer } from '../harness.js';
import { rode } from './paid-rental.js';

let api: Api;
let siteId: string;
let typeId: string;
let serial = 0;

beforeAll(async () => {
  api = await openApi({ PAY_SANDBOX_DELAY_MS: '0' });
  const deptId = String(await addDept(api.server, '钱包推车'));
  siteId = await addSite(api, '静安大悦城', await addCompany(api, '钱包推车有限公司', deptId), deptId);
  typeId = await addType(api, '童车-钱包');
  // The tests' usual plan: ¥99 deposit, 5 free minutes, ¥10 the first hour, ¥5 per 30 minutes, ¥50 a day at most.
  await addPrice(api, '方案-钱包', siteId, typeId);
}, 60000);
afterAll(async () => api?.close());

/** A customer whose wallet holds `person` of their own money and `plat` of bonus, credited as a recharge would. */
async function customerWith(person: number, plat: number) {
  serial += 1;
  const customer = await signInCustomer(api.server, `o-wallet-${serial}`);
  const db = api.server.ctx.db;
  const id = nextId();
  await db
    .insertInto('biz_wallet')
    .values({ id, customerId: Number(customer.customerId), createTime: now() })
    .execute();
  await db.transaction().execute(async (trx) => {
    await moveWallet(trx, { account: id, kind: 'recharge', bizNo: `C${id}`, personDelta: person, platDelta: 0 });
    await moveWallet(trx, { account: id, kind: 'bonus', bizNo: `C${id}`, personDelta: 0, platDelta: plat });
  });
  return { ...customer, walletId: id };
}

async function equipment(): Promise<string> {
  serial += 1;
  return addEquipment(api, `WAL-${serial}`, siteId, typeId);
}

const rent = async (token: string, equId: string): Promise<Answer> => {
  const response = await call(api.server, 'POST', '/api/blade-system/pay/launch', {
    token,
    body: { purpose: 'rent', equId, payMode: 2 },
    headers: { authorization: RIDER },
  });
  return { status: response.statusCode, ...response.json() };
};

const wallet = async (id: number) =>
  api.server.ctx.db
    .selectFrom('biz_wallet')
    .select(['amount', 'personAmount', 'platAmount'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow()
    .then((row) => ({ amount: Number(row.amount), person: Number(row.personAmount), plat: Number(row.platAmount) }));

const entries = async (account: number, orderId: string) =>
  (
    await api.server.ctx.db
      .selectFrom('biz_ledger')
      .select(['kind', 'personDelta', 'platDelta'])
      .where('account', '=', account)
      .where('orderId', '=', Number(orderId))
      .orderBy('id')
      .execute()
  ).map((row) => ({ kind: row.kind, person: Number(row.personDelta), plat: Number(row.platDelta) }));

const order = async (id: string) => rowOf(await api.get('/api/blade-system/order/detail', { id }));
const equState = async (id: string) => rowOf(await api.get('/api/blade-system/equ/detail', { id })).equState;

const finish = (id: string) => api.post('/api/blade-system/order/finish', { query: { id } });
const staffRefund = (orderId: string, amount: number, outRefundNo: string) =>
  api.post('/api/blade-system/pay/launch-refund', { body: { orderId, amount, outRefundNo, reason: '客服补偿' } });

async function moneyHolds(): Promise<void> {
  expect((await reconcile(api.server.ctx)).differences).toEqual([]);
  expect(await checkFigures(api.server.ctx.db)).toEqual([]);
  const negative = await api.server.ctx.db
    .selectFrom('biz_wallet')
    .select('id')
    .where((eb) => eb.or([eb('personAmount', '<', 0), eb('platAmount', '<', 0)]))
    .execute();
  expect(negative).toEqual([]);
}

describe('renting on the wallet (pay/launch, payMode 2)', () => {
  it('freezes the deposit, own money first, and starts at once; finishing keeps the fee and releases the rest', async () => {
    const customer = await customerWith(5000, 8000);
    const equId = await equipment();
    const launched = await rent(customer.token, equId);
    expect(launched, JSON.stringify(launched)).toMatchObject({ status: 200, data: { amount: 9900, payMode: 2 } });
    const { orderId } = launched.data as { orderId: string };
    expect(await order(orderId)).toMatchObject({ state: 1, payMode: 2, totalAmount: 9900, tradeStateDesc: '余额支付' });
    expect(await equState(equId)).toBe(2);
    expect(await wallet(customer.walletId)).toEqual({ amount: 3100, person: 0, plat: 3100 });
    expect(await entries(customer.walletId, orderId)).toEqual([{ kind: 'rent_pay', person: -5000, plat: -4900 }]);

    await rode(api.server.ctx, orderId, 80);
    expect(await finish(orderId)).toMatchObject({ status: 200 });
    // ¥15 kept out of the own money; the other ¥35 of it and all ¥49 of bonus go back as what they were.
    expect(await order(orderId)).toMatchObject({ state: 3, actAmount: 1500, refundedAmount: 8400 });
    expect(await equState(equId)).toBe(1);
    expect(await wallet(customer.walletId)).toEqual({ amount: 11500, person: 3500, plat: 8000 });
    expect(await entries(customer.walletId, orderId)).toEqual([
      { kind: 'rent_pay', person: -5000, plat: -4900 },
      { kind: 'rent_release', person: 3500, plat: 4900 },
    ]);
    expect(await entries(0, orderId)).toEqual([{ kind: 'order_fee', person: 1500, plat: 0 }]);
    expect(await finish(orderId)).toMatchObject({ status: 400, msg: '订单当前状态为「已完成」, 不能结束' });
    expect(await wallet(customer.walletId)).toEqual({ amount: 11500, person: 3500, plat: 8000 });
    await moneyHolds();

    // A staff refund goes back to the wallet at once, once per refund number, never beyond the fee.
    expect(await staffRefund(orderId, 1000, `R-wal-${orderId}-1`)).toMatchObject({ status: 200 });
    expect(await staffRefund(orderId, 1000, `R-wal-${orderId}-1`)).toMatchObject({ status: 200 });
    expect(await wallet(customer.walletId)).toEqual({ amount: 12500, person: 4500, plat: 8000 });
    expect(await order(orderId)).toMatchObject({ state: 3, refundedAmount: 9400 });
    expect(await staffRefund(orderId, 600, `R-wal-${orderId}-2`)).toMatchObject({
      status: 400,
      msg: '退款金额超过可退金额 (可退 ¥5.00)',
    });
    expect(await staffRefund(orderId, 500, `R-wal-${orderId}-3`)).toMatchObject({ status: 200 });
    expect(await order(orderId)).toMatchObject({ state: 6, refundedAmount: 9900 });
    const refunds = await api.server.ctx.db
      .selectFrom('biz_refund')
      .select(['amount', 'status', 'channel'])
      .where('orderId', '=', Number(orderId))
      .orderBy('amount')
      .execute();
    expect(refunds.map((row) => [Number(row.amount), Number(row.status), row.channel])).toEqual([
      [500, 1, 'BALANCE'],
      [1000, 1, 'BALANCE'],
    ]);
    expect(await wallet(customer.walletId)).toEqual({ amount: 13000, person: 5000, plat: 8000 });
    await moneyHolds();
  });

  it('takes the fee from the bonus after the own money, and a refund gives the bonus back as bonus first', async () => {
    const customer = await customerWith(1000, 9000);
    const { data } = await rent(customer.token, await equipment());
    const { orderId } = data as { orderId: string };
    expect(await wallet(customer.walletId)).toEqual({ amount: 100, person: 0, plat: 100 });
    await rode(api.server.ctx, orderId, 80);
    expect(await finish(orderId)).toMatchObject({ status: 200 });
    expect(await wallet(customer.walletId)).toEqual({ amount: 8500, person: 0, plat: 8500 });
    // ¥6 of the ¥15 back: the ¥5 of bonus the fee took, then ¥1 of the customer's own money.
    expect(await staffRefund(orderId, 600, `R-wal-${orderId}`)).toMatchObject({ status: 200 });
    expect(await wallet(customer.walletId)).toEqual({ amount: 9100, person: 100, plat: 9000 });
    await moneyHolds();
  });

  it('keeps the whole deposit when the fee reaches it, releasing nothing', async () => {
    const customer = await customerWith(2000, 7900);
    const { data } = await rent(customer.token, await equipment());
    const { orderId } = data as { orderId: string };
    await rode(api.server.ctx, orderId, 3 * 24 * 60);
    expect(await finish(orderId)).toMatchObject({ status: 200 });
    expect(await order(orderId)).toMatchObject({ state: 3, actAmount: 9900, refundedAmount: 0 });
    expect(await wallet(customer.walletId)).toEqual({ amount: 0, person: 0, plat: 0 });
    expect(await entries(customer.walletId, orderId)).toEqual([{ kind: 'rent_pay', person: -2000, plat: -7900 }]);
    expect(await staffRefund(orderId, 9900, `R-wal-${orderId}`)).toMatchObject({ status: 200 });
    expect(await order(orderId)).toMatchObject({ state: 6, refundedAmount: 9900 });
    expect(await wallet(customer.walletId)).toEqual({ amount: 9900, person: 2000, plat: 7900 });
    await moneyHolds();
  });

  it('refunds a short ride to the wallet when the customer asks (pay/refund)', async () => {
    const customer = await customerWith(9900, 0);
    const { data } = await rent(customer.token, await equipment());
    const { orderId } = data as { orderId: string };
    // A plan without free minutes charges even the ride that did not happen.
    await api.server.ctx.db
      .updateTable('biz_order')
      .set({ freeMinutes: 0 })
      .where('id', '=', Number(orderId))
      .execute();
    await rode(api.server.ctx, orderId, 2);
    expect(await finish(orderId)).toMatchObject({ status: 200 });
    expect(await wallet(customer.walletId)).toEqual({ amount: 8900, person: 8900, plat: 0 });
    const asked = await call(api.server, 'POST', '/api/blade-system/pay/refund', {
      token: customer.token,
      headers: { authorization: RIDER },
      body: { orderId, amount: 1000, outRefundNo: `C-wal-${orderId}`, reason: '车锁打不开' },
    });
    expect(asked.json(), asked.body).toMatchObject({ code: 200, data: { amount: 1000, status: 1 } });
    expect(await wallet(customer.walletId)).toEqual({ amount: 9900, person: 9900, plat: 0 });
    expect(await order(orderId)).toMatchObject({ state: 6 });
    await moneyHolds();
  });

  it('starts nothing on a wallet short of the deposit, or on no wallet at all', async () => {
    const customer = await customerWith(5000, 4899);
    const equId = await equipment();
    expect(await rent(customer.token, equId)).toMatchObject({ status: 400, msg: '钱包余额不足, 请先充值 (需 ¥99.00)' });
    const unknown = await call(api.server, 'POST', '/api/blade-system/pay/launch', {
      token: customer.token,
      body: { purpose: 'rent', equId, payMode: 5 },
      headers: { authorization: RIDER },
    });
    expect(unknown.json()).toMatchObject({ code: 400, msg: '支付方式必须是以下值之一: 1, 2' });
    const walletless = await signInCustomer(api.server, 'o-wallet-none');
    expect(await rent(walletless.token, equId)).toMatchObject({
      status: 400,
      msg: '钱包余额不足, 请先充值 (需 ¥99.00)',
    });
    expect(await wallet(customer.walletId)).toEqual({ amount: 9899, person: 5000, plat: 4899 });
    expect(await equState(equId)).toBe(1);
    const written = await api.server.ctx.db
      .selectFrom('biz_order')
      .select('id')
      .where('equId', '=', Number(equId))
      .execute();
    expect(written).toEqual([]);
    await moneyHolds();
  });

  it('starts exactly three of twenty parallel rentals on a wallet holding three deposits', async () => {
    const customer = await customerWith(20000, 9700);
    const equIds: string[] = [];
    for (let i = 0; i < 20; i += 1) equIds.push(await equipment());
    const answers = await Promise.all(equIds.map((equId) => rent(customer.token, equId)));
    const started = answers.filter((answer) => answer.status === 200);
    expect(started).toHaveLength(3);
    expect(answers.filter((answer) => answer.msg === '钱包余额不足, 请先充值 (需 ¥99.00)')).toHaveLength(17);
    expect(await wallet(customer.walletId)).toEqual({ amount: 0, person: 0, plat: 0 });
    const inUse = await api.server.ctx.db
      .selectFrom('biz_equ')
      .select('id')
      .where('id', 'in', equIds.map(Number))
      .where('equState', '=', 2)
      .execute();
    expect(inUse).toHaveLength(3);
    await moneyHolds();
  });
});
