// The customer app's pay/refund against the real server and the payment sandbox: a customer refunds the fee of a
// rental that did not really happen (a deposit's or a collected pay-score fee), once, and sees the answer the app
// shows; the refund reaches staff's lists
// marked as the customer's; someone else's order, a wrong state, too much, a rental outside the self-service rule,
// missing fields and a staff token are refused; a repeat is one refund; and customer and staff refunds at once
// never pay out more than was paid.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PaymentSandbox } from '../../../server/money/payments/sandbox.js';
import { reconcile } from '../../../server/money/recovery/reconcile.js';
import { formatDateTime } from '../../../server/platform/db/time.js';
import { addDept } from '../auth/fixtures.js';
import { addCompany, addEquipment, addPrice, addSite, addType } from '../business/rental-api.js';
import { type Answer, type Api, openApi, pageOf, type Row, rowOf } from '../engine/api.js';
import { call, RIDER, signInCustomer } from '../harness.js';
import { addPaidRental, deliverDue, newOutTradeNo } from './paid-rental.js';

let api: Api;
let sandbox: PaymentSandbox;
let place: { siteId: string; deptId: string; typeId: string };
/** A type whose site plan has no free minutes, for rentals the app starts itself. */
let chargedType = '';
let mum: { token: string; customerId: string };
let other: { token: string; customerId: string };
let serial = 0;

const REFUND = '/api/blade-system/pay/refund';
const REFUSED = '该订单已超过自助退款条件, 请联系客服';

beforeAll(async () => {
  api = await openApi({ PAY_SANDBOX_DELAY_MS: '0' });
  sandbox = new PaymentSandbox(api.server.ctx, { delayMs: 0, balance: 0 });
  const deptId = String(await addDept(api.server, '星河推车'));
  const siteId = await addSite(api, '徐家汇港汇广场', await addCompany(api, '星河推车有限公司', deptId), deptId);
  place = { siteId, deptId, typeId: await addType(api, '折叠童车') };
  chargedType = await addType(api, '免押童车');
  await addPrice(api, '无免费时长', siteId, chargedType, { freeMinutes: 0 });
  mum = await signInCustomer(api.server, 'o-mum');
  other = await signInCustomer(api.server, 'o-neighbour');
}, 60000);
afterAll(async () => api?.close());

const deliver = () => deliverDue(api.server.ctx, sandbox);

/** A paid rental of `who` started `minutes` ago on a plan without free minutes: ¥10 for the first hour. */
async function rental(minutes: number, who = mum): Promise<string> {
  const outTradeNo = newOutTradeNo();
  const keyPair = `TC-${outTradeNo}`;
  const equId = await addEquipment(api, keyPair, place.siteId, place.typeId, { equState: 2 });
  const { id } = await addPaidRental(api.server.ctx, sandbox, {
    outTradeNo,
    customerId: Number(who.customerId),
    nickname: '小明妈妈',
    payerOpenId: 'o-mum',
    equId: Number(equId),
    keyPair,
    siteId: Number(place.siteId),
    deptId: Number(place.deptId),
    typeId: Number(place.typeId),
    deposit: 9900,
    minutes,
    freeMinutes: 0,
  });
  return String(id);
}

/** A rental that lasted `minutes`, finished by staff and settled: ¥10 kept, ¥89 of the deposit back. */
async function finished(minutes: number, who = mum): Promise<string> {
  const id = await rental(minutes, who);
  expect(await api.post('/api/blade-system/order/finish', { query: { id } })).toMatchObject({ status: 200 });
  await deliver();
  expect(await order(id)).toMatchObject({ state: 3, actAmount: 1000, refundedAmount: 8900 });
  return id;
}

const order = async (id: string): Promise<Row> => rowOf(await api.get('/api/blade-system/order/detail', { id }));

const nextNo = (): string => {
  serial += 1;
  return `C${Date.now()}${serial}`;
};

async function ask(body: Row, token = mum.token, url = REFUND): Promise<Answer> {
  const response = await call(api.server, 'POST', url, { token, body, headers: { authorization: RIDER } });
  return { status: response.statusCode, ...response.json() };
}

const refundOf = (orderId: string, amount: number, outRefundNo = nextNo(), token = mum.token) =>
  ask({ orderId, amount, outRefundNo, reason: '车锁打不开' }, token);

async function refundRows(orderId: string) {
  return api.server.ctx.db
    .selectFrom('biz_refund')
    .select(['outRefundNo', 'amount', 'status', 'source'])
    .where('orderId', '=', Number(orderId))
    .execute();
}

