// A failed refund is no dead end: one that ended abnormal (a frozen card) or closed no longer counts in 已退金额,
// the order's cards or the daily figures; a closed one sent again under a new number counts once; one recorded as
// paid outside the console waits for a second person, then counts once and settles the order; a second resolution
// is refused with nothing changed; 退款记录 and the order list find them by state and by the customer's phone.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PaymentSandbox } from '../../../server/money/payments/sandbox.js';
import { nextId } from '../../../server/platform/db/ids.js';
import { addDept } from '../auth/fixtures.js';
import { addCompany, addEquipment, addSite, addType } from '../business/rental-api.js';
import { type Api, openApi, pageOf, type Row, rowOf } from '../engine/api.js';
import { checkMoneyInvariants } from '../money/checks.js';
import { secondAdministrator } from '../money/second-person.js';
import { bankOf } from '../payments/bank.js';
import { addPaidRental, deliverDue, newOutTradeNo } from './paid-rental.js';

let api: Api;
let sandbox: PaymentSandbox;
let siteId: string;
let typeId: string;
let deptId: string;
let finance: string;

const ORDER = '/api/blade-system/order';
const REFUND = '/api/blade-system/refund';
const APPROVAL = '/api/blade-system/approval';

beforeAll(async () => {
  api = await openApi({ PAY_SANDBOX_DELAY_MS: '0' });
  sandbox = bankOf(api.server);
  deptId = String(await addDept(api.server, '星河推车'));
  siteId = await addSite(api, '徐家汇港汇广场', await addCompany(api, '星河推车有限公司', deptId), deptId);
  typeId = await addType(api, '折叠童车');
  finance = await secondAdministrator(api);
});
afterAll(async () => api?.close());

const deliver = () => deliverDue(api.server.ctx, sandbox);

/** A rental of 135 minutes (fee ¥25.00) by a customer of their own phone, finished; answers the order. */
async function finished(deposit: number, phoneNumber: string): Promise<Row> {
  const customerId = nextId();
  await api.server.ctx.db
    .insertInto('biz_customer')
    .values({ id: customerId, nickName: '小明妈妈', phoneNumber, openId: `o-${customerId}` })
    .execute();
  const outTradeNo = newOutTradeNo();
  const keyPair = `TC-${outTradeNo}`;
  const equId = await addEquipment(api, keyPair, siteId, typeId, { equState: 2 });
  const { id } = await addPaidRental(api.server.ctx, sandbox, {
    outTradeNo,
    customerId,
    nickname: '小明妈妈',
    payerOpenId: `o-${customerId}`,
    equId: Number(equId),
    keyPair,
    siteId: Number(siteId),
    deptId: Number(deptId),
    typeId: Number(typeId),
    deposit,
    minutes: 135,
  });
  await api.server.ctx.db.updateTable('biz_order').set({ phoneNumber }).where('id', '=', id).execute();
  expect(await api.post(`${ORDER}/finish`, { query: { id: String(id) } })).toMatchObject({ success: true });
  await deliver();
  return order(String(id));
}

const order = async (id: string): Promise<Row> => rowOf(await api.get(`${ORDER}/detail`, { id }));
const refundsByPhone = async (query: Record<string, string>): Promise<Row[]> =>
  pageOf(await api.get(`${REFUND}/list`, { ...query, size: 100 })).records;
const refundRow = async (outRefundNo: string): Promise<Row> =>
  (await refundsByPhone({ outRefundNo_equal: outRefundNo }))[0] as Row;
/** The order's stats card 已退金额, filtered to the customer's phone as staff would. */
const refundedCard = async (phoneNumber: string): Promise<number> =>
  Number((rowOf(await api.get(`${ORDER}/stats`, { phoneNumber_equal: phoneNumber })) as Row).refunded);
