// The order life cycle through the real calls: an order of each kind (deposit, pay-score, wallet) is put into each
// of the eight states, every action that touches an order's state is tried on it — staff finish and refund, the
// customer's own refund, a wallet order's refund, the provider's payment, pay-score and refund notifications, a
// held order expiring — and the test reads the state it ends in or the refusal the caller sees. Every move seen is
// one the transition table allows, and every move the table allows is seen; a move the table forbids throws and
// rolls its transaction back.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ForbiddenOrderMove, moveOrder } from '../../../server/money/orders/move.js';
import { SELF_REFUND_REFUSED } from '../../../server/money/orders/self-refund.js';
import { canMove, ORDER_TRANSITIONS } from '../../../server/money/orders/status.js';
import { PaymentSandbox } from '../../../server/money/payments/sandbox.js';
import { moveWallet } from '../../../server/money/wallets/spend.js';
import { nextId } from '../../../server/platform/db/ids.js';
import { formatDateTime, now } from '../../../server/platform/db/time.js';
import { addDept } from '../auth/fixtures.js';
import { addCompany, addEquipment, addPrice, addSite, addType } from '../business/rental-api.js';
import { type Answer, type Api, openApi } from '../engine/api.js';
import { call, RIDER, signInCustomer } from '../harness.js';
import { signed, wire } from '../payments/signed.js';
import { deliverDue } from './paid-rental.js';

let api: Api;
let sandbox: PaymentSandbox;
let siteId: string;
let typeId: string;
let renter: { token: string; customerId: string };
let neighbour: { token: string; customerId: string };
let serial = 0;

const STATES = [0, 1, 2, 3, 4, 5, 6, 7];
const NAMES = ['待支付', '使用中', '待结算', '已完成', '已取消', '退款中', '已退款', '异常'];
const DEPOSIT = 9900;
/** The plan charges ¥10 from the first minute, so a short ride keeps a fee the customer may refund by themselves. */
const FEE = 1000;

beforeAll(async () => {
  api = await openApi({ PAY_SANDBOX_DELAY_MS: '0' });
  sandbox = new PaymentSandbox(api.server.ctx, { delayMs: 0, balance: 0 });
  const deptId = String(await addDept(api.server, '状态推车'));
  siteId = await addSite(api, '状态广场', await addCompany(api, '状态推车有限公司', deptId), deptId);
  typeId = await addType(api, '童车-状态');
  await addPrice(api, '方案-状态', siteId, typeId, { freeMinutes: 0 });
  renter = await signInCustomer(api.server, 'o-state-renter');
  neighbour = await signInCustomer(api.server, 'o-state-neighbour');
  // The renter's wallet, credited as a recharge would, for the wallet rentals.
  const walletId = nextId();
  const db = api.server.ctx.db;
  await db
    .insertInto('biz_wallet')
    .values({ id: walletId, customerId: Number(renter.customerId), createTime: now() })
    .execute();
  await db.transaction().execute((trx) =>
    moveWallet(trx, {
      account: walletId,
      kind: 'recharge',
      bizNo: `C${walletId}`,
      personDelta: 10_000_000,
      platDelta: 0,
    }),
  );
}, 60000);
afterAll(async () => api?.close());

const asCustomer = async (url: string, body: unknown, token = renter.token): Promise<Answer> => {
  const response = await call(api.server, 'POST', url, { token, body, headers: { authorization: RIDER } });
  return { status: response.statusCode, ...response.json() };
};

type Kind = 'deposit' | 'score' | 'wallet';

interface Order {
  id: number;
  outTradeNo: string;
  equId: string;
}

const orderRow = (id: number) =>
  api.server.ctx.db.selectFrom('biz_order').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

/**
 * An order of `kind` in `state`: launched by the customer app, paid or confirmed through the sandbox, finished by
 * staff, its settlement delivered, each as far as the state needs; then put into the state itself, as the calls
 * before it would leave it.
 */
async function orderIn(kind: Kind, state: number): Promise<Order> {
  serial += 1;
  const equId = await addEquipment(api, `ST-${serial}`, siteId, typeId);
  const launched =
    kind === 'score'
      ? await asCustomer('/api/blade-system/pay/payscore', { equId })
      : await asCustomer('/api/blade-system/pay/launch', {
          purpose: 'rent',
          equId,
          ...(kind === 'wallet' ? { payMode: 2 } : {}),
        });
  expect(launched, JSON.stringify(launched)).toMatchObject({ status: 200 });
  const { orderId, outTradeNo } = launched.data as { orderId: string; outTradeNo: string };
  const order = { id: Number(orderId), outTradeNo, equId };
  const db = api.server.ctx.db;
  if (state === 0 || state === 4) {
    if (kind === 'wallet' || state === 4)
      await db.updateTable('biz_order').set({ state }).where('id', '=', order.id).execute();
    return order;
  }
  await deliverDue(api.server.ctx, sandbox);
  // A two-minute ride: charged the first period, short enough for the customer's own refund.
  const start = formatDateTime(new Date(Date.now() - 2 * 60_000 - 20_000));
  await db.updateTable('biz_order').set({ startTime: start }).where('id', '=', order.id).execute();
  if (state === 1) return order;
  expect(await api.post('/api/blade-system/order/finish', { query: { id: orderId } })).toMatchObject({ status: 200 });
  // The deposit's rest comes back (a pay-score fee stays to be collected: its order waits in 2).
  if (kind === 'deposit') await deliverDue(api.server.ctx, sandbox);
  const collected = kind === 'score' && state !== 2 && state !== 7 ? { totalAmount: FEE } : {};
  await db
    .updateTable('biz_order')
    .set({ state, ...collected })
    .where('id', '=', order.id)
    .execute();
  return order;
}