describe('a customer refunding a rental that did not really happen', () => {
  it('answers the refund, settles it like any other and shows it to staff as the customer’s', async () => {
    const id = await finished(3);
    const outRefundNo = nextNo();
    const answer = await refundOf(id, 1000, outRefundNo);
    expect(answer).toMatchObject({ status: 200, code: 200, success: true, msg: '操作成功' });
    const data = answer.data as Row;
    expect(Object.keys(data).sort()).toEqual(['amount', 'outRefundNo', 'refundId', 'status']);
    expect(data).toMatchObject({ outRefundNo, amount: 1000, status: 0 });
    expect(data.refundId).toMatch(/^5030/);
    expect(await order(id)).toMatchObject({ state: 5, refundedAmount: 9900 });

    await deliver();
    expect(await order(id)).toMatchObject({ state: 6, refundedAmount: 9900 });
    // Asked again, the same number answers the refund as it stands now.
    expect(await refundOf(id, 1000, outRefundNo)).toMatchObject({
      status: 200,
      data: { refundId: data.refundId, outRefundNo, amount: 1000, status: 1 },
    });

    const listed = pageOf(await api.get('/api/blade-system/refund/list', { outRefundNo })).records;
    expect(listed).toEqual([
      expect.objectContaining({
        orderId: id,
        amount: 1000,
        status: 1,
        source: 3,
        reason: '车锁打不开',
        createUser: '',
      }),
    ]);
    const transactionId = String((await order(id)).transactionId);
    const inOrderView = pageOf(await api.get('/api/blade-system/refund/detail', { transactionId })).records;
    expect(inOrderView.map((row) => row.source).sort()).toEqual([2, 3]);

    const entries = await api.server.ctx.db
      .selectFrom('biz_ledger')
      .select(['kind', 'personDelta'])
      .where('account', '=', 0)
      .where('orderId', '=', Number(id))
      .orderBy('id')
      .execute();
    expect(entries).toEqual([
      { kind: 'order_fee', personDelta: 1000 },
      { kind: 'refund', personDelta: -1000 },
    ]);
    expect((await reconcile(api.server.ctx)).differences).toEqual([]);
  });

  it('makes one refund of the same request sent twice at once, and refuses the number for another amount', async () => {
    const id = await finished(2);
    const outRefundNo = nextNo();
    const answers = await Promise.all([refundOf(id, 600, outRefundNo), refundOf(id, 600, outRefundNo)]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    // The repeat that waited for the first may answer before the provider has numbered the refund.
    const numbered = answers.map((answer) => (answer.data as Row).refundId).filter(Boolean);
    expect(numbered.length).toBeGreaterThanOrEqual(1);
    expect(await refundOf(id, 600, outRefundNo)).toMatchObject({
      status: 200,
      data: { refundId: numbered[0], outRefundNo, amount: 600, status: 0 },
    });
    expect((await refundRows(id)).filter((row) => row.source === 3)).toHaveLength(1);
    expect((await order(id)).refundedAmount).toBe(8900 + 600);
    expect(await refundOf(id, 700, outRefundNo)).toMatchObject({ status: 400, msg: '退款单号已用于另一笔退款' });
  });

  it('lets the customer ask once per order, again only when the provider closed the first', async () => {
    const id = await finished(4);
    // A refund of …14 cents the sandbox closes: the money stayed, so it does not count.
    expect(await refundOf(id, 14)).toMatchObject({ status: 200 });
    await deliver();
    expect(await order(id)).toMatchObject({ state: 3, refundedAmount: 8900 });
    expect(await refundOf(id, 400)).toMatchObject({ status: 200 });
    expect(await refundOf(id, 100)).toMatchObject({
      status: 400,
      msg: '该订单已申请过自助退款, 如有疑问请联系客服',
    });
    await deliver();
    expect(await order(id)).toMatchObject({ state: 3, refundedAmount: 9300 });
  });
});

describe('a customer refunding a rental without deposit', () => {
  it('refunds the collected pay-score fee the same way', async () => {
    serial += 1;
    const equId = await addEquipment(api, `TC-SCORE-${serial}`, place.siteId, chargedType);
    const launched = await ask({ equId }, mum.token, '/api/blade-system/pay/payscore');
    const id = (launched.data as Row).orderId as string;
    await deliver();
    await api.server.ctx.db
      .updateTable('biz_order')
      .set({ startTime: formatDateTime(new Date(Date.now() - 3 * 60_000 - 20_000)) })
      .where('id', '=', Number(id))
      .execute();
    await api.post('/api/blade-system/order/finish', { query: { id } });
    await deliver();
    expect(await order(id)).toMatchObject({ state: 3, payMode: 3, totalAmount: 1000, refundedAmount: 0 });
    expect(await refundOf(id, 1000)).toMatchObject({ status: 200, data: { amount: 1000, status: 0 } });
    await deliver();
    expect(await order(id)).toMatchObject({ state: 6, refundedAmount: 1000 });
    expect((await reconcile(api.server.ctx)).differences).toEqual([]);
  });
});

describe('what a customer may not refund', () => {
  it('answers another customer’s order as if it did not exist, and writes nothing', async () => {
    const id = await finished(3);
    const theirs = await refundOf(id, 100, nextNo(), other.token);
    const none = await refundOf('12345', 100, nextNo(), other.token);
    expect(theirs).toMatchObject({ status: 404, msg: '数据不存在' });
    expect({ ...theirs }).toEqual({ ...none });
    expect(await refundRows(id)).toHaveLength(1);
    expect(await order(id)).toMatchObject({ state: 3, refundedAmount: 8900 });
  });

  it('refuses an order still running and more than is left to refund', async () => {
    const running = await rental(3);
    expect(await refundOf(running, 100)).toMatchObject({ status: 400, msg: '订单当前状态为「使用中」, 不能退款' });
    const id = await finished(3);
    expect(await refundOf(id, 1500)).toMatchObject({ status: 400, msg: '退款金额超过可退金额 (可退 ¥10.00)' });
    expect(await refundRows(id)).toHaveLength(1);
  });

  it('sends a real rental, a late request and an abnormal order to customer service', async () => {
    const long = await finished(30);
    expect(await refundOf(long, 500)).toMatchObject({ status: 400, msg: REFUSED });

    const late = await finished(3);
    const ago = (days: number, minutes = 0) =>
      formatDateTime(new Date(Date.now() - days * 24 * 60 * 60_000 - minutes * 60_000));
    await api.server.ctx.db
      .updateTable('biz_order')
      .set({ startTime: ago(8, 3), endTime: ago(8) })
      .where('id', '=', Number(late))
      .execute();
    expect(await refundOf(late, 500)).toMatchObject({ status: 400, msg: REFUSED });

    const abnormal = await finished(3);
    await api.server.ctx.db.updateTable('biz_order').set({ state: 7 }).where('id', '=', Number(abnormal)).execute();
    expect(await refundOf(abnormal, 500)).toMatchObject({ status: 400, msg: REFUSED });
    for (const id of [long, late, abnormal]) expect(await refundRows(id)).toHaveLength(1);
  });

  it('names the missing or wrong field', async () => {
    const id = await finished(3);
    const full = { orderId: id, amount: 100, outRefundNo: nextNo(), reason: '车锁打不开' };
    const without = (field: string) => Object.fromEntries(Object.entries(full).filter(([key]) => key !== field));
    expect(await ask(without('reason'))).toMatchObject({ status: 400, msg: '请输入退款原因' });
    expect(await ask({ ...full, reason: '   ' })).toMatchObject({ status: 400, msg: '请输入退款原因' });
    expect(await ask(without('amount'))).toMatchObject({ status: 400, msg: '请输入退款金额' });
    expect(await ask(without('outRefundNo'))).toMatchObject({ status: 400, msg: '请输入退款单号' });
    expect(await ask(without('orderId'))).toMatchObject({ status: 400, msg: '请选择订单' });
    expect(await ask({ ...full, amount: 0 })).toMatchObject({ status: 400, msg: '退款金额不能小于 1' });
    // Staff (R…) and finish (F…) numbers are not the customer's to use.
    expect(await ask({ ...full, outRefundNo: `R${Date.now()}` })).toMatchObject({
      status: 400,
      msg: '退款单号格式不正确',
    });
    expect(await refundRows(id)).toHaveLength(1);
  });

  it('refuses a staff token and an anonymous call', async () => {
    const id = await finished(3);
    const body = { orderId: id, amount: 100, outRefundNo: nextNo(), reason: '车锁打不开' };
    expect(await api.post(REFUND, { body })).toMatchObject({ status: 403, msg: '请使用客户端登录后调用' });
    const anonymous = await call(api.server, 'POST', REFUND, { body, headers: { authorization: RIDER } });
    expect(anonymous.statusCode).toBe(401);
    expect(await refundRows(id)).toHaveLength(1);
  });
});

describe('customer and staff refunds at once', () => {
  it('pay out at most what was paid, the customer’s once', async () => {
    const id = await finished(3);
    const customers = Array.from({ length: 50 }, () => refundOf(id, 300));
    const staff = Array.from({ length: 20 }, (_, i) =>
      api.post('/api/blade-system/pay/launch-refund', {
        body: { orderId: id, amount: 100, outRefundNo: `R${id}at${i}`, reason: '补偿' },
      }),
    );
    const [mine, theirs] = await Promise.all([Promise.all(customers), Promise.all(staff)]);
    for (const answer of [...mine, ...theirs]) expect(answer.status, JSON.stringify(answer)).toBeLessThan(500);
    const customerDone = mine.filter((answer) => answer.success);
    const staffDone = theirs.filter((answer) => answer.success);
    // At most one of the customer's; whoever came first, staff refunds fill the ¥10 kept to the cent and no further.
    expect(customerDone.length).toBeLessThanOrEqual(1);
    expect(customerDone.length * 300 + staffDone.length * 100).toBe(1000);
    await deliver();
    const rows = await refundRows(id);
    const paidOut = rows.filter((row) => row.status !== 2).reduce((sum, row) => sum + Number(row.amount), 0);
    expect(paidOut).toBe(9900);
    expect(await order(id)).toMatchObject({ state: 6, refundedAmount: 9900 });
    expect((await reconcile(api.server.ctx)).differences).toEqual([]);
  });
});
