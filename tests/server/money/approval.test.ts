// Two people for big payouts: above money.approvalCents (¥500 by default) a staff refund, a transfer and a withdrawal
// payout wait on 付款审批 and move no money; a second person who holds approval_approve approves (then the money
// moves through the usual call, once, also when two approve at once) or rejects with a reason (nothing moves). The
// requester can never approve, the operator role can launch but not decide, and at the amount everything is as before.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PaymentSandbox } from '../../../server/money/payments/sandbox.js';
import { requestWithdrawal } from '../../../server/money/wallets/withdrawal.js';
import { nextId } from '../../../server/platform/db/ids.js';
import { now } from '../../../server/platform/db/time.js';
import { deploy } from '../../../server/system/flow/deployments.js';
import { addDept, addUser } from '../auth/fixtures.js';
import { addCompany, addEquipment, addSite, addType } from '../business/rental-api.js';
import { type Api, openApi, pageOf, type Row, rowOf } from '../engine/api.js';
import { signIn } from '../harness.js';
import { addPaidRental, deliverDue, newOutTradeNo } from '../orders/paid-rental.js';
import { FINANCE_STEP_CHAIN } from './finance-step.js';

let api: Api;
let sandbox: PaymentSandbox;
let finance: string;
let siteId: string;
let typeId: string;
let deptId: string;
const customerId = nextId();
const APPROVAL = '/api/blade-system/approval';
const HELD = '金额超过 ¥500.00, 已提交审批, 需另一人审批后付款';

beforeAll(async () => {
  api = await openApi({ PAY_SANDBOX_DELAY_MS: '0' });
  sandbox = new PaymentSandbox(api.server.ctx, { delayMs: 0, balance: 0 });
  deptId = String(await addDept(api.server, '星河推车'));
  siteId = await addSite(api, '徐家汇港汇广场', await addCompany(api, '星河推车有限公司', deptId), deptId);
  typeId = await addType(api, '折叠童车');
  await api.server.ctx.db
    .insertInto('biz_customer')
    .values({ id: customerId, nickName: '小明妈妈', phoneNumber: '13800138000', openId: 'o-mum' })
    .execute();
  // A second administrator: the finance lead who approves what others ask for.
  const administrator = await api.server.ctx.db
    .selectFrom('blade_role')
    .select('id')
    .where('roleAlias', '=', 'administrator')
    .executeTakeFirstOrThrow();
  await addUser(api.server, { account: 'finance', realName: '财务主管', roleIds: [administrator.id] });
  finance = await signIn(api.server, 'finance', 'secret1');
});
afterAll(async () => api?.close());

/**
 * A finished rental whose whole deposit the business kept (a damaged stroller): all of it may be refunded. Each
 * rental is another customer's, so one scenario's refunds do not count in another's day for the same payee.
 */
async function rental(deposit: number): Promise<{ id: string; outTradeNo: string }> {
  const outTradeNo = newOutTradeNo();
  const customerId = nextId();
  await api.server.ctx.db
    .insertInto('biz_customer')
    .values({ id: customerId, nickName: '小明妈妈', phoneNumber: '13800138000', openId: `o-${customerId}` })
    .execute();
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
    minutes: 30,
  });
  await api.server.ctx.db
    .updateTable('biz_order')
    .set({ state: 3, endTime: now(), actAmount: deposit })
    .where('id', '=', id)
    .execute();
  return { id: String(id), outTradeNo };
}

const refund = (orderId: string, amount: number, outRefundNo: string, token = api.operatorToken) =>
  api.post('/api/blade-system/pay/launch-refund', {
    body: { orderId, amount, outRefundNo, reason: '设备故障补偿' },
    token,
  });
const waiting = async (bizNo: string): Promise<Row> =>
  pageOf(await api.get(`${APPROVAL}/list`, { bizNo })).records[0] as Row;
const approve = (id: unknown, token = finance) => api.post(`${APPROVAL}/approve`, { query: { id: String(id) }, token });
const refundRows = (outRefundNo: string) =>
  api.server.ctx.db
    .selectFrom('biz_refund')
    .select(['amount', 'status'])
    .where('outRefundNo', '=', outRefundNo)
    .execute();
const ledger = (bizNo: string) =>
  api.server.ctx.db.selectFrom('biz_ledger').select(['kind', 'personDelta']).where('bizNo', '=', bizNo).execute();

