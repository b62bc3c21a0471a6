// The customer app against the real server and the payment sandbox: a customer signs in with a wx.login code,
// rents with a deposit (pay/launch) and without one (pay/payscore), staff finish the rentals and the ledger holds;
// the sandbox's pay-score failures (credit refused, the customer cancelling, a collection failing) land where staff
// expect them; staff and customer tokens cannot stand in for each other; a replayed notification is refused.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SignedNotification } from '../../../server/money/payments/provider.js';
import type { PaymentSandbox } from '../../../server/money/payments/sandbox.js';
import { receiveNotification } from '../../../server/money/recovery/notify.js';
import { reconcile } from '../../../server/money/recovery/reconcile.js';
import { formatDateTime } from '../../../server/platform/db/time.js';
import { issueSandboxLoginCode } from '../../../server/system/auth/app-login.js';
import { addDept } from '../auth/fixtures.js';
import { addCompany, addEquipment, addPrice, addSite, addType } from '../business/rental-api.js';
import { type Answer, type Api, openApi, type Row, rowOf } from '../engine/api.js';
import { BASIC, call, RIDER, signInCustomer } from '../harness.js';
import { bankOf } from '../payments/bank.js';
import { rode } from './paid-rental.js';

let api: Api;
let sandbox: PaymentSandbox;
let siteId: string;
let customer: { token: string; customerId: string };
let serial = 0;
/** Equipment types whose plans steer the sandbox: deposits ending 17 and 18, a first period of ¥10.19. */
const types: Record<'plain' | 'refused' | 'cancelled' | 'unpaid', string> = {
  plain: '',
  refused: '',
  cancelled: '',
  unpaid: '',
};

beforeAll(async () => {
  api = await openApi({ PAY_SANDBOX_DELAY_MS: '0' });
  sandbox = bankOf(api.server);
  const deptId = String(await addDept(api.server, '星河推车'));
  siteId = await addSite(api, '徐家汇港汇广场', await addCompany(api, '星河推车有限公司', deptId), deptId);
  const plans = { plain: {}, refused: { deposit: 9917 }, cancelled: { deposit: 9918 }, unpaid: { firstPrice: 1019 } };
  for (const [name, plan] of Object.entries(plans)) {
    const typeId = await addType(api, `童车-${name}`);
    await addPrice(api, `方案-${name}`, siteId, typeId, plan);
    types[name as keyof typeof types] = typeId;
  }
  customer = await signInCustomer(api.server, 'o-mum');
}, 60000);
afterAll(async () => api?.close());

const asCustomer = async (url: string, body: Row, token = customer.token): Promise<Answer> => {
  const response = await call(api.server, 'POST', url, { token, body, headers: { authorization: RIDER } });
  return { status: response.statusCode, ...response.json() };
};

async function equipment(kind: keyof typeof types = 'plain'): Promise<string> {
  serial += 1;
  return addEquipment(api, `APP-${serial}`, siteId, types[kind]);
}

async function deliver(): Promise<SignedNotification[]> {
  const sent = await sandbox.deliverDue();
  for (const notification of sent) await receiveNotification(api.server.ctx, notification);
  return sent;
}

const order = async (id: string) => rowOf(await api.get('/api/blade-system/order/detail', { id }));
const equState = async (id: string) => rowOf(await api.get('/api/blade-system/equ/detail', { id })).equState;

async function merchantEntries(orderId: string) {
  return api.server.ctx.db
    .selectFrom('biz_ledger')
    .select(['kind', 'personDelta'])
    .where('account', '=', 0)
    .where('orderId', '=', Number(orderId))
    .orderBy('id')
    .execute();
}

describe('signing in to the customer app', () => {
  it('exchanges a wx.login code once for a customer token, on the app’s own client only', async () => {
    const code = await issueSandboxLoginCode(api.server.ctx, 'o-dad');
    const signIn = (authorization: string, grant = 'wechat_app') =>
      call(api.server, 'POST', '/api/blade-auth/oauth/token', {
        headers: { authorization },
        query: { grant_type: grant, code, username: 'admin', password: 'x' },
      });
    const staffClient = await signIn(BASIC);
    expect(staffClient.json()).toMatchObject({ error_description: '客户端不支持该授权类型: wechat_app' });
    const first = await signIn(RIDER);
    expect(first.json()).toMatchObject({ token_type: 'bearer', user_id: '', nick_name: '微信用户' });
    expect((await signIn(RIDER)).json()).toMatchObject({ error_description: '登录凭证无效或已过期,请重新登录' });
    expect((await signIn(RIDER, 'password')).json()).toMatchObject({
      error_description: '客户端不支持该授权类型: password',
    });
    // The same person signing in again is the same customer.
    const again = await signInCustomer(api.server, 'o-dad');
    expect(again.customerId).toBe(first.json().customer_id);
  });

  it('keeps staff and customer tokens apart', async () => {
    const equId = await equipment();
    const staff = await api.post('/api/blade-system/pay/launch', { body: { purpose: 'rent', equId } });
    expect(staff).toMatchObject({ status: 403, msg: '请使用客户端登录后调用' });
    const score = await api.post('/api/blade-system/pay/payscore', { body: { equId } });
    expect(score).toMatchObject({ status: 403, msg: '请使用客户端登录后调用' });
    for (const url of [
      '/api/blade-system/order/list',
      '/api/blade-auth/oauth/user-info',
      '/api/blade-system/menu/routes',
    ]) {
      const answer = await api.get(url, {}, customer.token);
      expect(answer, url).toMatchObject({ status: 403, msg: '客户端令牌不能调用管理接口' });
    }
    const written = await api.server.ctx.db
      .selectFrom('biz_order')
      .select('id')
      .where('equId', '=', Number(equId))
      .execute();
    expect(written).toEqual([]);
  });
});