/** The dashboard's figures of today. */
const today = async (): Promise<Row> => rowOf(await api.get('/api/blade-system/home/data')).today as Row;
const merchantKeeps = async (orderId: unknown): Promise<number> => {
  const rows = await api.server.ctx.db
    .selectFrom('biz_ledger')
    .select('personDelta')
    .where('orderId', '=', Number(orderId))
    .where('account', '=', 0)
    .execute();
  return rows.reduce((sum, row) => sum + Number(row.personDelta), 0);
};
/** Everything a refusal must leave as it was: the order, its refunds, the ledger, the approvals. */
const snapshot = async (orderId: unknown) => {
  const db = api.server.ctx.db;
  return {
    order: await db.selectFrom('biz_order').selectAll().where('id', '=', Number(orderId)).executeTakeFirst(),
    refunds: await db
      .selectFrom('biz_refund')
      .selectAll()
      .where('orderId', '=', Number(orderId))
      .orderBy('id')
      .execute(),
    ledger: await db.selectFrom('biz_ledger').select('id').where('orderId', '=', Number(orderId)).execute(),
    approvals: await db
      .selectFrom('biz_approval')
      .select(['id', 'state'])
      .where('orderId', '=', Number(orderId))
      .execute(),
  };
};
const waitingRequest = async (outRefundNo: string): Promise<Row> => {
  const [request] = pageOf(await api.get(`${APPROVAL}/list`, { kind: 6, bizNo: outRefundNo, state: 0 })).records;
  expect(request, `a waiting request for ${outRefundNo}`).toBeDefined();
  return request;
};