describe('a staff refund above the approval amount', () => {
  it('waits for approval, moving nothing, and is listed with its requester and amount', async () => {
    const { id } = await rental(90000);
    const answer = await refund(id, 60000, 'R-big-0001');
    expect(answer).toMatchObject({ status: 200, success: true, msg: HELD });
    expect(await refundRows('R-big-0001')).toEqual([]);
    expect(rowOf(await api.get('/api/blade-system/order/detail', { id }))).toMatchObject({
      refundedAmount: 0,
      state: 3,
    });
    // A double click is the same request.
    expect(await refund(id, 60000, 'R-big-0001')).toMatchObject({ status: 200, msg: HELD });
    expect(pageOf(await api.get(`${APPROVAL}/list`, { bizNo: 'R-big-0001' })).total).toBe(1);
    const request = await waiting('R-big-0001');
    expect(request).toMatchObject({ kind: 1, amount: 60000, state: 0, orderId: id, realName: '运营人员' });
    expect(rowOf(await api.get(`${APPROVAL}/detail`, { id: String(request.id) }))).toMatchObject({ state: 0 });
  });

  it('is refused to the operator, who may launch but not approve, and to the requester', async () => {
    const request = await waiting('R-big-0001');
    expect(await approve(request.id, api.operatorToken)).toMatchObject({ status: 403 });
    const { id } = await rental(90000);
    await refund(id, 70000, 'R-big-0002', api.adminToken);
    const own = await waiting('R-big-0002');
    expect(await approve(own.id, api.adminToken)).toMatchObject({
      status: 400,
      msg: '不能审批自己发起的付款, 请由另一人审批',
    });
    const english = await api.server.app.inject({
      method: 'POST',
      url: `${APPROVAL}/approve?id=${own.id}`,
      headers: {
        authorization: `Basic ${Buffer.from('saber:saber_secret').toString('base64')}`,
        'blade-auth': `bearer ${api.adminToken}`,
        'accept-language': 'en',
      },
    });
    expect(english.json().msg).toBe('You cannot approve a payout you asked for; another person must approve it');
    expect(await refundRows('R-big-0002')).toEqual([]);
  });

  it('moves the money once when two approve at once, through the usual refund', async () => {
    const request = await waiting('R-big-0001');
    const answers = await Promise.all([approve(request.id), approve(request.id, api.adminToken)]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 400]);
    expect(answers.find((answer) => answer.status === 400)?.msg).toBe('该审批已处理');
    expect(await refundRows('R-big-0001')).toEqual([{ amount: 60000, status: 0 }]);
    expect(await ledger('R-big-0001')).toEqual([{ kind: 'refund', personDelta: -60000 }]);
    await deliverDue(api.server.ctx, sandbox);
    expect(await refundRows('R-big-0001')).toEqual([{ amount: 60000, status: 1 }]);
    expect(await waiting('R-big-0001')).toMatchObject({ state: 1, approveUser: expect.any(String) });
  });

  it('answers one person approving twice at once with 该审批已处理 once, and moves the money once', async () => {
    const { id } = await rental(90000);
    await refund(id, 60000, 'R-big-0004');
    const request = await waiting('R-big-0004');
    const answers = await Promise.all([approve(request.id), approve(request.id)]);
    expect(answers.map((answer) => [answer.status, answer.msg]).sort()).toEqual([
      [200, '已审批, 已付款'],
      [400, '该审批已处理'],
    ]);
    expect(await refundRows('R-big-0004')).toEqual([{ amount: 60000, status: 0 }]);
    // Asked again later, it is still the request already handled, not a second person's step.
    expect(await approve(request.id)).toMatchObject({ status: 400, msg: '该审批已处理' });
  });

  it('moves nothing when rejected with a reason, and a second decision is refused', async () => {
    const own = await waiting('R-big-0002');
    const reject = (token: string) =>
      api.post(`${APPROVAL}/reject`, { body: { id: String(own.id), reason: '金额有误' }, token });
    expect(await reject(finance)).toMatchObject({ status: 200, msg: '已驳回, 未付款' });
    expect(await reject(finance)).toMatchObject({ status: 400, msg: '该审批已处理' });
    expect(await approve(own.id)).toMatchObject({ status: 400, msg: '该审批已处理' });
    expect(await waiting('R-big-0002')).toMatchObject({ state: 2, reason: '金额有误' });
    expect(await refundRows('R-big-0002')).toEqual([]);
  });

  it('leaves the approved refund its rules: beyond what is left it is refused and marked failed', async () => {
    const { id } = await rental(90000);
    await refund(id, 50000, 'R-small-0003');
    await refund(id, 80000, 'R-big-0003');
    const request = await waiting('R-big-0003');
    expect(await approve(request.id)).toMatchObject({ status: 400, msg: '退款金额超过可退金额 (可退 ¥400.00)' });
    expect(await waiting('R-big-0003')).toMatchObject({ state: 3, reason: '退款金额超过可退金额 (可退 ¥400.00)' });
    expect(await refundRows('R-big-0003')).toEqual([]);
  });
});

