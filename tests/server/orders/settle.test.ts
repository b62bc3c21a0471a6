// Finishing a rental and refunding it, through the API against the payment sandbox: the fee from the price plan,
// the rest of the deposit refunded once, partial refunds, refunds never beyond what was paid (also 100 at once),
// the same refund twice making one, the frozen card leaving the order abnormal, and the merchant's ledger.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PaymentSandbox } from '../../../server/money/payments/sandbox.js';
import { nextId } from '../../../server/platform/db/ids.js';
import { addDept, addRole, addUser, grantCode } from '../auth/fixtures.js';
import { addCompany, addEquipment, addSite, addType } from '../business/rental-api.js';
import { type Api, openApi, pageOf, type Row, rowOf } from '../engine/api.js';
import { signIn } from '../harness.js';
import { bankOf } from '../payments/bank.js';
import { addPaidRental, deliverDue, newOutTradeNo } from './paid-rental.js';

let api: Api;
let sandbox: PaymentSandbox;
let siteId: string;
let typeId: string;
let deptId: string;
const customerId = nextId();

const ORDER = '/api/blade-system/order';
const REFUND = '/api/blade-system/pay/launch-refund';

beforeAll(async () => {
  api = await openApi({ PAY_SANDBOX_DELAY_MS: '0' });
  sandbox = bankOf(api.server);
  deptId = String(await addDept(api.server, '星河推车'));
  siteId = await addSite(api, '徐家汇港汇广场', await addCompany(api, '星河推车有限公司', deptId), deptId);
  typeId = await addType(api, '折叠童车');
  await api.server.ctx.db
    .insertInto('biz_customer')
    .values({ id: customerId, nickName: '小明妈妈', phoneNumber: '13800138000', openId: 'o-mum' })
    .execute();
});
afterAll(async () => api?.close());

const deliver = () => deliverDue(api.server.ctx, sandbox);

/** A rental started `minutes` ago: its deposit paid through the sandbox, the equipment out. */
async function rental(minutes: number, deposit = 9900): Promise<{ id: string; equId: string; outTradeNo: string }> {
  const outTradeNo = newOutTradeNo();
  const keyPair = `TC-${outTradeNo}`;
  const equId = await addEquipment(api, keyPair, siteId, typeId, { equState: 2 });
  const { id } = await addPaidRental(api.server.ctx, sandbox, {
    outTradeNo,
    customerId,
    nickname: '小明妈妈',
    payerOpenId: 'o-mum',
    equId: Number(equId),
    keyPair,
    siteId: Number(siteId),
    deptId: Number(deptId),
    typeId: Number(typeId),
    deposit,
    minutes,
  });
  return { id: String(id), equId, outTradeNo };
}

const order = async (id: string): Promise<Row> => rowOf(await api.get(`${ORDER}/detail`, { id }));
const refundsOf = async (transactionId: unknown): Promise<Row[]> =>
  pageOf(await api.get('/api/blade-system/refund/detail', { transactionId: String(transactionId), size: 1000 }))
    .records;
const refund = (orderId: string, amount: number, outRefundNo: string) =>
  api.post(REFUND, { body: { orderId, amount, outRefundNo, reason: '设备故障补偿' } });
const merchantKeeps = async (orderId: string): Promise<number> => {
  const rows = await api.server.ctx.db
    .selectFrom('biz_ledger')
    .select('personDelta')
    .where('orderId', '=', Number(orderId))
    .where('account', '=', 0)
    .execute();
  return rows.reduce((sum, row) => sum + Number(row.personDelta), 0);
};