describe('a settlement refund that ends abnormal (a frozen card)', () => {
  const phone = '13900007913';
  let abnormal: Row;
  let outRefundNo: string;

  it('counts nowhere as refunded, and is shown as failed on the order and in 退款记录', async () => {
    // A deposit of ¥99.13 less the fee of ¥25.00 leaves ¥74.13, which the sandbox ends abnormal.
    abnormal = await finished(9913, phone);
    outRefundNo = `F${abnormal.outTradeNo}`;
    expect(abnormal).toMatchObject({ state: 7, refundedAmount: 0, keptAmount: 9913, refundState: 3 });
    expect(await refundedCard(phone)).toBe(0);
    expect(await refundRow(outRefundNo)).toMatchObject({ status: 3, resolution: 0, amount: 7413, phoneNumber: phone });
    // The merchant holds the order's whole payment again until the refund is resolved.
    expect(await merchantKeeps(abnormal.id)).toBe(9913);
    await checkMoneyInvariants(api.server.ctx);
  });

  it('is found by the caller’s phone and the state, on 退款记录 and on the order list', async () => {
    const failed = await refundsByPhone({ phoneNumber_equal: phone, status_equal: '3', resolution_equal: '0' });
    expect(failed.map((row) => row.outRefundNo)).toEqual([outRefundNo]);
    expect(await refundsByPhone({ phoneNumber_equal: phone, status_equal: '1' })).toEqual([]);
    expect(await refundsByPhone({ phoneNumber_equal: '13900000000' })).toEqual([]);
    const orders = pageOf(await api.get(`${ORDER}/list`, { phoneNumber_equal: phone, refundState_equal: '3' }));
    expect(orders.records.map((row) => row.id)).toEqual([abnormal.id]);
  });

  it('cannot be sent again, nor refunded anew, while its money is with the provider; nothing changes', async () => {
    const before = await snapshot(abnormal.id);
    expect(await api.post(`${REFUND}/resend`, { query: { outRefundNo } })).toMatchObject({
      status: 400,
      msg: '退款异常的款项仍在支付平台的退款账户中, 不能重新发起; 请在商户平台-交易中心处理后登记线下已退',
    });
    const anew = await api.post('/api/blade-system/pay/launch-refund', {
      body: { orderId: String(abnormal.id), amount: 7413, outRefundNo: `R${abnormal.id}x`, reason: '押金未退' },
    });
    expect(anew).toMatchObject({ status: 400 });
    expect(anew.msg).toContain('其中 ¥74.13 为退款异常的款项');
    expect(await snapshot(abnormal.id)).toEqual(before);
  });

  it('recorded as paid outside, waits for a second person: the requester cannot approve it', async () => {
    const recorded = await api.post(`${REFUND}/paid-outside`, {
      body: { outRefundNo, reference: '50301234567890', note: '商户平台异常退款处理, 退至客户招商银行卡' },
    });
    expect(recorded).toMatchObject({ status: 200, msg: '已登记线下退款, 需另一人审批后计为已退款' });
    expect(await order(String(abnormal.id))).toMatchObject({ state: 7, refundedAmount: 0, refundState: 4 });
    expect(await refundRow(outRefundNo)).toMatchObject({ resolution: 1, resolvedNo: '50301234567890' });
    const request = await waitingRequest(outRefundNo);
    expect(request).toMatchObject({ kind: 6, amount: 7413 });
    const own = await api.post(`${APPROVAL}/approve`, { query: { id: String(request.id) } });
    expect(own).toMatchObject({ status: 400, msg: '不能审批自己发起的付款, 请由另一人审批' });
    // While it waits, neither way of resolving it is open again.
    const before = await snapshot(abnormal.id);
    expect(
      await api.post(`${REFUND}/paid-outside`, { body: { outRefundNo, reference: 'X2', note: '再次登记' } }),
    ).toMatchObject({ status: 400, msg: '该退款已登记为线下已退, 正在等待审批, 不能再次处理' });
    expect(await snapshot(abnormal.id)).toEqual(before);
  });

  it('approved by another person, counts once as refunded, settles the order and is audited', async () => {
    const revenue = Number((await today()).revenue);
    const request = await waitingRequest(outRefundNo);
    const approved = await api.post(`${APPROVAL}/approve`, { query: { id: String(request.id) }, token: finance });
    expect(approved).toMatchObject({ status: 200, msg: '已审批, 退款已登记为线下已退' });
    const settled = await order(String(abnormal.id));
    expect(settled).toMatchObject({ state: 3, refundedAmount: 7413, keptAmount: 2500, refundState: 1 });
    expect(await refundedCard(phone)).toBe(7413);
    expect(await merchantKeeps(abnormal.id)).toBe(2500);
    // The rest of a deposit was never the business's revenue: the day's revenue loses what it had taken back.
    expect(Number((await today()).revenue)).toBe(revenue - 7413);
    const financeId = await api.server.ctx.db
      .selectFrom('blade_user')
      .select('id')
      .where('account', '=', 'finance')
      .executeTakeFirstOrThrow();
    const refund = await refundRow(outRefundNo);
    expect(refund).toMatchObject({ resolution: 3, resolveApproveUser: String(financeId.id) });
    const trail = await api.server.ctx.db
      .selectFrom('blade_audit')
      .select(['action', 'userId'])
      .where('subject', '=', `付款审批 #${request.id}`)
      .orderBy('id')
      .execute();
    expect(trail.map((row) => row.action)).toEqual(['request', 'approve']);
    expect(Number(trail[1].userId)).toBe(Number(financeId.id));
    expect(Number(trail[0].userId)).not.toBe(Number(financeId.id));
    await checkMoneyInvariants(api.server.ctx);
  });

  it('refuses a second resolution, either way, and nothing changes', async () => {
    const before = await snapshot(abnormal.id);
    expect(
      await api.post(`${REFUND}/paid-outside`, { body: { outRefundNo, reference: 'X3', note: '再次登记' } }),
    ).toMatchObject({ status: 400, msg: '该退款已登记为线下已退 (参考号 50301234567890), 不能再次处理' });
    expect(await api.post(`${REFUND}/resend`, { query: { outRefundNo } })).toMatchObject({ status: 400 });
    expect(await snapshot(abnormal.id)).toEqual(before);
  });
});

