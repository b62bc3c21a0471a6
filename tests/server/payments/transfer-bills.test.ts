// Payouts through 商家转账 transfer bills — the real WeChat Pay client against the local double, the server listening
// for its notifications: a withdrawal waits for the customer's confirmation (the customer app fetching what
// wx.requestMerchantTransfer needs, for its own withdrawal only), then the signed and sealed MCHTRANSFER.BILL.FINISHED
// completes it, or the recovery worker's query does when the notification is lost; a bill the customer lets expire
// gives the money back exactly once, whatever arrives after; a merchant who opened 商家转账 since 2025-01-15 is
// refused transfer batches while bills pay; the batches setting still pays an older merchant; a staff transfer of
// 2,000 yuan carries the payee's name encrypted with the platform certificate the request names.
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reconcile } from '../../../server/money/recovery/reconcile.js';
import { staleMoney } from '../../../server/money/recovery/stale.js';
import { recoverPayments } from '../../../server/money/recovery/worker.js';
import { MERCHANT } from '../../../server/money/wallets/ledger.js';
import { payOutWithdrawal, requestWithdrawal } from '../../../server/money/wallets/withdrawal.js';
import { formatDateTime, now } from '../../../server/platform/db/time.js';
import { testKeys } from '../../doubles/wechat-pay/keys.js';
import { WechatPayDouble } from '../../doubles/wechat-pay/server.js';
import { setParam } from '../auth/fixtures.js';
import { type Api, openApi, pageOf, type Row, rowOf } from '../engine/api.js';
import { call, signInCustomer, wechatPayEnv } from '../harness.js';
import { type Customer, customerWithWallet, later, ledgerOf, walletOf } from './payout-world.js';

let api: Api;
let double: WechatPayDouble;
const WITHDRAWAL = '/api/blade-system/withdrawal';

beforeAll(async () => {
  double = await WechatPayDouble.start(testKeys());
  api = await openApi({
    PAY_SANDBOX_DELAY_MS: '0',
    PAY_RECOVERY_GRACE_MS: '1000',
    ...wechatPayEnv(double),
    WECHATPAY_TRANSFER_API: 'transfer-bills',
  });
  double.attach(api.server.ctx, api.server.config.payments.sandboxBalance);
  await api.server.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = api.server.app.server.address() as AddressInfo;
  api.server.config.payments.wechat.notifyUrl = `http://127.0.0.1:${port}/api/pay/notify`;
  // Payouts here are below any approval; the approvals have their own tests.
  await setParam(api.server, 'money.approvalCents', String(Number.MAX_SAFE_INTEGER));
  await setParam(api.server, 'money.requesterDailyCents', String(Number.MAX_SAFE_INTEGER));
}, 60000);
afterAll(async () => {
  await api?.close();
  await double?.close();
});

const withdrawal = async (id: number): Promise<Row> => rowOf(await api.get(`${WITHDRAWAL}/detail`, { id: String(id) }));
const pass = (id: number) => api.post(`${WITHDRAWAL}/pass`, { query: { id: String(id) } });
const toConfirm = async (customer: Customer) => {
  const response = await call(api.server, 'GET', '/api/blade-system/pay/payouts/confirm', { token: customer.token });
  expect(response.statusCode).toBe(200);
  return (response.json() as { data: Row[] }).data;
};

async function customer(person: number): Promise<Customer> {
  const signedIn = await signInCustomer(api.server, `o-bills-${Date.now()}-${Math.random()}`);
  return customerWithWallet(api.server.ctx, signedIn, person);
}

/** A withdrawal approved and sent as a transfer bill, waiting for the customer's confirmation. */
async function approved(who: Customer, amount: number): Promise<number> {
  const id = await requestWithdrawal(api.server.ctx, Number(who.customerId), amount);
  expect(await pass(id)).toMatchObject({ status: 200, success: true });
  expect(await withdrawal(id)).toMatchObject({
    state: 4,
    billState: 'WAIT_USER_CONFIRM',
    transferBillNo: expect.stringMatching(/^1330/),
  });
  return id;
}

