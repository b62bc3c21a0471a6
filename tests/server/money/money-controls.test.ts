// Money rules belong to administrators with a second person, and limits that splitting cannot dodge: the operator
// cannot change money.* (refused, nothing changed, nothing filed); an administrator's change waits until another
// administrator approves it on 付款审批 (never the requester, never a non-administrator, one of two at once), and
// every change that takes effect and every decision is in the audit trail with before and after. Payouts under the
// amount wait once the payee's day or the requester's day passes its limit; the split set-up changes only when a
// second person approves, its checks running again then.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PaymentSandbox } from '../../../server/money/payments/sandbox.js';
import { nextId } from '../../../server/platform/db/ids.js';
import { up as addMoneyControls } from '../../../server/platform/db/migrations/0027_e_money_controls.js';
import { now } from '../../../server/platform/db/time.js';
import { addDept, addRole, addUser, grantCode } from '../auth/fixtures.js';
import { addCompany, addEquipment, addSite, addType } from '../business/rental-api.js';
import { type Api, openApi, pageOf, type Row } from '../engine/api.js';
import { BASIC, signIn } from '../harness.js';
import { addPaidRental, newOutTradeNo } from '../orders/paid-rental.js';
import { secondAdministrator } from './second-person.js';

let api: Api;
let sandbox: PaymentSandbox;
let finance: string;
let siteId: string;
let typeId: string;
let deptId: string;
const APPROVAL = '/api/blade-system/approval';
const PARAM = '/api/blade-system/param';

beforeAll(async () => {
  api = await openApi({ PAY_SANDBOX_DELAY_MS: '0' });
  sandbox = new PaymentSandbox(api.server.ctx, { delayMs: 0, balance: 0 });
  deptId = String(await addDept(api.server, '星河推车'));
  siteId = await addSite(api, '徐家汇港汇广场', await addCompany(api, '星河推车有限公司', deptId), deptId);
  typeId = await addType(api, '折叠童车');
  finance = await secondAdministrator(api);
});
afterAll(async () => api?.close());

const paramOf = async (key: string) =>
  api.server.ctx.db
    .selectFrom('blade_param')
    .selectAll()
    .where('paramKey', '=', key)
    .where('isDeleted', '=', 0)
    .executeTakeFirst();
const editParam = async (key: string, paramValue: string, token = api.adminToken) =>
  api.post(`${PARAM}/submit`, { body: { id: String((await paramOf(key))?.id), paramValue }, token });
const requests = async (query: Record<string, string | number>): Promise<Row[]> =>
  pageOf(await api.get(`${APPROVAL}/list`, { size: 100, ...query })).records;
const approve = (id: unknown, token = finance) => api.post(`${APPROVAL}/approve`, { query: { id: String(id) }, token });
const reject = (id: unknown, token = finance) =>
  api.post(`${APPROVAL}/reject`, { body: { id: String(id), reason: '不同意' }, token });
const audit = (kind: string, subject: string) =>
  api.server.ctx.db
    .selectFrom('blade_audit')
    .select(['action', 'account', 'beforeValue', 'afterValue'])
    .where('kind', '=', kind)
    .where('subject', '=', subject)
    .orderBy('createTime')
    .orderBy('id')
    .execute();
const inEnglish = async (method: 'GET' | 'POST', url: string, token: string, payload?: object) =>
  (
    await api.server.app.inject({
      method,
      url,
      payload,
      headers: { authorization: BASIC, 'blade-auth': `bearer ${token}`, 'accept-language': 'en' },
    })
  ).json().msg;

async function newCustomer(): Promise<number> {
  const id = nextId();
  await api.server.ctx.db
    .insertInto('biz_customer')
    .values({ id, nickName: `客户${id}`, phoneNumber: '13800138000', openId: `o-${id}` })
    .execute();
  return id;
}