/** A refund of 100 cents the provider is still processing, as a staff refund leaves it. */
async function processingRefund(order: Order): Promise<string> {
  const outRefundNo = `R${nextId()}`;
  const db = api.server.ctx.db;
  await db
    .insertInto('biz_refund')
    .values({
      id: nextId(),
      orderId: order.id,
      outTradeNo: order.outTradeNo,
      outRefundNo,
      amount: 100,
      status: 0,
      source: 1,
      createTime: now(),
    })
    .execute();
  await db
    .updateTable('biz_order')
    .set((eb) => ({ refundedAmount: eb('refundedAmount', '+', 100) }))
    .where('id', '=', order.id)
    .execute();
  return outRefundNo;
}

const notify = async (body: unknown): Promise<void> => {
  const notification = await signed(api.server.ctx, body);
  const response = await api.server.app.inject({
    method: 'POST',
    url: '/api/pay/notify',
    headers: { ...notification.headers, 'content-type': 'application/json' },
    payload: notification.body,
  });
  expect(response.statusCode, response.body).toBe(204);
};

const refuse = (action: string) => (state: number) => `订单当前状态为「${NAMES[state]}」, 不能${action}`;
const staffRefund = (order: Order, amount: number) =>
  api.post('/api/blade-system/pay/launch-refund', {
    body: { orderId: String(order.id), amount, outRefundNo: `R${nextId()}`, reason: '状态测试' },
  });

/** Left as it was: the action does not apply to the order's state. */
const SAME = 'same';
type Outcome = number | string;

interface Action {
  kind: Kind;
  act: (order: Order) => Promise<Answer | undefined>;
  /** By the state the order is put into: the state it ends in, SAME, or the refusal the caller reads. */
  expected: (state: number) => Outcome;
}

const only = (moves: Record<number, Outcome>) => (state: number) => moves[state] ?? SAME;
const refusedBut = (action: string, moves: Record<number, Outcome>) => (state: number) =>
  moves[state] ?? refuse(action)(state);