describe('a withdrawal by transfer bill', () => {
  it('waits for the customer, who fetches what confirms it; the notification completes it', async () => {
    const mum = await customer(10000);
    const other = await customer(10000);
    const id = await approved(mum, 3000);
    expect(double.requests).toContain('POST /v3/fund-app/mch-transfer/transfer-bills');
    expect(await walletOf(api.server.ctx, mum.walletId)).toMatchObject({ personAmount: 7000 });

    // What the mini-program hands to wx.requestMerchantTransfer: this customer's only.
    const waiting = await toConfirm(mum);
    expect(waiting).toEqual([
      {
        kind: 'withdrawal',
        id: String(id),
        outBillNo: `W${id}`,
        amount: 3000,
        createTime: expect.any(String),
        mchId: double.keys.mchId,
        appId: double.keys.appId,
        package: expect.stringMatching(/^SANDBOX1330/),
      },
    ]);
    expect(await toConfirm(other)).toEqual([]);
    const refused = await call(api.server, 'GET', '/api/blade-system/pay/payouts/confirm');
    expect(refused.statusCode).toBe(401);

    await double.confirmTransfer(`W${id}`);
    expect(await double.push()).toEqual([204]);
    expect(await withdrawal(id)).toMatchObject({ state: 1, billState: 'SUCCESS' });
    expect(await toConfirm(mum)).toEqual([]);
    expect(await walletOf(api.server.ctx, mum.walletId)).toMatchObject({ personAmount: 7000 });
    expect(await double.push()).toEqual([]);
    expect((await reconcile(api.server.ctx)).differences).toEqual([]);
  });

  it('is completed by the recovery worker when the notification does not arrive', async () => {
    const mum = await customer(10000);
    const id = await approved(mum, 2500);
    await double.confirmTransfer(`W${id}`);
    // The notification is lost: nothing reaches the server until the worker asks.
    expect(await withdrawal(id)).toMatchObject({ state: 4 });
    const pass1 = await recoverPayments(api.server.ctx, later());
    expect(pass1.failures).toEqual([]);
    expect(pass1.settled.withdrawal).toBe(1);
    expect(await withdrawal(id)).toMatchObject({ state: 1, billState: 'SUCCESS' });
    expect(double.requests).toContain(`GET /v3/fund-app/mch-transfer/transfer-bills/out-bill-no/W${id}`);
    // The notification arriving after it changes nothing.
    expect(await double.push()).toEqual([204]);
    expect(await withdrawal(id)).toMatchObject({ state: 1 });
    expect(await walletOf(api.server.ctx, mum.walletId)).toMatchObject({ personAmount: 7500 });
    expect((await reconcile(api.server.ctx)).differences).toEqual([]);
  });

  it('keeps waiting while the customer has not confirmed, the worker asking again later', async () => {
    const mum = await customer(10000);
    const id = await approved(mum, 1200);
    const pass1 = await recoverPayments(api.server.ctx, later());
    expect(pass1.failures).toEqual([]);
    expect(pass1.settled.withdrawal).toBeUndefined();
    expect(await withdrawal(id)).toMatchObject({ state: 4, billState: 'WAIT_USER_CONFIRM' });
    // Waiting for the customer is not late: reconcile lists it only once the confirmation window has passed.
    const stale = (at: Date) => staleMoney(api.server.ctx, at).then((rows) => rows.map((row) => row.no));
    expect(await stale(new Date(Date.now() + 3600_000))).not.toContain(`W${id}`);
    expect(await stale(new Date(Date.now() + 26 * 3600_000))).toContain(`W${id}`);
    await double.confirmTransfer(`W${id}`);
    expect(await double.push()).toEqual([204]);
    expect(await withdrawal(id)).toMatchObject({ state: 1 });
  });

  it('gives the money back exactly once when the customer lets it expire', async () => {
    const mum = await customer(10000);
    const id = await approved(mum, 4000);
    await double.expireTransfer(`W${id}`);
    expect(await double.push()).toEqual([204]);
    expect(await withdrawal(id)).toMatchObject({
      state: 3,
      billState: 'CANCELLED',
      reason: '客户未确认收款, 转账已撤销',
    });
    expect(await walletOf(api.server.ctx, mum.walletId)).toMatchObject({ personAmount: 10000, amount: 10500 });

    // WeChat Pay sends the notification again, and the worker's query answers the same: nothing moves.
    await api.server.ctx.db
      .updateTable('biz_pay_sim')
      .set({ notified: 0, attempts: 0, dueTime: now() })
      .where('kind', '=', 'bill')
      .where('outNo', '=', `W${id}`)
      .execute();
    expect(await double.push()).toEqual([204]);
    await payOutWithdrawal(api.server.ctx, id, undefined, true);
    expect(await walletOf(api.server.ctx, mum.walletId)).toMatchObject({ personAmount: 10000, amount: 10500 });
    const releases = (await ledgerOf(api.server.ctx, mum.walletId)).filter((row) => row.kind === 'withdraw_release');
    expect(releases).toHaveLength(1);
    expect((await reconcile(api.server.ctx)).differences).toEqual([]);
  });

  it('is cancelled by the worker once the confirmation window has passed', async () => {
    const mum = await customer(10000);
    const id = await approved(mum, 1500);
    // Approved 26 hours ago, the customer never confirmed, and WeChat Pay's own cancellation has not arrived.
    await api.server.ctx.db
      .updateTable('biz_withdrawal')
      .set({ auditTime: formatDateTime(new Date(Date.now() - 26 * 3600_000)) })
      .where('id', '=', id)
      .execute();
    const pass1 = await recoverPayments(api.server.ctx, later());
    expect(pass1.failures).toEqual([]);
    expect(double.requests).toContain(`POST /v3/fund-app/mch-transfer/transfer-bills/out-bill-no/W${id}/cancel`);
    expect(await withdrawal(id)).toMatchObject({ state: 3, billState: 'CANCELLED' });
    expect(await walletOf(api.server.ctx, mum.walletId)).toMatchObject({ personAmount: 10000 });
    // The cancellation's notification changes nothing more.
    expect(await double.push()).toEqual([204]);
    expect(await walletOf(api.server.ctx, mum.walletId)).toMatchObject({ personAmount: 10000 });
    expect((await reconcile(api.server.ctx)).differences).toEqual([]);
  });

  it('is sent by the worker when the server stopped after recording the intent', async () => {
    const mum = await customer(10000);
    const id = await requestWithdrawal(api.server.ctx, Number(mum.customerId), 1800);
    // Claimed 打款中 by transfer bill, and the server stopped before asking WeChat Pay.
    await api.server.ctx.db
      .updateTable('biz_withdrawal')
      .set({ state: 4, payoutApi: 'transfer-bills', auditTime: now() })
      .where('id', '=', id)
      .execute();
    expect((await recoverPayments(api.server.ctx, later())).failures).toEqual([]);
    expect(await withdrawal(id)).toMatchObject({ state: 4, billState: 'WAIT_USER_CONFIRM' });
    // Waiting for the customer is not late: reconcile lists it only once the confirmation window has passed.
    const stale = (at: Date) => staleMoney(api.server.ctx, at).then((rows) => rows.map((row) => row.no));
    expect(await stale(new Date(Date.now() + 3600_000))).not.toContain(`W${id}`);
    expect(await stale(new Date(Date.now() + 26 * 3600_000))).toContain(`W${id}`);
    await double.confirmTransfer(`W${id}`);
    expect(await double.push()).toEqual([204]);
    expect(await withdrawal(id)).toMatchObject({ state: 1 });
  });

  it('is refused at 2,000 yuan, the console knowing no real name, with nothing changed', async () => {
    const rich = await customer(300_000);
    const id = await requestWithdrawal(api.server.ctx, Number(rich.customerId), 200_000);
    expect(await pass(id)).toMatchObject({ status: 400, msg: expect.stringContaining('2000 元') });
    expect(await withdrawal(id)).toMatchObject({ state: 0 });
    expect(await walletOf(api.server.ctx, rich.walletId)).toMatchObject({ personAmount: 100_000 });
  });
});

