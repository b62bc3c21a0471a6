// Reconciliation against WeChat Pay's own bills, through the real client against the local double: a day of
// payments, refunds, a split, a withdrawal and a transfer reconciles to no difference; differences planted in the
// double's bills show on 对账差异 by kind and are marked handled by finance staff only; a bill whose file does not
// match its hash is refused with nothing stored; two passes at once download a day once, and a pass that died
// mid-way is finished by the next.

import type { AddressInfo } from 'node:net';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, dayOf } from '../../../server/money/bills/days.js';
import { reconcileBills } from '../../../server/money/bills/pass.js';
import { reconcileDay } from '../../../server/money/bills/reconcile-day.js';
import { reconcile } from '../../../server/money/recovery/reconcile.js';
import { requestWithdrawal } from '../../../server/money/wallets/withdrawal.js';
import { testKeys } from '../../doubles/wechat-pay/keys.js';
import { WechatPayDouble } from '../../doubles/wechat-pay/server.js';
import { addDept, setParam } from '../auth/fixtures.js';
import { addCompany, addEquipment, addPrice, addSite, addType } from '../business/rental-api.js';
import { type Answer, type Api, openApi, pageOf, type Row } from '../engine/api.js';
import { call, RIDER, signIn, signInCustomer, wechatPayEnv } from '../harness.js';
import { approvedChange, approvedSetUp } from '../money/second-person.js';
import { rode } from '../orders/paid-rental.js';

let api: Api;
let double: WechatPayDouble;
let siteId: string;
let typeId: string;
let customer: { token: string; customerId: string };
let serial = 0;
const today = dayOf(new Date());
/** What the flow left behind, by the numbers a bill names. */
const flow = { outTradeNo: '', staffRefund: '', withdrawal: '', transfer: '' };

beforeAll(async () => {
  double = await WechatPayDouble.start(testKeys());
  api = await openApi({ PAY_SANDBOX_DELAY_MS: '0', ...wechatPayEnv(double) });
  double.attach(api.server.ctx, api.server.config.payments.sandboxBalance);
  await api.server.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = api.server.app.server.address() as AddressInfo;
  api.server.config.payments.wechat.notifyUrl = `http://127.0.0.1:${port}/api/pay/notify`;
  // Payouts without a second person: the approvals have their own tests.
  await setParam(api.server, 'money.approvalCents', String(Number.MAX_SAFE_INTEGER));
  await setParam(api.server, 'money.requesterDailyCents', String(Number.MAX_SAFE_INTEGER));
  const deptId = String(await addDept(api.server, '星河推车'));
  siteId = await addSite(api, '徐家汇港汇广场', await addCompany(api, '星河推车有限公司', deptId), deptId);
  typeId = await addType(api, '折叠童车');
  await addPrice(api, '标准方案', siteId, typeId);
  const receiverId = await approvedSetUp(
    api,
    '/api/blade-system/receiver',
    { receiverName: '港汇门店', receiverType: 1, account: '1900000201', relationType: 1 },
    'receiverName',
  );
  const setter = { siteId, receiverId, ratio: 1000 };
  await approvedChange(api, 5, () => api.post('/api/blade-system/setter/submit', { body: setter }));
  customer = await signInCustomer(api.server, 'o-bill-mum');
}, 60000);
afterAll(async () => {
  await api?.close();
  await double?.close();
});

const customerCall = async (url: string, body: Row): Promise<Answer> => {
  const response = await call(api.server, 'POST', url, {
    token: customer.token,
    body,
    headers: { authorization: RIDER },
  });
  return { ...response.json(), status: response.statusCode } as Answer;
};

/** Pushes until the double has nothing more to say (a result may bring another: a finish's refund and split). */
async function settle(): Promise<void> {
  for (let round = 0; round < 5; round += 1) if ((await double.push()).length === 0) return;
}

const differences = async (query: Row = {}): Promise<Row[]> =>
  pageOf(await api.get('/api/blade-system/bill/list', { day_ge: today, day_le: today, size: 100, ...query })).records;