/** A finished rental of the customer whose whole deposit the business kept: all of it may be refunded. */
async function rental(customerId: number, deposit = 90000): Promise<string> {
  const outTradeNo = newOutTradeNo();
  const keyPair = `TC-${outTradeNo}`;
  const equId = await addEquipment(api, keyPair, siteId, typeId, { equState: 2 });
  const { id } = await addPaidRental(api.server.ctx, sandbox, {
    outTradeNo,
    customerId,
    nickname: '客户',
    payerOpenId: `o-${customerId}`,
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
  return String(id);
}

const refund = (orderId: string, amount: number, outRefundNo: string, token = api.operatorToken) =>
  api.post('/api/blade-system/pay/launch-refund', {
    body: { orderId, amount, outRefundNo, reason: '设备故障补偿' },
    token,
  });
const refundRows = (outRefundNo: string) =>
  api.server.ctx.db.selectFrom('biz_refund').select('amount').where('outRefundNo', '=', outRefundNo).execute();

describe('the operator and money.*', () => {
  it('cannot raise the approval amount: refused by name, the value unchanged, nothing filed', async () => {
    const edit = await editParam('money.approvalCents', '1000000', api.operatorToken);
    expect(edit).toMatchObject({ status: 403, msg: '参数 money.approvalCents 为受控参数, 仅管理员可修改' });
    expect(
      await inEnglish('POST', `${PARAM}/submit`, api.operatorToken, {
        id: String((await paramOf('money.approvalCents'))?.id),
        paramValue: '1',
      }),
    ).toBe('Parameter money.approvalCents is a controlled parameter: only an administrator may change it');
    const added = await api.post(`${PARAM}/submit`, {
      body: { paramName: '限额', paramKey: 'money.other', paramValue: '1' },
      token: api.operatorToken,
    });
    expect(added).toMatchObject({ status: 403, msg: '参数 money.other 为受控参数, 仅管理员可修改' });
    expect((await paramOf('money.approvalCents'))?.paramValue).toBe('50000');
    expect(await paramOf('money.other')).toBeUndefined();
    expect(await requests({ kind: 4 })).toEqual([]);
  });

  it('cannot raise a rate limit of the anonymous calls either: limit.* is controlled too', async () => {
    const edit = await editParam('limit.smsPerIpHour', '100000', api.operatorToken);
    expect(edit).toMatchObject({ status: 403, msg: '参数 limit.smsPerIpHour 为受控参数, 仅管理员可修改' });
    expect((await paramOf('limit.smsPerIpHour'))?.paramValue).toBe('20');
    expect(await requests({ kind: 4 })).toEqual([]);
  });

  it('then cannot pay ¥9,000 alone: the original attack fails at its first step', async () => {
    expect(await editParam('money.approvalCents', '1000000', api.operatorToken)).toMatchObject({ status: 403 });
    const orderId = await rental(await newCustomer(), 900000);
    expect(await refund(orderId, 900000, 'R-attack-0001')).toMatchObject({
      status: 200,
      msg: '金额超过 ¥500.00, 已提交审批, 需另一人审批后付款',
    });
    expect(await refundRows('R-attack-0001')).toEqual([]);
  });

  it('changes a plain parameter at once, kept in the audit trail', async () => {
    expect(
      await api.post(`${PARAM}/submit`, {
        body: { paramName: '站点提示', paramKey: 'site.notice', paramValue: '欢迎' },
        token: api.operatorToken,
      }),
    ).toMatchObject({ status: 200, msg: '操作成功' });
    expect(await editParam('site.notice', '您好', api.operatorToken)).toMatchObject({ status: 200 });
    expect((await paramOf('site.notice'))?.paramValue).toBe('您好');
    const trail = await audit('param', 'site.notice');
    expect(trail.map((row) => [row.action, row.account])).toEqual([
      ['add', 'operator'],
      ['edit', 'operator'],
    ]);
    expect(JSON.parse(String(trail[1].beforeValue))).toMatchObject({ paramValue: '欢迎' });
    expect(JSON.parse(String(trail[1].afterValue))).toMatchObject({ paramValue: '您好' });
  });
});

describe("an administrator's change to money.*", () => {
  it('waits, unchanged, and the same administrator, the operator and a non-administrator cannot approve it', async () => {
    const filed = await editParam('money.approvalCents', '60000');
    expect(filed).toMatchObject({
      status: 200,
      msg: '参数 money.approvalCents 的修改已提交审批, 需另一位管理员审批后生效',
    });
    expect((await paramOf('money.approvalCents'))?.paramValue).toBe('50000');
    // Asked again, it is the same request; another value while it waits is refused.
    expect(await editParam('money.approvalCents', '60000')).toMatchObject({ status: 200 });
    expect(await editParam('money.approvalCents', '70000')).toMatchObject({
      status: 400,
      msg: 'money.approvalCents 已有一项待审批的修改, 请先审批或驳回',
    });
    const [request] = await requests({ kind: 4, state: 0 });
    expect(request).toMatchObject({ bizNo: 'money.approvalCents', amount: 0, realName: '管理员' });
    expect(request.remark).toBe('修改参数 money.approvalCents: 50000 → 60000');
    expect(await approve(request.id, api.adminToken)).toMatchObject({
      status: 400,
      msg: '不能审批自己发起的修改, 请由另一人审批',
    });
    expect(await approve(request.id, api.operatorToken)).toMatchObject({ status: 403 });
    const clerkRole = await addRole(api.server, 'payout_clerk', '付款审核员');
    for (const code of ['approval', 'approval_approve']) await grantCode(api.server, clerkRole, code);
    await addUser(api.server, { account: 'clerk', roleIds: [clerkRole] });
    const clerk = await signIn(api.server, 'clerk', 'secret1');
    expect(await approve(request.id, clerk)).toMatchObject({ status: 403, msg: '参数变更须由另一位管理员审批' });
    expect((await paramOf('money.approvalCents'))?.paramValue).toBe('50000');
    expect((await requests({ kind: 4, state: 0 })).map((row) => row.id)).toEqual([request.id]);
  });

  it('takes effect when another administrator approves it, once when two approve at once, with its audit', async () => {
    const [request] = await requests({ kind: 4, state: 0 });
    const role = await api.server.ctx.db
      .selectFrom('blade_role')
      .select('id')
      .where('roleAlias', '=', 'administrator')
      .executeTakeFirstOrThrow();
    await addUser(api.server, { account: 'director', roleIds: [role.id] });
    const director = await signIn(api.server, 'director', 'secret1');
    const answers = await Promise.all([approve(request.id), approve(request.id, director)]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 400]);
    expect(answers.find((answer) => answer.status === 200)?.msg).toBe('已审批, 已生效');
    expect(answers.find((answer) => answer.status === 400)?.msg).toBe('该审批已处理');
    expect((await paramOf('money.approvalCents'))?.paramValue).toBe('60000');
    const trail = await audit('param', 'money.approvalCents');
    expect(trail.map((row) => [row.action, row.account])).toEqual([
      ['request', 'admin'],
      ['edit', expect.stringMatching(/^(finance|director)$/)],
    ]);
    expect(JSON.parse(String(trail[1].beforeValue))).toMatchObject({ paramValue: '50000' });
    expect(JSON.parse(String(trail[1].afterValue))).toMatchObject({ paramValue: '60000' });
    const decision = await audit('approval', `付款审批 #${request.id}`);
    expect(decision).toHaveLength(1);
    expect(decision[0].action).toBe('approve');
    expect(JSON.parse(String(decision[0].afterValue))).toMatchObject({ kind: 4, state: '已通过' });
  });

  it('leaves the parameter as it was when rejected', async () => {
    await editParam('money.approvalCents', '50000');
    const [request] = await requests({ kind: 4, state: 0 });
    expect(await reject(request.id)).toMatchObject({ status: 200 });
    expect((await paramOf('money.approvalCents'))?.paramValue).toBe('60000');
    const [decision] = await audit('approval', `付款审批 #${request.id}`);
    expect(decision.action).toBe('reject');
    expect(JSON.parse(String(decision.afterValue))).toMatchObject({ state: '已驳回', reason: '不同意' });
    // Put back for the payouts below, through the approval.
    await editParam('money.approvalCents', '50000');
    expect(await approve((await requests({ kind: 4, state: 0 }))[0].id)).toMatchObject({ status: 200 });
    expect((await paramOf('money.approvalCents'))?.paramValue).toBe('50000');
  });

  it('adds and removes a controlled parameter only through the approval, and says so in English', async () => {
    const body = { paramName: '测试限额', paramKey: 'money.trial', paramValue: '1' };
    expect(await inEnglish('POST', `${PARAM}/submit`, api.adminToken, body)).toBe(
      'The change to parameter money.trial waits for another administrator to approve it; it takes effect then',
    );
    expect(await paramOf('money.trial')).toBeUndefined();
    await approve((await requests({ kind: 4, state: 0 }))[0].id);
    const added = await paramOf('money.trial');
    expect(added?.paramValue).toBe('1');
    expect(await api.post(`${PARAM}/remove`, { query: { ids: String(added?.id) } })).toMatchObject({
      status: 200,
      msg: '参数 money.trial 的修改已提交审批, 需另一位管理员审批后生效',
    });
    expect(await paramOf('money.trial')).toBeDefined();
    await approve((await requests({ kind: 4, state: 0 }))[0].id);
    expect(await paramOf('money.trial')).toBeUndefined();
    expect((await audit('param', 'money.trial')).map((row) => row.action)).toEqual([
      'request',
      'add',
      'request',
      'remove',
    ]);
  });
});

describe('limits that splitting cannot dodge', () => {
  it('holds the second ¥300 payout to one payee in a day, its money unmoved, and the same ask is the same request', async () => {
    const customerId = await newCustomer();
    const first = await rental(customerId);
    const second = await rental(customerId);
    expect(await refund(first, 30000, 'R-day-0001')).toMatchObject({ status: 200, msg: '退款已提交,等待支付平台处理' });
    const held = await refund(second, 30000, 'R-day-0002');
    expect(held).toMatchObject({
      status: 200,
      msg: '该收款人今日付款合计 ¥600.00 超过 ¥500.00, 已提交审批, 需另一人审批后付款',
    });
    expect(await refundRows('R-day-0002')).toEqual([]);
    expect(await refund(second, 30000, 'R-day-0002')).toMatchObject({ status: 200, msg: held.msg });
    expect(await requests({ bizNo: 'R-day-0002' })).toHaveLength(1);
    // A transfer to the same customer counts in the same day.
    const transfer = await api.post('/api/blade-system/pay/transfers', {
      body: { customerId: String(customerId), amount: 10000, outBatchNo: 'Tday0000001', remark: '补偿' },
      token: api.operatorToken,
    });
    expect(transfer.msg).toBe('该收款人今日付款合计 ¥700.00 超过 ¥500.00, 已提交审批, 需另一人审批后付款');
    // Another person approves: the refund moves then, through the usual call.
    expect(await approve((await requests({ bizNo: 'R-day-0002' }))[0].id)).toMatchObject({ status: 200 });
    expect(await refundRows('R-day-0002')).toEqual([{ amount: 30000 }]);
  });

  it('holds all but one of four ¥300 payouts to one payee asked at the same instant', async () => {
    const customerId = await newCustomer();
    const orders = await Promise.all([1, 2, 3, 4].map(() => rental(customerId)));
    const answers = await Promise.all(orders.map((orderId, index) => refund(orderId, 30000, `R-burst-000${index}`)));
    const moved = answers.filter((answer) => answer.msg === '退款已提交,等待支付平台处理');
    expect(moved, JSON.stringify(answers.map((answer) => answer.msg))).toHaveLength(1);
    expect(answers.filter((answer) => String(answer.msg).startsWith('该收款人今日付款合计'))).toHaveLength(3);
    const refunded = await api.server.ctx.db
      .selectFrom('biz_refund')
      .select('amount')
      .where('outRefundNo', 'like', 'R-burst-%')
      .execute();
    expect(refunded).toEqual([{ amount: 30000 }]);
    expect(await api.server.ctx.db.selectFrom('biz_payout_turn').selectAll().execute()).toEqual([]);
  });

  it("holds a payout that takes the requester's unapproved day past money.requesterDailyCents", async () => {
    await editParam('money.requesterDailyCents', '100000');
    await approve((await requests({ kind: 4, state: 0 }))[0].id);
    const operatorRole = await api.server.ctx.db
      .selectFrom('blade_role')
      .select('id')
      .where('roleAlias', '=', 'operator')
      .executeTakeFirstOrThrow();
    await addUser(api.server, { account: 'cashier', roleIds: [operatorRole.id] });
    const cashier = await signIn(api.server, 'cashier', 'secret1');
    for (const [index, outRefundNo] of ['R-mine-0001', 'R-mine-0002'].entries()) {
      const orderId = await rental(await newCustomer());
      expect(await refund(orderId, 40000, outRefundNo, cashier), `refund ${index}`).toMatchObject({
        msg: '退款已提交,等待支付平台处理',
      });
    }
    const third = await refund(await rental(await newCustomer()), 40000, 'R-mine-0003', cashier);
    expect(third.msg).toBe('您今日未经审批的付款合计 ¥1200.00 超过 ¥1000.00, 已提交审批, 需另一人审批后付款');
    expect(await refundRows('R-mine-0003')).toEqual([]);
    // Another person's day is their own.
    const other = await refund(await rental(await newCustomer()), 40000, 'R-other-0001');
    expect(other.msg).toBe('退款已提交,等待支付平台处理');
  });
});

describe('the split set-up', () => {
  const receiver = { receiverName: '港汇门店', receiverType: 1, account: '1900000101', relationType: 1 };
  const receiverRow = () =>
    api.server.ctx.db
      .selectFrom('biz_receiver')
      .select(['id', 'receiverName'])
      .where('account', '=', receiver.account)
      .where('isDeleted', '=', 0)
      .executeTakeFirst();

  it('changes only when a second person approves, and the operator cannot approve', async () => {
    const filed = await api.post('/api/blade-system/receiver/submit', { body: receiver, token: api.operatorToken });
    expect(filed).toMatchObject({ status: 200, msg: '分账设置的修改已提交审批, 需另一人审批后生效' });
    expect(await receiverRow()).toBeUndefined();
    const [request] = await requests({ kind: 5, state: 0 });
    expect(request.remark).toBe('新增分账接收方 港汇门店 (1900000101)');
    expect(await approve(request.id, api.operatorToken)).toMatchObject({ status: 403 });
    expect(await approve(request.id)).toMatchObject({ status: 200, msg: '已审批, 已生效' });
    const row = await receiverRow();
    expect(row?.receiverName).toBe('港汇门店');
    const trail = await audit('split_setup', '分账接收方 港汇门店 (1900000101)');
    expect(trail.map((entry) => [entry.action, entry.account])).toEqual([
      ['request', 'operator'],
      ['add', 'finance'],
    ]);
  });

  it('checks shares at filing and again when approved, and refuses removing a receiver in use', async () => {
    const receiverId = String((await receiverRow())?.id);
    const setter = (ratio: number) =>
      api.post('/api/blade-system/setter/submit', { body: { siteId, receiverId, ratio }, token: api.operatorToken });
    expect(await setter(3001)).toMatchObject({ status: 400 });
    expect(await requests({ kind: 5, state: 0 })).toEqual([]);
    expect(await setter(2000)).toMatchObject({ status: 200 });
    expect(await setter(2500)).toMatchObject({ status: 200 });
    const [later, earlier] = await requests({ kind: 5, state: 0 });
    expect(await approve(earlier.id)).toMatchObject({ status: 200 });
    // Two shares of one receiver for one site: refused when the second is made, and marked failed.
    expect(await approve(later.id)).toMatchObject({ status: 400, msg: '该接收方已有此范围的分账设置' });
    expect((await requests({ id: String(later.id) }))[0]).toMatchObject({ state: 3 });
    const setters = await api.server.ctx.db
      .selectFrom('biz_setter')
      .select('ratio')
      .where('receiverId', '=', Number(receiverId))
      .where('isDeleted', '=', 0)
      .execute();
    expect(setters).toEqual([{ ratio: 2000 }]);
    expect(
      await api.post('/api/blade-system/receiver/remove', { query: { ids: receiverId }, token: api.operatorToken }),
    ).toMatchObject({ status: 400, msg: '接收方已用于分账设置,不能删除' });
  });
});

describe('a database seeded before', () => {
  it('gets money.requesterDailyCents and the request kinds 4 and 5 on its next start, once', async () => {
    const db = api.server.ctx.db;
    await db.deleteFrom('blade_param').where('paramKey', '=', 'money.requesterDailyCents').execute();
    await db.deleteFrom('blade_dict').where('code', '=', 'approval_kind').where('dictKey', 'in', ['4', '5']).execute();
    await addMoneyControls(db as never);
    await addMoneyControls(db as never);
    const params = await db
      .selectFrom('blade_param')
      .select(['paramValue', 'paramName'])
      .where('paramKey', '=', 'money.requesterDailyCents')
      .execute();
    expect(params).toEqual([{ paramValue: '200000', paramName: '每人每日免审批付款合计(分)' }]);
    const kinds = await db
      .selectFrom('blade_dict')
      .select(['dictKey', 'dictValue', 'dictValueEn'])
      .where('code', '=', 'approval_kind')
      .where('dictKey', 'in', ['4', '5'])
      .orderBy('dictKey')
      .execute();
    expect(kinds).toEqual([
      { dictKey: '4', dictValue: '参数变更', dictValueEn: 'Parameter change' },
      { dictKey: '5', dictValue: '分账设置', dictValueEn: 'Split set-up' },
    ]);
  });
});