describe('the transfer API a merchant has', () => {
  it('refuses transfer batches to a merchant opened since 2025-01-15, and pays by transfer bill', async () => {
    const wechat = api.server.config.payments.wechat;
    double.newMerchant = true;
    try {
      wechat.transferApi = 'batches';
      const mum = await customer(10000);
      const refused = await requestWithdrawal(api.server.ctx, Number(mum.customerId), 2000);
      expect(await pass(refused)).toMatchObject({ status: 400, msg: '当前商户号已升级为商家转账, 请使用发起转账接口' });
      expect(await withdrawal(refused)).toMatchObject({ state: 3 });
      expect(await walletOf(api.server.ctx, mum.walletId)).toMatchObject({ personAmount: 10000 });

      wechat.transferApi = 'transfer-bills';
      const id = await approved(mum, 2000);
      await double.confirmTransfer(`W${id}`);
      expect(await double.push()).toEqual([204]);
      expect(await withdrawal(id)).toMatchObject({ state: 1 });
    } finally {
      double.newMerchant = false;
      wechat.transferApi = 'transfer-bills';
    }
  });

  it('still pays an older merchant by transfer batch with WECHATPAY_TRANSFER_API=batches', async () => {
    const wechat = api.server.config.payments.wechat;
    wechat.transferApi = 'batches';
    try {
      const mum = await customer(10000);
      const id = await requestWithdrawal(api.server.ctx, Number(mum.customerId), 2200);
      expect(await pass(id)).toMatchObject({ status: 200 });
      const paid = await withdrawal(id);
      expect(paid).toMatchObject({ state: 1, batchId: expect.any(String) });
      // No bill: the detail shows none.
      expect(paid.billState || null).toBeNull();
      expect(double.requests).toContain('POST /v3/transfer/batches');
    } finally {
      wechat.transferApi = 'transfer-bills';
    }
  });
});