describe('a day reconciled against the bills', () => {
  it('has no difference after payments, refunds, a split, a withdrawal and a transfer', async () => {
    serial += 1;
    const equId = await addEquipment(api, `BILL-${serial}`, siteId, typeId);
    const launched = await customerCall('/api/blade-system/pay/launch', { purpose: 'rent', equId });
    expect(launched, JSON.stringify(launched)).toMatchObject({ status: 200 });
    const orderId = String((launched.data as Row).orderId);
    await settle();
    await rode(api.server.ctx, orderId, 135);
    expect(await api.post('/api/blade-system/order/finish', { query: { id: orderId } })).toMatchObject({ status: 200 });
    await settle();
    const order = (await api.get('/api/blade-system/order/detail', { id: orderId })).data as Row;
    flow.outTradeNo = String(order.outTradeNo);
    flow.staffRefund = `R${orderId}bill`;
    const refund = { orderId, amount: 500, outRefundNo: flow.staffRefund, reason: '设备故障补偿' };
    expect(await api.post('/api/blade-system/pay/launch-refund', { body: refund })).toMatchObject({ status: 200 });
    await settle();

    const recharge = await customerCall('/api/blade-system/pay/launch', { purpose: 'recharge', amount: 5000 });
    expect(recharge, JSON.stringify(recharge)).toMatchObject({ status: 200 });
    await settle();
    const withdrawalId = await requestWithdrawal(api.server.ctx, Number(customer.customerId), 3000);
    const passed = await api.post('/api/blade-system/withdrawal/pass', { query: { id: String(withdrawalId) } });
    expect(passed).toMatchObject({ status: 200 });
    flow.withdrawal = `W${withdrawalId}`;
    flow.transfer = `T${Date.now()}0001`;
    const transfer = {
      customerId: customer.customerId,
      amount: 1888,
      outBatchNo: flow.transfer,
      remark: '车轮故障补偿',
    };
    expect(await api.post('/api/blade-system/pay/transfers', { body: transfer })).toMatchObject({ status: 200 });
    await settle();
    // The premise: every kind of money moved today, and our own books agree with themselves.
    const shares = await api.server.ctx.db
      .selectFrom('biz_split_record')
      .select('state')
      .where('orderId', '=', Number(orderId))
      .execute();
    expect(shares.map((share) => share.state)).toEqual(['FINISHED']);
    expect((await reconcile(api.server.ctx)).differences).toEqual([]);

    const downloads = double.requests.filter((request) => request === 'GET /v3/billdownload/file').length;
    expect(await reconcileDay(api.server.ctx, today)).toEqual({ day: today, differences: 0 });
    expect(await differences()).toEqual([]);
    // Both bills asked for and downloaded, gzipped, over v3's wire.
    expect(double.bills.asked.filter((asked) => asked.endsWith(today))).toEqual([
      `trade ${today}`,
      `fundflow ${today}`,
    ]);
    expect(double.requests.filter((request) => request === 'GET /v3/billdownload/file')).toHaveLength(downloads + 2);
    const day = await api.server.ctx.db
      .selectFrom('biz_bill_day')
      .selectAll()
      .where('day', '=', today)
      .executeTakeFirstOrThrow();
    // Payment and recharge, the finish's refund and the staff refund; and in the fund flow the split and two payouts.
    expect(day).toMatchObject({ state: 'done', tradeRows: 4, differences: 0 });
    expect(Number(day.fundRows)).toBeGreaterThanOrEqual(7);
    const { bills } = await reconcile(api.server.ctx);
    expect(bills).toMatchObject({ daysReconciled: 1, lastDay: today, differencesOpen: 0 });
  });

  it('shows a planted difference of each kind, and finance staff alone mark one handled', async () => {
    double.bills.trade = (rows) => [
      ...rows
        // A refund we hold as refunded that WeChat Pay's bill lacks.
        .filter((row) => row.outRefundNo !== flow.staffRefund)
        // The payment's amount differs.
        .map((row) =>
          row.outTradeNo === flow.outTradeNo && row.tradeState === 'SUCCESS' ? { ...row, total: 9800 } : row,
        )
        // The finish's refund still processing on its side.
        .map((row) =>
          row.outTradeNo === flow.outTradeNo && row.tradeState === 'REFUND'
            ? { ...row, refundState: 'PROCESSING' }
            : row,
        ),
      // A payment WeChat Pay has that we do not.
      {
        ...rows[0],
        outTradeNo: 'P-ONLY-THEIRS',
        transactionId: '4200000000000001',
        tradeState: 'SUCCESS',
        total: 1234,
      },
    ];
    // A withdrawal we paid that the fund flow lacks.
    double.bills.fund = (rows) => rows.filter((row) => row.voucherNo !== flow.withdrawal);
    expect(await reconcileDay(api.server.ctx, today, new Date(), true)).toEqual({ day: today, differences: 5 });
    const found = (await differences()).map((d) => [d.kind, d.business, d.outNo, d.ourAmount, d.theirAmount]);
    expect(found).toEqual(
      expect.arrayContaining([
        [1, 'payment', 'P-ONLY-THEIRS', -1, 1234],
        [2, 'refund', flow.staffRefund, 500, -1],
        [2, 'payout', flow.withdrawal, 3000, -1],
        [3, 'payment', flow.outTradeNo, 9900, 9800],
        [4, 'refund', expect.stringMatching(/^F/), 7400, 7400],
      ]),
    );
    expect(found).toHaveLength(5);
    const amounts = await differences({ kind_equal: 3 });
    expect(amounts).toHaveLength(1);
    expect(amounts[0]).toMatchObject({ amountDifference: -100, state: 0, theirState: 'SUCCESS' });

    // The operator sees the screen but may not settle a difference: nothing changes.
    const operator = await signIn(api.server, 'operator', 'operator');
    const handle = { id: String(amounts[0].id), note: '微信支付确认按 98 元结算' };
    expect(await api.post('/api/blade-system/bill/handle', { body: handle, token: operator })).toMatchObject({
      status: 403,
    });
    expect((await differences({ kind_equal: 3 }))[0]).toMatchObject({ state: 0, note: '' });
    expect(await api.post('/api/blade-system/bill/handle', { body: handle })).toMatchObject({
      status: 200,
      msg: '已标记为已处理',
    });
    expect(await api.post('/api/blade-system/bill/handle', { body: handle })).toMatchObject({
      status: 400,
      msg: '该差异已处理',
    });

    // Again for the day: the handled one stays as it was, the open ones are found anew.
    const open = (await differences({ state_equal: 0 })).map((d) => d.id);
    expect(await reconcileDay(api.server.ctx, today, new Date(), true)).toEqual({ day: today, differences: 4 });
    const after = await differences();
    expect(after).toHaveLength(5);
    expect(after.find((d) => d.kind === 3)).toMatchObject({
      id: amounts[0].id,
      state: 1,
      note: '微信支付确认按 98 元结算',
      realName: expect.any(String),
    });
    expect(after.filter((d) => d.state === 0).map((d) => d.id)).not.toEqual(expect.arrayContaining(open));
    expect((await reconcile(api.server.ctx)).bills).toMatchObject({ differencesOpen: 4 });
  });

  it('refuses a bill whose file does not match its hash, and stores nothing', async () => {
    const before = await differences();
    // Someone on the way changes an amount in the file after WeChat Pay gave its hash.
    double.bills.tamper = (file) => zlib.gzipSync(zlib.gunzipSync(file).toString('utf8').replace('`98.00', '`980.00'));
    await expect(reconcileDay(api.server.ctx, today, new Date(), true)).rejects.toThrow(
      '账单文件的哈希值与微信支付给出的不一致, 未保存',
    );
    expect(await differences()).toEqual(before);
    const day = await api.server.ctx.db
      .selectFrom('biz_bill_day')
      .selectAll()
      .where('day', '=', today)
      .executeTakeFirstOrThrow();
    expect(day).toMatchObject({ state: 'failed', lastError: '账单文件的哈希值与微信支付给出的不一致, 未保存' });

    // From the screen, a past day: the same refusal, in the caller's words.
    const yesterday = addDays(today, -1);
    double.bills.reset();
    double.bills.tamper = (file) =>
      Buffer.concat([file.subarray(0, file.length - 1), Buffer.from([file[file.length - 1] ^ 1])]);
    const refused = await api.post('/api/blade-system/bill/reconcile', { query: { day: yesterday } });
    expect(refused).toMatchObject({ status: 400, msg: expect.stringMatching(/未保存$/) });
    expect(await api.post('/api/blade-system/bill/reconcile', { query: { day: today } })).toMatchObject({
      status: 400,
      msg: '只能对今天之前 90 天内的账单对账',
    });
    double.bills.tamper = undefined;
    expect(await api.post('/api/blade-system/bill/reconcile', { query: { day: yesterday } })).toMatchObject({
      status: 200,
      msg: '对账完成, 没有差异',
    });
  });

  it('downloads a day once when two passes run at once, and finishes a day whose pass died', async () => {
    double.bills.reset();
    // Tomorrow after ten: today's bills are due; today failed above, so it is due again.
    const tomorrow = new Date(`${addDays(today, 1)}T11:00:00`);
    const asked = double.bills.asked.length;
    const passes = await Promise.all([
      reconcileBills(api.server.ctx, tomorrow),
      reconcileBills(api.server.ctx, tomorrow),
    ]);
    expect(double.bills.asked.slice(asked)).toEqual([`trade ${today}`, `fundflow ${today}`]);
    expect(passes.flatMap((pass) => pass.reconciled)).toEqual([{ day: today, differences: 0 }]);
    expect(passes.flatMap((pass) => pass.failures)).toEqual([]);
    // Done: a later pass leaves it.
    expect((await reconcileBills(api.server.ctx, tomorrow)).reconciled).toEqual([]);

    // A pass that claimed the day and died: its claim runs out, and the next pass does the day.
    await api.server.ctx.db
      .updateTable('biz_bill_day')
      .set({ state: 'running', holder: 'a-dead-instance', until: `${today} 00:00:01` })
      .where('day', '=', today)
      .execute();
    expect((await reconcileBills(api.server.ctx, tomorrow)).reconciled).toEqual([{ day: today, differences: 0 }]);
    expect(
      await api.server.ctx.db.selectFrom('biz_bill_day').select('state').where('day', '=', today).executeTakeFirst(),
    ).toEqual({ state: 'done' });
  });
});