describe('at or under the approval amount', () => {
  it('refunds at once, as before', async () => {
    const { id } = await rental(90000);
    expect(await refund(id, 50000, 'R-small-0001')).toMatchObject({ status: 200 });
    expect(await refundRows('R-small-0001')).toEqual([{ amount: 50000, status: 0 }]);
    expect(pageOf(await api.get(`${APPROVAL}/list`, { bizNo: 'R-small-0001' })).total).toBe(0);
  });
});

describe('a transfer above the approval amount', () => {
  it('waits, then pays the customer once on approval', async () => {
    const ask = { customerId: String(customerId), amount: 88800, outBatchNo: 'Tbig0000001', remark: '设备损坏赔偿' };
    const launch = await api.post('/api/blade-system/pay/transfers', { body: ask, token: api.operatorToken });
    expect(launch).toMatchObject({ status: 200, msg: HELD });
    expect(pageOf(await api.get('/api/blade-system/transfers/list', { outBatchNo: 'Tbig0000001' })).total).toBe(0);
    const request = await waiting('Tbig0000001');
    expect(request).toMatchObject({ kind: 2, amount: 88800, remark: '设备损坏赔偿' });
    expect(await approve(request.id)).toMatchObject({ status: 200, msg: '已审批, 已付款' });
    const paid = pageOf(await api.get('/api/blade-system/transfers/list', { outBatchNo: 'Tbig0000001' })).records;
    expect(paid).toMatchObject([{ amount: 88800, state: 1 }]);
    expect(await ledger('Tbig0000001')).toEqual([{ kind: 'transfer', personDelta: -88800 }]);
  });
});

describe('a withdrawal payout above the approval amount', () => {
  it('keeps the amount frozen while it waits and after a rejected approval, until the withdrawal is decided', async () => {
    const walletId = nextId();
    await api.server.ctx.db
      .insertInto('biz_wallet')
      .values({ id: walletId, customerId, amount: 100000, personAmount: 100000, platAmount: 0, createTime: now() })
      .execute();
    await api.server.ctx.db
      .insertInto('biz_ledger')
      .values({
        id: nextId(),
        account: walletId,
        kind: 'recharge',
        bizNo: `C${walletId}`,
        personDelta: 100000,
        platDelta: 0,
        createTime: now(),
      })
      .execute();
    const withdrawalId = await requestWithdrawal(api.server.ctx, customerId, 60000);
    const pass = () =>
      api.post('/api/blade-system/withdrawal/pass', { query: { id: String(withdrawalId) }, token: api.operatorToken });
    const withdrawal = async () =>
      rowOf(await api.get('/api/blade-system/withdrawal/detail', { id: String(withdrawalId) }));
    const wallet = async () => rowOf(await api.get('/api/blade-system/wallet/detail', { id: String(walletId) }));
    expect(await pass()).toMatchObject({ status: 200, msg: HELD });
    expect(await withdrawal()).toMatchObject({ state: 0 });
    const first = await waiting(`W${withdrawalId}`);
    expect(first).toMatchObject({ kind: 3, amount: 60000, withdrawalId: String(withdrawalId), state: 0 });
    await api.post(`${APPROVAL}/reject`, { body: { id: String(first.id), reason: '核实客户身份' }, token: finance });
    expect(await withdrawal()).toMatchObject({ state: 0 });
    expect(await wallet()).toMatchObject({ personAmount: 40000 });
    // Asked again, it waits again; approved by another person, it pays out.
    expect(await pass()).toMatchObject({ status: 200, msg: HELD });
    expect(await approve((await waiting(`W${withdrawalId}`)).id)).toMatchObject({ status: 200 });
    expect(await withdrawal()).toMatchObject({ state: 1 });
    expect(await wallet()).toMatchObject({ personAmount: 40000 });
  });

  it('closes the waiting request when the withdrawal itself is rejected, giving the amount back', async () => {
    const walletRow = await api.server.ctx.db
      .selectFrom('biz_wallet')
      .select('id')
      .where('customerId', '=', customerId)
      .executeTakeFirstOrThrow();
    const withdrawalId = await requestWithdrawal(api.server.ctx, customerId, 30000);
    await api.server.ctx.db
      .updateTable('blade_param')
      .set({ paramValue: '20000' })
      .where('paramKey', '=', 'money.approvalCents')
      .execute();
    try {
      expect(
        await api.post('/api/blade-system/withdrawal/pass', { query: { id: String(withdrawalId) } }),
      ).toMatchObject({
        msg: '金额超过 ¥200.00, 已提交审批, 需另一人审批后付款',
      });
      await api.post('/api/blade-system/withdrawal/reject', { body: { id: String(withdrawalId), reason: '信息不符' } });
      expect(await waiting(`W${withdrawalId}`)).toMatchObject({ state: 2, reason: '提现已驳回' });
      expect(rowOf(await api.get('/api/blade-system/wallet/detail', { id: String(walletRow.id) }))).toMatchObject({
        personAmount: 40000,
      });
    } finally {
      await api.server.ctx.db
        .updateTable('blade_param')
        .set({ paramValue: '50000' })
        .where('paramKey', '=', 'money.approvalCents')
        .execute();
    }
  });
});