describe('a staff refund that ends closed', () => {
  const phone = '13900001014';
  let completed: Row;
  const outRefundNo = `R${Date.now()}c`;

  it('no longer counts once closed, and sent again under a new number counts once', async () => {
    completed = await finished(9900, phone);
    expect(completed).toMatchObject({ state: 3, refundedAmount: 7400 });
    const day = await today();
    // An amount ending in 14 closes in the sandbox (the merchant account could not pay it for days).
    const launched = await api.post('/api/blade-system/pay/launch-refund', {
      body: { orderId: String(completed.id), amount: 1014, outRefundNo, reason: '设备故障补偿' },
    });
    expect(launched).toMatchObject({ status: 200 });
    await deliver();
    expect(await order(String(completed.id))).toMatchObject({ state: 3, refundedAmount: 7400, refundState: 2 });
    expect(await refundedCard(phone)).toBe(7400);
    expect(await today()).toMatchObject({ refunds: day.refunds, refundAmount: day.refundAmount });
    await checkMoneyInvariants(api.server.ctx);

    const resent = await api.post(`${REFUND}/resend`, { query: { outRefundNo } });
    expect(resent).toMatchObject({ status: 200, msg: `已重新发起退款 ${outRefundNo}-2, 等待支付平台处理` });
    expect(await order(String(completed.id))).toMatchObject({ state: 5, refundedAmount: 8414, refundState: 0 });
    await deliver();
    expect(await order(String(completed.id))).toMatchObject({ state: 3, refundedAmount: 8414, refundState: 1 });
    expect(await refundRow(`${outRefundNo}-2`)).toMatchObject({ status: 1, amount: 1014 });
    expect(await refundRow(outRefundNo)).toMatchObject({ status: 2, resolution: 2, resolvedNo: `${outRefundNo}-2` });
    expect(await refundedCard(phone)).toBe(8414);
    expect(await today()).toMatchObject({
      refunds: Number(day.refunds) + 1,
      refundAmount: Number(day.refundAmount) + 1014,
    });
    expect(await merchantKeeps(completed.id)).toBe(9900 - 8414);
    await checkMoneyInvariants(api.server.ctx);
  });

  it('refuses to send it again, or to record it, a second time; nothing changes', async () => {
    const before = await snapshot(completed.id);
    expect(await api.post(`${REFUND}/resend`, { query: { outRefundNo } })).toMatchObject({
      status: 400,
      msg: `该退款已重新发起 (退款单号 ${outRefundNo}-2), 不能再次处理`,
    });
    expect(
      await api.post(`${REFUND}/paid-outside`, { body: { outRefundNo, reference: 'X', note: '线下' } }),
    ).toMatchObject({ status: 400 });
    expect(await api.post(`${REFUND}/resend`, { query: { outRefundNo: `${outRefundNo}-2` } })).toMatchObject({
      status: 400,
      msg: '该退款未失败, 无需处理',
    });
    expect(await snapshot(completed.id)).toEqual(before);
  });
});

describe('a record of paying outside that the second person rejects', () => {
  it('leaves the refund to resolve again, nothing counted', async () => {
    const phone = '13900002913';
    const abnormal = await finished(9913, phone);
    const outRefundNo = `F${abnormal.outTradeNo}`;
    await api.post(`${REFUND}/paid-outside`, { body: { outRefundNo, reference: 'B-1', note: '银行转账' } });
    const request = await waitingRequest(outRefundNo);
    const rejected = await api.post(`${APPROVAL}/reject`, {
      body: { id: String(request.id), reason: '未见到账凭证' },
      token: finance,
    });
    expect(rejected).toMatchObject({ status: 200 });
    expect(await order(String(abnormal.id))).toMatchObject({ state: 7, refundedAmount: 0, refundState: 3 });
    expect(await refundRow(outRefundNo)).toMatchObject({ resolution: 0 });
    await checkMoneyInvariants(api.server.ctx);
  });
});
