// A payment is applied only for the amount asked: a correctly signed notification for 1 cent against a ¥99 deposit
// starts no rental and leaves the order abnormal for staff, holding what the customer paid for staff to refund; a recharge paid another amount credits nothing and shows
// 金额不符; a pay-score collection of another amount than the fee writes no fee and leaves the order abnormal, holding
// what was collected.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PaymentSandbox } from '../../../server/money/payments/sandbox.js';
import { reconcile } from '../../../server/money/recovery/reconcile.js';
import { checkFigures } from '../../../server/money/reports/figures-rebuild.js';
import { startRecharge } from '../../../server/money/wallets/recharge.js';
import { addDept } from '../auth/fixtures.js';
import { addCompany, addEquipment, addPrice, addSite, addType } from '../business/rental-api.js';
import { type Answer, type Api, openApi, type Row, rowOf } from '../engine/api.js';
import { call, RIDER, signInCustomer } from '../harness.js';
import { deliverDue } from '../orders/paid-rental.js';
import { signed, wire } from './signed.js';

let api: Api;
let sandbox: PaymentSandbox;
let siteId: string;
let typeId: string;
let customer: { token: string; customerId: string };
let serial = 0;

beforeAll(async () => {
  api = await openApi({ PAY_SANDBOX_DELAY_MS: '0' });
  sandbox = new PaymentSandbox(api.server.ctx, { delayMs: 0, balance: 0 });
  const deptId = String(await addDept(api.server, '金额推车'));
  siteId = await addSite(api, '金额广场', await addCompany(api, '金额推车有限公司', deptId), deptId);
  typeId = await addType(api, '童车-金额');
  await addPrice(api, '方案-金额', siteId, typeId, { freeMinutes: 0 });
  customer = await signInCustomer(api.server, 'o-amounts');
}, 60000);
afterAll(async () => api?.close());

const asCustomer = async (url: string, body: Row): Promise<Answer> => {
  const response = await call(api.server, 'POST', url, {
    token: customer.token,
    body,
    headers: { authorization: RIDER },
  });
  return { status: response.statusCode, ...response.json() };
};

async function notify(body: unknown): Promise<void> {
  const notification = await signed(api.server.ctx, body);
  const response = await api.server.app.inject({
    method: 'POST',
    url: '/api/pay/notify',
    headers: { ...notification.headers, 'content-type': 'application/json' },
    payload: notification.body,
  });
  expect(response.statusCode, response.body).toBe(204);
}

async function launch(url: string): Promise<{ orderId: string; outTradeNo: string; equId: string }> {
  serial += 1;
  const equId = await addEquipment(api, `AMT-${serial}`, siteId, typeId);
  const launched = await asCustomer(url, { purpose: 'rent', equId });
  expect(launched).toMatchObject({ status: 200 });
  return { ...(launched.data as { orderId: string; outTradeNo: string }), equId };
}

const order = async (id: string) => rowOf(await api.get('/api/blade-system/order/detail', { id }));
const equipment = async (id: string) => rowOf(await api.get('/api/blade-system/equ/detail', { id }));
/** Reconcile finds no difference and the daily figures equal their rebuild (`figures:rebuild --check`). */
async function booksAgree() {
  expect((await reconcile(api.server.ctx)).differences).toEqual([]);
  expect(await checkFigures(api.server.ctx.db)).toEqual([]);
}
const merchantEntries = (orderId: string) =>
  api.server.ctx.db.selectFrom('biz_ledger').select('kind').where('orderId', '=', Number(orderId)).execute();

