// The customer app after paying: rent/unlock opens the lock of the customer's own rental through the lock gateway
// (the simulator here), tells the customer in their words what went wrong, and leaves each attempt in the
// equipment's unlock record beside the operators'; rent/orders lists the customer's own rentals, newest first.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PaymentSandbox } from '../../../server/money/payments/sandbox.js';
import { flushLogs } from '../../../server/system/logs/queue.js';
import { addDept } from '../auth/fixtures.js';
import { addCompany, addEquipment, addPrice, addSite, addType } from '../business/rental-api.js';
import { type Answer, type Api, openApi, type Page, type Row } from '../engine/api.js';
import { call, RIDER, signInCustomer } from '../harness.js';
import { deliverDue } from './paid-rental.js';

let api: Api;
let sandbox: PaymentSandbox;
let siteId: string;
let typeId: string;
let mum: { token: string; customerId: string };
let dad: { token: string; customerId: string };
let serial = 0;

beforeAll(async () => {
  api = await openApi({ PAY_SANDBOX_DELAY_MS: '0', LOCK_SIMULATOR_DELAY_MS: '0' });
  sandbox = new PaymentSandbox(api.server.ctx, { delayMs: 0, balance: 0 });
  const deptId = String(await addDept(api.server, '开锁推车'));
  siteId = await addSite(api, '静安嘉里中心', await addCompany(api, '开锁推车有限公司', deptId), deptId);
  typeId = await addType(api, '开锁童车');
  await addPrice(api, '开锁方案', siteId, typeId);
  mum = await signInCustomer(api.server, 'o-unlock-mum');
  dad = await signInCustomer(api.server, 'o-unlock-dad');
}, 60000);
afterAll(async () => api?.close());

async function asCustomer(
  method: 'GET' | 'POST',
  url: string,
  who: { token: string },
  data: Row = {},
): Promise<Answer> {
  const options = method === 'GET' ? { query: data as Record<string, string> } : { body: data };
  const headers = { authorization: RIDER };
  const response = await call(api.server, method, url, { token: who.token, headers, ...options });
  return { status: response.statusCode, ...response.json() };
}

const unlock = (orderId: string, who = mum) => asCustomer('POST', '/api/blade-system/rent/unlock', who, { orderId });

/** A rental launched by `who` on new equipment; paid unless told not to. Answers the order and equipment ids. */
async function rent(who = mum, paid = true, lockNo?: string): Promise<{ orderId: string; equId: string }> {
  serial += 1;
  const equId = await addEquipment(api, `UNL-${serial}`, siteId, typeId, lockNo ? { lockNo } : {});
  const launched = await asCustomer('POST', '/api/blade-system/pay/launch', who, { purpose: 'rent', equId });
  expect(launched, JSON.stringify(launched)).toMatchObject({ status: 200 });
  if (paid) await deliverDue(api.server.ctx, sandbox);
  return { orderId: String((launched.data as Row).orderId), equId };
}

async function unlockRecord(equId: string): Promise<unknown[][]> {
  await flushLogs(api.server.ctx);
  const lines = (await api.get('/api/blade-system/equ/unlock-log', { id: equId })).data as Row[];
  return lines.map((line) => [line.createBy, line.logLevel]);
}

describe('unlocking from the customer app', () => {
  it('opens the lock once the deposit is paid, says so again if it is open, and records each attempt', async () => {
    const { orderId, equId } = await rent(mum, false);
    expect(await unlock(orderId)).toMatchObject({ status: 400, msg: '只有使用中的订单可以开锁' });
    await deliverDue(api.server.ctx, sandbox);
    expect(await unlock(orderId)).toMatchObject({
      status: 200,
      msg: '开锁成功, 请取用设备',
      data: { keyPair: `UNL-${serial}`, result: 'success' },
    });
    expect(await unlock(orderId)).toMatchObject({
      status: 200,
      msg: '锁已打开, 请取用设备',
      data: { result: 'already_unlocked' },
    });
    const who = `客户 微信用户 #${mum.customerId}`;
    expect(await unlockRecord(equId)).toEqual([
      [who, 'warn'],
      [who, 'info'],
    ]);
  });

  it("refuses another customer's order, a staff token and a request without an order", async () => {
    const { orderId } = await rent(mum);
    expect(await unlock(orderId, dad)).toMatchObject({ status: 404, msg: '数据不存在' });
    expect(await api.post('/api/blade-system/rent/unlock', { body: { orderId } })).toMatchObject({
      status: 403,
      msg: '请使用客户端登录后调用',
    });
    expect(await asCustomer('POST', '/api/blade-system/rent/unlock', mum, {})).toMatchObject({
      status: 400,
      msg: '请选择订单',
    });
  });

  it('sends the customer to another item when the lock is offline, and in English when asked', async () => {
    await api.server.ctx.db
      .insertInto('biz_lock_sim')
      .values({ lockNo: 'UNL-OFFLINE', online: 0, battery: 90, signalStrength: 25, unlocked: 0 })
      .execute();
    const { orderId, equId } = await rent(mum, true, 'UNL-OFFLINE');
    expect(await unlock(orderId)).toMatchObject({
      status: 400,
      msg: '设备离线, 暂时无法开锁, 请换一台设备并申请退款',
    });
    const english = await call(api.server, 'POST', '/api/blade-system/rent/unlock', {
      token: mum.token,
      body: { orderId },
      headers: { authorization: RIDER, 'accept-language': 'en' },
    });
    expect(english.json()).toMatchObject({
      msg: 'The equipment is offline and cannot be unlocked; please choose another and ask for a refund',
    });
    expect((await unlockRecord(equId)).map(([, level]) => level)).toEqual(['warn', 'warn']);
  });

  it('cannot open the lock of a finished rental', async () => {
    const { orderId } = await rent(mum);
    expect(await api.post('/api/blade-system/order/finish', { query: { id: orderId } })).toMatchObject({ status: 200 });
    expect(await unlock(orderId)).toMatchObject({ status: 400, msg: '只有使用中的订单可以开锁' });
  });
});

describe("the customer's own orders", () => {
  it('lists only their rentals, newest first, in pages, without staff-only fields', async () => {
    const first = await rent(dad);
    const second = await rent(dad);
    const page = (await asCustomer('GET', '/api/blade-system/rent/orders', dad, { size: '1' })).data as Page;
    expect(page).toMatchObject({ total: 2, size: 1, current: 1, pages: 2 });
    expect(page.records[0]).toMatchObject({ id: second.orderId, siteName: '静安嘉里中心', state: 1, amount: 9900 });
    for (const hidden of ['phoneNumber', 'deptName', 'transactionId', 'customerId', 'nickname'])
      expect(page.records[0], hidden).not.toHaveProperty(hidden);
    const next = (await asCustomer('GET', '/api/blade-system/rent/orders', dad, { size: '1', current: '2' }))
      .data as Page;
    expect(next.records.map((order) => order.id)).toEqual([first.orderId]);
    const mine = (await asCustomer('GET', '/api/blade-system/rent/orders', mum, { size: '100' })).data as Page;
    expect(mine.records.map((order) => order.id)).not.toContain(first.orderId);
    expect(await api.get('/api/blade-system/rent/orders')).toMatchObject({ status: 403 });
  });
});