describe('order/finish', () => {
  it('charges the plan, releases the equipment and refunds the rest of the deposit, once', async () => {
    const { id, equId } = await rental(135);
    // Money never moves on a GET: the old GET finds no call and the rental runs on.
    expect((await api.get(`${ORDER}/finish`, { id })).status).toBe(404);
    expect(await order(id)).toMatchObject({ state: 1, endTime: '' });
    expect(await api.post(`${ORDER}/finish`, { query: { id } })).toMatchObject({ status: 200, success: true });
    const finished = await order(id);
    // ¥10 for the first hour, then three started half hours at ¥5.
    expect(finished).toMatchObject({ state: 2, actAmount: 2500, description: '2小时15分钟', refundedAmount: 7400 });
    expect(finished.endTime).not.toBe('');
    expect(rowOf(await api.get('/api/blade-system/equ/detail', { id: equId })).equState).toBe(1);
    expect(await refundsOf(finished.transactionId)).toEqual([
      expect.objectContaining({ amount: 7400, status: 0, outRefundNo: `F${finished.outTradeNo}` }),
    ]);

    await deliver();
    expect((await order(id)).state).toBe(3);
    expect(await refundsOf(finished.transactionId)).toEqual([
      expect.objectContaining({ amount: 7400, status: 1, channel: 'ORIGINAL' }),
    ]);
    expect(await merchantKeeps(id)).toBe(2500);

    expect(await api.post(`${ORDER}/finish`, { query: { id } })).toMatchObject({
      status: 400,
      msg: '订单当前状态为「已完成」, 不能结束',
    });
  });

  it('keeps the whole deposit when the fee reaches it, and charges nothing within the free minutes', async () => {
    const long = await rental(5 * 24 * 60, 9900);
    await api.post(`${ORDER}/finish`, { query: { id: long.id } });
    expect(await order(long.id)).toMatchObject({ state: 3, actAmount: 9900, refundedAmount: 0 });
    const quick = await rental(3);
    await api.post(`${ORDER}/finish`, { query: { id: quick.id } });
    await deliver();
    expect(await order(quick.id)).toMatchObject({ state: 3, actAmount: 0, refundedAmount: 9900 });
  });

  it('leaves the order abnormal when the rest of the deposit meets a frozen card', async () => {
    // 9900 − 2500 = 7400; a deposit of 9913 leaves 7413, which the sandbox ends abnormal.
    const { id } = await rental(135, 9913);
    await api.post(`${ORDER}/finish`, { query: { id } });
    await deliver();
    const abnormal = await order(id);
    expect(abnormal.state).toBe(7);
    expect(await refundsOf(abnormal.transactionId)).toEqual([expect.objectContaining({ amount: 7413, status: 3 })]);
    expect(await api.post(`${ORDER}/finish`, { query: { id } })).toMatchObject({
      status: 400,
      msg: '订单已结束, 其退款失败待处理: 请在退款记录中重新发起或登记线下已退',
    });
  });

  it('refuses an unknown order and a missing id', async () => {
    expect(await api.post(`${ORDER}/finish`, { query: { id: '1' } })).toMatchObject({ status: 404 });
    expect(await api.post(`${ORDER}/finish`, { query: {} })).toMatchObject({ status: 400 });
  });
});