describe('a rental with a deposit (pay/launch)', () => {
  it('runs from the prepay to the settled deposit, with the ledger right', async () => {
    const equId = await equipment();
    const launched = await asCustomer('/api/blade-system/pay/launch', { purpose: 'rent', equId });
    expect(launched, JSON.stringify(launched)).toMatchObject({ status: 200, data: { amount: 9900, payMode: 1 } });
    const { orderId, package: prepay } = launched.data as { orderId: string; package: string };
    expect(prepay).toMatch(/^prepay_id=wx\d+$/);
    // Asking again before paying answers the same order; another customer is told to pick other equipment.
    const again = await asCustomer('/api/blade-system/pay/launch', { purpose: 'rent', equId });
    expect((again.data as Row).orderId).toBe(orderId);
    const other = await signInCustomer(api.server, 'o-grandma');
    expect(await asCustomer('/api/blade-system/pay/launch', { purpose: 'rent', equId }, other.token)).toMatchObject({
      status: 400,
      msg: '设备正被其他用户租借, 请换一台',
    });
    expect(await order(orderId)).toMatchObject({ state: 0, totalAmount: 0, customerId: customer.customerId });

    await deliver();
    expect(await order(orderId)).toMatchObject({ state: 1, totalAmount: 9900, tradeStateDesc: '支付成功' });
    expect(await equState(equId)).toBe(2);
    expect(await asCustomer('/api/blade-system/pay/launch', { purpose: 'rent', equId }, other.token)).toMatchObject({
      status: 400,
      msg: '设备使用中, 请换一台',
    });

    await rode(api.server.ctx, orderId, 80);
    expect(await api.post('/api/blade-system/order/finish', { query: { id: orderId } })).toMatchObject({ status: 200 });
    expect(await order(orderId)).toMatchObject({ state: 2, actAmount: 1500, refundedAmount: 8400 });
    await deliver();
    expect(await order(orderId)).toMatchObject({ state: 3 });
    expect(await equState(equId)).toBe(1);
    expect(await merchantEntries(orderId)).toEqual([{ kind: 'order_fee', personDelta: 1500 }]);
    expect((await reconcile(api.server.ctx)).differences).toEqual([]);
  });

  it('lets one of two customers asking for the same equipment at once rent it', async () => {
    const equId = await equipment();
    const rivals = await Promise.all(['o-race-1', 'o-race-2'].map((openId) => signInCustomer(api.server, openId)));
    const answers = await Promise.all(
      rivals.map((rival) => asCustomer('/api/blade-system/pay/launch', { purpose: 'rent', equId }, rival.token)),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 400]);
    const written = await api.server.ctx.db
      .selectFrom('biz_order')
      .select('id')
      .where('equId', '=', Number(equId))
      .execute();
    expect(written).toHaveLength(1);
  });

  it('closes an unpaid order that held the equipment too long when someone else asks for it', async () => {
    const equId = await equipment();
    const first = await signInCustomer(api.server, 'o-slow');
    const held = await asCustomer('/api/blade-system/pay/launch', { purpose: 'rent', equId }, first.token);
    const heldId = (held.data as Row).orderId as string;
    await api.server.ctx.db
      .updateTable('biz_order')
      .set({ createTime: formatDateTime(new Date(Date.now() - 6 * 60_000)) })
      .where('id', '=', Number(heldId))
      .execute();
    const second = await signInCustomer(api.server, 'o-quick');
    const taken = await asCustomer('/api/blade-system/pay/launch', { purpose: 'rent', equId }, second.token);
    expect(taken).toMatchObject({ status: 200 });
    expect(await order(heldId)).toMatchObject({ state: 4, tradeStateDesc: '超时关闭' });
    await deliver();
    expect(await order((taken.data as Row).orderId as string)).toMatchObject({ state: 1 });
    expect(await order(heldId)).toMatchObject({ state: 4 });
  });

  it('recharges the wallet through the same call', async () => {
    const launched = await asCustomer('/api/blade-system/pay/launch', { purpose: 'recharge', amount: 5000 });
    expect(launched).toMatchObject({ status: 200, data: { amount: 5000 } });
    await deliver();
    const wallet = await api.server.ctx.db
      .selectFrom('biz_wallet')
      .select('personAmount')
      .where('customerId', '=', Number(customer.customerId))
      .executeTakeFirstOrThrow();
    expect(Number(wallet.personAmount)).toBe(5000);
    expect(await asCustomer('/api/blade-system/pay/launch', { purpose: 'recharge' })).toMatchObject({
      status: 400,
      msg: '请输入充值金额',
    });
  });
});