describe('the approval chain is a model', () => {
  it('takes a finance step above ¥5,000 on the next withdrawal once a new version adds it', async () => {
    expect((await deploy(api.server.ctx.db, FINANCE_STEP_CHAIN, null)).version).toBe(2);

    const richId = nextId();
    const walletId = nextId();
    await api.server.ctx.db
      .insertInto('biz_customer')
      .values({ id: richId, nickName: '陈先生', phoneNumber: '13900139000', openId: 'o-chen' })
      .execute();
    await api.server.ctx.db
      .insertInto('biz_wallet')
      .values({
        id: walletId,
        customerId: richId,
        amount: 800000,
        personAmount: 800000,
        platAmount: 0,
        createTime: now(),
      })
      .execute();
    const withdrawalId = await requestWithdrawal(api.server.ctx, richId, 600000);
    const withdrawal = async () =>
      rowOf(await api.get('/api/blade-system/withdrawal/detail', { id: String(withdrawalId) }));
    await api.post('/api/blade-system/withdrawal/pass', {
      query: { id: String(withdrawalId) },
      token: api.operatorToken,
    });
    const request = await waiting(`W${withdrawalId}`);
    expect(await approve(request.id)).toMatchObject({ status: 200, msg: '已审批, 待下一步审批后付款' });
    expect(await withdrawal()).toMatchObject({ state: 0 });
    const step = pageOf(await api.get('/api/blade-flow/work/claim-list')).records.find(
      (task) => task.businessId === String(request.id),
    );
    expect(step).toMatchObject({ taskName: '财务审批', processDefinitionId: 'payout_approval:2' });
    // Two different people: the first approver cannot take the finance step too, whatever the model says.
    expect(await approve(request.id)).toMatchObject({ status: 400, msg: '同一笔付款的两步审批须由两个不同的人办理' });
    // The workflow screens leave a payout's steps to 付款审批, where the money moves with them.
    const elsewhere = await api.post('/api/blade-flow/work/claim-task', { query: { taskId: String(step?.taskId) } });
    expect(elsewhere).toMatchObject({ status: 400, msg: '该流程须在其业务页面办理' });
    expect(await approve(request.id, api.adminToken)).toMatchObject({ status: 200, msg: '已审批, 已付款' });
    expect(await withdrawal()).toMatchObject({ state: 1 });
  });

  it('answers a double click on the first of two steps with 该审批已处理, not the two-people refusal', async () => {
    const customer = nextId();
    await api.server.ctx.db
      .insertInto('biz_customer')
      .values({ id: customer, nickName: '王女士', phoneNumber: '13700137000', openId: 'o-wang' })
      .execute();
    await api.server.ctx.db
      .insertInto('biz_wallet')
      .values({
        id: nextId(),
        customerId: customer,
        amount: 700000,
        personAmount: 700000,
        platAmount: 0,
        createTime: now(),
      })
      .execute();
    const withdrawalId = await requestWithdrawal(api.server.ctx, customer, 600000);
    await api.post('/api/blade-system/withdrawal/pass', {
      query: { id: String(withdrawalId) },
      token: api.operatorToken,
    });
    const request = await waiting(`W${withdrawalId}`);
    const answers = await Promise.all([approve(request.id), approve(request.id)]);
    expect(answers.map((answer) => [answer.status, answer.msg]).sort()).toEqual([
      [200, '已审批, 待下一步审批后付款'],
      [400, '该审批已处理'],
    ]);
    // The finance step is still another person's.
    expect(await approve(request.id)).toMatchObject({ status: 400, msg: '同一笔付款的两步审批须由两个不同的人办理' });
    expect(await approve(request.id, api.adminToken)).toMatchObject({ status: 200, msg: '已审批, 已付款' });
  });
});