describe('pay/launch-refund', () => {
  async function completed(): Promise<Row> {
    const { id } = await rental(135);
    await api.post(`${ORDER}/finish`, { query: { id } });
    await deliver();
    return order(id);
  }

  it('refunds part of what was kept, then the rest, and the order ends refunded', async () => {
    const done = await completed();
    const id = String(done.id);
    expect(await refund(id, 1000, `R${id}a`)).toMatchObject({ status: 200, success: true });
    expect((await order(id)).state).toBe(5);
    await deliver();
    expect(await order(id)).toMatchObject({ state: 3, refundedAmount: 8400 });
    expect(await merchantKeeps(id)).toBe(1500);

    expect(await refund(id, 1600, `R${id}b`)).toMatchObject({ status: 400, msg: '退款金额超过可退金额 (可退 ¥15.00)' });
    await refund(id, 1500, `R${id}c`);
    await deliver();
    expect(await order(id)).toMatchObject({ state: 6, refundedAmount: 9900 });
    expect(await merchantKeeps(id)).toBe(0);
    expect(await refund(id, 1, `R${id}d`)).toMatchObject({ status: 400, msg: '订单当前状态为「已退款」, 不能退款' });
  });

  it('makes one refund of the same request sent twice', async () => {
    const id = String((await completed()).id);
    const answers = await Promise.all([refund(id, 700, `R${id}same`), refund(id, 700, `R${id}same`)]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    await refund(id, 700, `R${id}same`);
    const refunds = (await refundsOf((await order(id)).transactionId)).filter(
      (row) => row.outRefundNo === `R${id}same`,
    );
    expect(refunds).toHaveLength(1);
    expect((await order(id)).refundedAmount).toBe(7400 + 700);
    expect(await refund(id, 800, `R${id}same`)).toMatchObject({ status: 400, msg: '退款单号已用于另一笔退款' });
  });

  it('pays out at most what was paid to 100 refund requests at once', async () => {
    const id = String((await completed()).id);
    const answers = await Promise.all(Array.from({ length: 100 }, (_, i) => refund(id, 100, `R${id}n${i}`)));
    expect(answers.filter((answer) => answer.success)).toHaveLength(25);
    await deliver();
    const after = await order(id);
    expect(after).toMatchObject({ state: 6, refundedAmount: 9900 });
    const refunded = (await refundsOf(after.transactionId)).reduce((sum, row) => sum + Number(row.amount), 0);
    expect(refunded).toBe(9900);
  });

  it('refuses a running rental, a missing amount and a fraction of a cent', async () => {
    const { id } = await rental(30);
    expect(await refund(id, 100, `R${id}run`)).toMatchObject({
      status: 400,
      msg: '订单当前状态为「使用中」, 不能退款',
    });
    expect(await api.post(REFUND, { body: { orderId: id, outRefundNo: `R${id}x` } })).toMatchObject({
      status: 400,
      msg: '请输入退款金额',
    });
    expect(await api.post(REFUND, { body: { orderId: id, amount: 1.5, outRefundNo: `R${id}x` } })).toMatchObject({
      status: 400,
    });
  });
});

describe('wallet/reconcile', () => {
  const RECONCILE = '/api/blade-system/wallet/reconcile';

  it('finds every finished order held as its ledger says, then reports a tampered order and wallet', async () => {
    const clean = rowOf(await api.get(RECONCILE)) as { orders: number; differences: unknown[] };
    expect(clean.orders).toBeGreaterThan(5);
    expect(clean.differences).toEqual([]);

    const db = api.server.ctx.db;
    const walletId = nextId();
    await db
      .insertInto('biz_wallet')
      .values({ id: walletId, customerId, amount: 1200, personAmount: 1000, platAmount: 200 })
      .execute();
    await db
      .insertInto('biz_ledger')
      .values([
        {
          id: nextId(),
          account: walletId,
          kind: 'recharge',
          bizNo: 'C1',
          personDelta: 1000,
          platDelta: 0,
          createTime: '2026-03-01 10:00:00',
        },
        {
          id: nextId(),
          account: walletId,
          kind: 'bonus',
          bizNo: 'C1',
          personDelta: 0,
          platDelta: 200,
          createTime: '2026-03-01 10:00:00',
        },
      ])
      .execute();
    expect((rowOf(await api.get(RECONCILE)) as { differences: unknown[] }).differences).toEqual([]);

    await db.updateTable('biz_wallet').set({ amount: 1100, platAmount: 100 }).where('id', '=', walletId).execute();
    const { id } = await rental(135);
    await api.post(`${ORDER}/finish`, { query: { id } });
    await deliver();
    await db.updateTable('biz_order').set({ refundedAmount: 7000 }).where('id', '=', Number(id)).execute();
    const report = rowOf(await api.get(RECONCILE)) as { differences: Row[] };
    expect(report.differences).toEqual([
      { kind: 'wallet', id: String(walletId), field: 'platAmount', stored: 100, ledger: 200 },
      { kind: 'wallet', id: String(walletId), field: 'amount', stored: 1100, ledger: 1200 },
      { kind: 'order', id, field: 'held', stored: 2900, ledger: 2500 },
    ]);
  });
});

describe('refund numbers', () => {
  it('keeps staff numbers apart from deposit settlements', async () => {
    const { id, outTradeNo } = await rental(135);
    expect(await refund(id, 100, `F${outTradeNo}`)).toMatchObject({ status: 400 });
  });
});

describe('buttons', () => {
  it('lets a clerk who may only look see orders, refunds and wallets but not finish, refund or reconcile', async () => {
    const roleId = await addRole(api.server, 'order_clerk');
    for (const code of ['order', 'refund', 'wallet']) await grantCode(api.server, roleId, code);
    await addUser(api.server, { account: 'clerk', password: 'clerk1', roleIds: [roleId] });
    const clerk = await signIn(api.server, 'clerk', 'clerk1');
    const { id } = await rental(60);
    expect((await api.get(`${ORDER}/list`, {}, clerk)).status).toBe(200);
    expect((await api.post(`${ORDER}/finish`, { query: { id }, token: clerk })).status).toBe(403);
    const asked = await api.post(REFUND, {
      body: { orderId: id, amount: 100, outRefundNo: `R${id}clerk` },
      token: clerk,
    });
    expect(asked.status).toBe(403);
    expect((await api.get('/api/blade-system/wallet/reconcile', {}, clerk)).status).toBe(403);
    expect((await order(id)).state).toBe(1);
  });
});