describe('a rental without deposit (pay/payscore)', () => {
  it('runs from the service order to the collected fee, with the ledger right', async () => {
    const equId = await equipment();
    const launched = await asCustomer('/api/blade-system/pay/payscore', { equId });
    expect(launched, JSON.stringify(launched)).toMatchObject({ status: 200, data: { amount: 9900, payMode: 3 } });
    const { orderId } = launched.data as { orderId: string };
    expect(await order(orderId)).toMatchObject({ state: 0, tradeStateDesc: '待确认' });

    await deliver();
    expect(await order(orderId)).toMatchObject({ state: 1, totalAmount: 0, tradeStateDesc: '已确认免押' });
    expect(await equState(equId)).toBe(2);

    await rode(api.server.ctx, orderId, 100);
    expect(await api.post('/api/blade-system/order/finish', { query: { id: orderId } })).toMatchObject({ status: 200 });
    // Nothing was paid yet: the fee waits for its collection, and the ledger holds nothing of it.
    expect(await order(orderId)).toMatchObject({ state: 2, actAmount: 2000, totalAmount: 0, refundedAmount: 0 });
    expect(await merchantEntries(orderId)).toEqual([]);
    expect(await equState(equId)).toBe(1);

    await deliver();
    const collected = await order(orderId);
    expect(collected).toMatchObject({ state: 3, totalAmount: 2000, tradeStateDesc: '支付成功' });
    expect(collected.transactionId).toMatch(/^4200/);
    expect(await merchantEntries(orderId)).toEqual([{ kind: 'order_fee', personDelta: 2000 }]);
    expect((await reconcile(api.server.ctx)).differences).toEqual([]);

    // Staff can refund part of a collected fee, like any other.
    const refund = { orderId, amount: 500, outRefundNo: `R-score-${orderId}`, reason: '补偿' };
    expect(await api.post('/api/blade-system/pay/launch-refund', { body: refund })).toMatchObject({ status: 200 });
    await deliver();
    expect(await order(orderId)).toMatchObject({ state: 3, refundedAmount: 500 });
    expect((await reconcile(api.server.ctx)).differences).toEqual([]);
  });

  it('finishes inside the free minutes with nothing to collect', async () => {
    const launched = await asCustomer('/api/blade-system/pay/payscore', { equId: await equipment() });
    const { orderId } = launched.data as { orderId: string };
    await deliver();
    await api.post('/api/blade-system/order/finish', { query: { id: orderId } });
    expect(await order(orderId)).toMatchObject({ state: 3, actAmount: 0, totalAmount: 0 });
    expect((await api.post('/api/blade-system/order/finish', { query: { id: orderId } })).status).toBe(400);
  });

  it('is refused at once when the customer’s credit does not cover the deposit', async () => {
    const answer = await asCustomer('/api/blade-system/pay/payscore', { equId: await equipment('refused') });
    expect(answer).toMatchObject({ status: 400, msg: '支付分不足,请使用押金租借' });
    const attempt = await api.server.ctx.db
      .selectFrom('biz_order')
      .select(['state', 'tradeStateDesc'])
      .where('amount', '=', 9917)
      .executeTakeFirstOrThrow();
    expect(attempt).toEqual({ state: 4, tradeStateDesc: '支付分不足,请使用押金租借' });
  });

  it('is cancelled when the customer cancels on the confirmation page', async () => {
    const equId = await equipment('cancelled');
    const launched = await asCustomer('/api/blade-system/pay/payscore', { equId });
    await deliver();
    expect(await order((launched.data as Row).orderId as string)).toMatchObject({
      state: 4,
      tradeStateDesc: '用户已取消',
    });
    expect(await equState(equId)).toBe(1);
  });

  it('leaves the order abnormal for staff when the fee cannot be collected', async () => {
    const launched = await asCustomer('/api/blade-system/pay/payscore', { equId: await equipment('unpaid') });
    const { orderId } = launched.data as { orderId: string };
    await deliver();
    await rode(api.server.ctx, orderId, 30);
    await api.post('/api/blade-system/order/finish', { query: { id: orderId } });
    await deliver();
    expect(await order(orderId)).toMatchObject({
      state: 7,
      actAmount: 1019,
      totalAmount: 0,
      tradeStateDesc: '扣款失败',
    });
    expect((await reconcile(api.server.ctx)).differences).toEqual([]);
  });

  it('refuses a replayed pay-score notification', async () => {
    const launched = await asCustomer('/api/blade-system/pay/payscore', { equId: await equipment() });
    const [confirm] = await sandbox.deliverDue();
    const post = () =>
      api.server.app.inject({
        method: 'POST',
        url: '/api/pay/notify',
        headers: { ...confirm.headers, 'content-type': 'application/json' },
        payload: confirm.body,
      });
    expect((await post()).statusCode).toBe(204);
    const replay = await post();
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toMatchObject({ msg: '通知重复' });
    expect(await order((launched.data as Row).orderId as string)).toMatchObject({ state: 1 });
  });
});