describe('a rental paid another amount than its deposit', () => {
  it('starts nothing: the order is abnormal with 支付金额不符, the equipment stays idle', async () => {
    const { orderId, outTradeNo, equId } = await launch('/api/blade-system/pay/launch');
    await notify(wire.payment(outTradeNo, 'SUCCESS', 1));
    expect(await order(orderId)).toMatchObject({
      state: 7,
      tradeStateDesc: '支付金额不符 (实付 ¥0.01, 应付 ¥99.00)',
      totalAmount: 1,
      startTime: '',
    });
    expect(await equipment(equId)).toMatchObject({ equState: 1 });
    const payment = await api.server.ctx.db
      .selectFrom('biz_payment')
      .select(['tradeState', 'transactionId'])
      .where('outTradeNo', '=', outTradeNo)
      .executeTakeFirstOrThrow();
    expect(payment.tradeState).toBe('SUCCESS');
    expect(payment.transactionId).toMatch(/^4200/);
    // The right amount arriving afterwards starts nothing either: staff settle the order.
    await deliverDue(api.server.ctx, sandbox);
    expect(await order(orderId)).toMatchObject({ state: 7, startTime: '' });
    const unlock = await asCustomer('/api/blade-system/rent/unlock', { orderId });
    expect(unlock).toMatchObject({ status: 400, msg: '只有使用中的订单可以开锁' });
    const finish = await api.post('/api/blade-system/order/finish', { query: { id: orderId } });
    expect(finish).toMatchObject({ status: 400, msg: '订单当前状态为「异常」, 不能结束' });
    const abnormal = await api.get('/api/blade-system/order/list', { state: 7, size: 100 });
    expect((abnormal.data as { records: Row[] }).records.map((row) => row.id)).toContain(orderId);
  });

  it('records what the customer paid, which staff refund from the console, and the figures agree', async () => {
    const { orderId, outTradeNo, equId } = await launch('/api/blade-system/pay/launch');
    // The provider took ¥0.50 instead of the ¥99.00 deposit.
    await api.server.ctx.db
      .updateTable('biz_pay_sim')
      .set({ amount: 50 })
      .where('kind', '=', 'pay')
      .where('outNo', '=', outTradeNo)
      .execute();
    await deliverDue(api.server.ctx, sandbox);
    expect(await order(orderId)).toMatchObject({
      state: 7,
      totalAmount: 50,
      refundedAmount: 0,
      tradeStateDesc: '支付金额不符 (实付 ¥0.50, 应付 ¥99.00)',
      startTime: '',
    });
    expect(await equipment(equId)).toMatchObject({ equState: 1 });
    expect(await merchantEntries(orderId)).toEqual([{ kind: 'mismatch_pay' }]);
    await booksAgree();

    const refund = (amount: number, outRefundNo: string) =>
      api.post('/api/blade-system/pay/launch-refund', {
        body: { orderId, amount, outRefundNo, reason: '支付金额不符, 原路退回' },
      });
    expect(await refund(51, `R${outTradeNo}a`)).toMatchObject({
      status: 400,
      msg: '退款金额超过可退金额 (可退 ¥0.50)',
    });
    // A part back leaves the order abnormal for the rest; the rest back makes it 已退款.
    expect(await refund(20, `R${outTradeNo}b`)).toMatchObject({ status: 200 });
    expect(await order(orderId)).toMatchObject({ state: 5, refundedAmount: 20 });
    await deliverDue(api.server.ctx, sandbox);
    expect(await order(orderId)).toMatchObject({ state: 7, refundedAmount: 20 });
    expect(await refund(30, `R${outTradeNo}c`)).toMatchObject({ status: 200 });
    await deliverDue(api.server.ctx, sandbox);
    expect(await order(orderId)).toMatchObject({ state: 6, totalAmount: 50, refundedAmount: 50 });
    const refunds = await api.server.ctx.db
      .selectFrom('biz_refund')
      .select(['amount', 'status'])
      .where('orderId', '=', Number(orderId))
      .orderBy('amount')
      .execute();
    expect(refunds).toEqual([
      { amount: 20, status: 1 },
      { amount: 30, status: 1 },
    ]);
    await booksAgree();
  });

  it('starts the rental when the amount is the deposit', async () => {
    const { orderId, outTradeNo, equId } = await launch('/api/blade-system/pay/launch');
    await notify(wire.payment(outTradeNo, 'SUCCESS', 9900));
    expect(await order(orderId)).toMatchObject({ state: 1, totalAmount: 9900, tradeStateDesc: '支付成功' });
    expect(await equipment(equId)).toMatchObject({ equState: 2 });
  });
});

describe('a recharge paid another amount than asked', () => {
  it('credits nothing and is 金额不符 on the recharge list', async () => {
    const recharge = await startRecharge(api.server.ctx, Number(customer.customerId), 5000);
    await notify(wire.payment(recharge.rechargeNo, 'SUCCESS', 1));
    const page = await api.get('/api/blade-system/recharge/list', { size: 100 });
    const row = (page.data as { records: Row[] }).records.find((r) => r.rechargeNo === recharge.rechargeNo);
    expect(row).toMatchObject({ state: 3, bonusAmount: 0 });
    const wallet = await api.server.ctx.db
      .selectFrom('biz_wallet')
      .select('amount')
      .where('customerId', '=', Number(customer.customerId))
      .executeTakeFirstOrThrow();
    expect(Number(wallet.amount)).toBe(0);
    const entries = await api.server.ctx.db
      .selectFrom('biz_ledger')
      .select('id')
      .where('bizNo', '=', recharge.rechargeNo)
      .execute();
    expect(entries).toEqual([]);
    const item = await api.server.ctx.db
      .selectFrom('blade_dict')
      .select(['dictValue', 'dictValueEn'])
      .where('code', '=', 'recharge_state')
      .where('dictKey', '=', '3')
      .executeTakeFirstOrThrow();
    expect(item).toEqual({ dictValue: '金额不符', dictValueEn: 'Amount mismatch' });
  });
});

describe('a pay-score collection of another amount than the fee', () => {
  it('writes no fee and leaves the order abnormal for staff, holding what was collected', async () => {
    const { orderId, outTradeNo } = await launch('/api/blade-system/pay/payscore');
    await deliverDue(api.server.ctx, sandbox);
    expect(await order(orderId)).toMatchObject({ state: 1 });
    await api.server.ctx.db
      .updateTable('biz_order')
      .set({ startTime: '2020-01-01 00:00:00' })
      .where('id', '=', Number(orderId))
      .execute();
    expect(await api.post('/api/blade-system/order/finish', { query: { id: orderId } })).toMatchObject({ status: 200 });
    const fee = Number((await order(orderId)).actAmount);
    expect(fee).toBeGreaterThan(1);
    await notify(wire.serviceOrder(outTradeNo, 'USER_PAID', 9900, 1));
    expect(await order(orderId)).toMatchObject({
      state: 7,
      totalAmount: 1,
      tradeStateDesc: `支付金额不符 (实付 ¥0.01, 应付 ¥${(fee / 100).toFixed(2)})`,
    });
    expect(await merchantEntries(orderId)).toEqual([{ kind: 'mismatch_pay' }]);
    await booksAgree();
  });
});