const ACTIONS: Record<string, Action> = {
  'order/finish': {
    kind: 'deposit',
    act: (order) => api.post('/api/blade-system/order/finish', { query: { id: String(order.id) } }),
    expected: refusedBut('结束', { 1: 2, 7: '订单已结束, 请通过退款处理' }),
  },
  'order/finish of a wallet rental': {
    kind: 'wallet',
    act: (order) => api.post('/api/blade-system/order/finish', { query: { id: String(order.id) } }),
    expected: refusedBut('结束', { 1: 3, 7: '订单已结束, 请通过退款处理' }),
  },
  'order/finish of a pay-score rental': {
    kind: 'score',
    act: (order) => api.post('/api/blade-system/order/finish', { query: { id: String(order.id) } }),
    expected: refusedBut('结束', { 1: 2, 7: '订单已结束, 请通过退款处理' }),
  },
  'pay/launch-refund (staff)': {
    kind: 'deposit',
    act: (order) => staffRefund(order, 100),
    expected: refusedBut('退款', { 3: 5, 5: 5, 7: 5 }),
  },
  'pay/refund (the customer)': {
    kind: 'deposit',
    act: (order) =>
      asCustomer('/api/blade-system/pay/refund', {
        orderId: String(order.id),
        amount: 100,
        outRefundNo: `C${nextId()}`,
        reason: '锁没打开',
      }),
    expected: refusedBut('退款', { 3: 5, 5: 5, 7: SELF_REFUND_REFUSED }),
  },
  'wallet rental refund of the whole fee': {
    kind: 'wallet',
    act: (order) => staffRefund(order, FEE),
    expected: refusedBut('退款', { 3: 6, 5: 6, 7: 6 }),
  },
  'wallet rental refund of part of the fee': {
    kind: 'wallet',
    act: (order) => staffRefund(order, 100),
    expected: refusedBut('退款', { 3: 3, 5: 3, 7: 3 }),
  },
  'TRANSACTION.SUCCESS': {
    kind: 'deposit',
    act: async (order) => void (await notify(wire.payment(order.outTradeNo, 'SUCCESS', DEPOSIT))),
    expected: only({ 0: 1 }),
  },
  'TRANSACTION.SUCCESS of another amount': {
    kind: 'deposit',
    act: async (order) => void (await notify(wire.payment(order.outTradeNo, 'SUCCESS', 1))),
    expected: only({ 0: 7 }),
  },
  'TRANSACTION.CLOSED': {
    kind: 'deposit',
    act: async (order) => void (await notify(wire.payment(order.outTradeNo, 'CLOSED', DEPOSIT))),
    expected: only({ 0: 4 }),
  },
  'held too long, then rented by another customer': {
    kind: 'deposit',
    act: async (order) => {
      const before = formatDateTime(new Date(Date.now() - 6 * 60_000));
      await api.server.ctx.db.updateTable('biz_order').set({ createTime: before }).where('id', '=', order.id).execute();
      await asCustomer('/api/blade-system/pay/launch', { purpose: 'rent', equId: order.equId }, neighbour.token);
      return undefined;
    },
    expected: only({ 0: 4 }),
  },
  'PAYSCORE.USER_CONFIRM': {
    kind: 'score',
    act: async (order) => void (await notify(wire.serviceOrder(order.outTradeNo, 'USER_CONFIRM', DEPOSIT))),
    expected: only({ 0: 1 }),
  },
  'PAYSCORE.USER_CANCEL': {
    kind: 'score',
    act: async (order) => void (await notify(wire.serviceOrder(order.outTradeNo, 'USER_CANCEL', DEPOSIT))),
    expected: only({ 0: 4 }),
  },
  'PAYSCORE.USER_PAID': {
    kind: 'score',
    act: async (order) => void (await notify(wire.serviceOrder(order.outTradeNo, 'USER_PAID', DEPOSIT, FEE))),
    expected: only({ 2: 3, 7: 3 }),
  },
  'PAYSCORE.USER_PAID of another amount': {
    kind: 'score',
    act: async (order) => void (await notify(wire.serviceOrder(order.outTradeNo, 'USER_PAID', DEPOSIT, FEE - 1))),
    expected: only({ 2: 7, 7: 7 }),
  },
  'PAYSCORE.PAY_FAILED': {
    kind: 'score',
    act: async (order) => void (await notify(wire.serviceOrder(order.outTradeNo, 'PAY_FAILED', DEPOSIT))),
    expected: only({ 2: 7 }),
  },
  'REFUND.SUCCESS': {
    kind: 'deposit',
    act: async (order) =>
      void (await notify(wire.refund(order.outTradeNo, await processingRefund(order), 'SUCCESS', 100))),
    expected: only({ 2: 3, 5: 3 }),
  },
  'REFUND.ABNORMAL': {
    kind: 'deposit',
    act: async (order) =>
      void (await notify(wire.refund(order.outTradeNo, await processingRefund(order), 'ABNORMAL', 100))),
    expected: only({ 2: 7, 5: 7 }),
  },
  'REFUND.CLOSED': {
    kind: 'deposit',
    act: async (order) =>
      void (await notify(wire.refund(order.outTradeNo, await processingRefund(order), 'CLOSED', 100))),
    expected: only({ 2: 7, 5: 3 }),
  },
};

/** Every move an action made, `from>to`. */
const seen = new Set<string>();

describe('every action on an order in every state', () => {
  const cases = Object.keys(ACTIONS).flatMap((name) => STATES.map((state) => [name, state] as const));
  it.each(cases)('%s on an order %i', async (name, state) => {
    const action = ACTIONS[name];
    const order = await orderIn(action.kind, state);
    expect(Number((await orderRow(order.id)).state), 'put into its state').toBe(state);
    const answer = await action.act(order);
    const expected = action.expected(state);
    const after = Number((await orderRow(order.id)).state);
    if (typeof expected === 'string' && expected !== SAME) {
      expect(answer).toMatchObject({ status: 400, msg: expected });
      expect(after).toBe(state);
      return;
    }
    if (answer) expect(answer, JSON.stringify(answer)).toMatchObject({ status: 200 });
    expect(after).toBe(expected === SAME ? state : expected);
    if (after !== state) seen.add(`${state}>${after}`);
  });

  it('saw every move the table allows, and none it does not', () => {
    const allowed = STATES.flatMap((from) => ORDER_TRANSITIONS[from].map((to) => `${from}>${to}`));
    expect([...seen].sort()).toEqual(allowed.sort());
    for (const move of seen) expect(canMove(...(move.split('>').map(Number) as [number, number]))).toBe(true);
  });
});

describe('a move the table forbids', () => {
  it('throws, and its transaction writes nothing', async () => {
    const order = await orderIn('deposit', 3);
    const db = api.server.ctx.db;
    const attempt = db.transaction().execute(async (trx) => {
      await trx.updateTable('biz_order').set({ description: '写了一半' }).where('id', '=', order.id).execute();
      await moveOrder(trx, { id: order.id }, { from: [3], to: 0 });
    });
    await expect(attempt).rejects.toThrow(ForbiddenOrderMove);
    await expect(attempt).rejects.toThrow('订单状态不能从「已完成」变为「待支付」');
    const row = await orderRow(order.id);
    expect({ state: row.state, description: row.description }).toMatchObject({ state: 3 });
    expect(row.description).not.toBe('写了一半');
  });
});