describe('a staff transfer by transfer bill', () => {
  const launch = (body: Record<string, unknown>) => api.post('/api/blade-system/pay/transfers', { body });
  let serial = 0;
  const billNo = () => {
    serial += 1;
    return `T${Date.now()}${serial}`;
  };

  it('of 2,000 yuan carries the payee name encrypted with the platform certificate it names', async () => {
    const mum = await customer(0);
    const no = billNo();
    const ask = { customerId: mum.customerId, amount: 200_000, outBatchNo: no, remark: '推车损坏赔偿' };
    const merchantBefore = await ledgerOf(api.server.ctx, MERCHANT);
    expect(await launch(ask)).toMatchObject({
      status: 400,
      msg: '单笔转账达到 2000 元, 微信支付要求填写收款人真实姓名',
    });
    expect(await ledgerOf(api.server.ctx, MERCHANT)).toHaveLength(merchantBefore.length);
    expect(pageOf(await api.get('/api/blade-system/transfers/list', { outBatchNo: no })).total).toBe(0);

    expect(await launch({ ...ask, userName: '王小红' })).toMatchObject({ status: 200 });
    expect(double.payeeNames.at(-1)).toBe('王小红');
    const sent = double.requests.lastIndexOf('POST /v3/fund-app/mch-transfer/transfer-bills');
    expect(double.namedKeys[sent]).toBe(double.keys.platform.serial);
    const list = pageOf(await api.get('/api/blade-system/transfers/list', { outBatchNo: no }));
    expect(list.records).toMatchObject([{ state: 0, billState: 'WAIT_USER_CONFIRM' }]);
    expect(await toConfirm(mum)).toMatchObject([{ kind: 'transfer', outBillNo: no, amount: 200_000 }]);

    await double.confirmTransfer(no);
    expect(await double.push()).toEqual([204]);
    const paid = pageOf(await api.get('/api/blade-system/transfers/list', { outBatchNo: no }));
    expect(paid.records).toMatchObject([{ state: 1, billState: 'SUCCESS' }]);
    expect((await reconcile(api.server.ctx)).differences).toEqual([]);
  });
});
