// The wallet, recharge and withdrawal lists finance staff read: searchable by state (the dashboard's 待审核提现 card
// opens the withdrawal list at state=0), each row answering its customer's nickName and phoneNumber, searchable by
// phone number, with the usual paging.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requestWithdrawal } from '../../../server/money/wallets/withdrawal.js';
import { nextId } from '../../../server/platform/db/ids.js';
import { now } from '../../../server/platform/db/time.js';
import { addRole, addUser, grantCode } from '../auth/fixtures.js';
import { type Api, openApi, pageOf, type Row } from '../engine/api.js';
import { signIn } from '../harness.js';

let api: Api;
const BASE = '/api/blade-system';

beforeAll(async () => {
  api = await openApi({ PAY_SANDBOX_DELAY_MS: '0' });
});
afterAll(async () => api?.close());

/** A customer with a wallet of `person` cents of own money, credited by a recharge, as a paid recharge leaves it. */
async function customer(nickName: string | null, phoneNumber: string | null, person = 10000) {
  const db = api.server.ctx.db;
  const customerId = nextId();
  const walletId = nextId();
  await db
    .insertInto('biz_customer')
    .values({ id: customerId, nickName, phoneNumber, openId: `o-${customerId}` })
    .execute();
  await db
    .insertInto('biz_wallet')
    .values({ id: walletId, customerId, amount: person, personAmount: person, platAmount: 0, createTime: now() })
    .execute();
  const rechargeId = nextId();
  await db
    .insertInto('biz_recharge')
    .values({
      id: rechargeId,
      rechargeNo: `C${rechargeId}`,
      customerId,
      walletId,
      amount: person,
      state: 1,
      successTime: now(),
      createTime: now(),
    })
    .execute();
  await db
    .insertInto('biz_ledger')
    .values({
      id: nextId(),
      account: walletId,
      kind: 'recharge',
      bizNo: `C${rechargeId}`,
      personDelta: person,
      platDelta: 0,
      createTime: now(),
    })
    .execute();
  return { customerId, walletId };
}

const reject = (id: number, reason: string) =>
  api.post(`${BASE}/withdrawal/reject`, { body: { id: String(id), reason } });
const records = async (path: string, query: Record<string, string | number> = {}): Promise<Row[]> =>
  pageOf(await api.get(`${BASE}/${path}`, { current: 1, size: 1000, ...query })).records;

describe('withdrawal and recharge state search', () => {
  it('answers only pending withdrawals for the dashboard link state=0, and only rejected ones for state=2', async () => {
    const { customerId } = await customer('待审核的客户', '13800000001');
    const pending = await requestWithdrawal(api.server.ctx, customerId, 1000);
    const rejected = await requestWithdrawal(api.server.ctx, customerId, 2000);
    await reject(rejected, '账户信息不符');
    const waiting = await records('withdrawal/page', { state: 0 });
    expect(waiting.map((row) => row.id)).toContain(String(pending));
    expect(waiting.map((row) => row.id)).not.toContain(String(rejected));
    expect(new Set(waiting.map((row) => row.state))).toEqual(new Set([0]));
    const refused = await records('withdrawal/page', { state: 2 });
    expect(refused.map((row) => row.id)).toEqual(expect.arrayContaining([String(rejected)]));
    expect(new Set(refused.map((row) => row.state))).toEqual(new Set([2]));
  });

  it('answers recharges by state', async () => {
    const { customerId, walletId } = await customer('待支付的客户', '13800000002');
    const unpaid = nextId();
    await api.server.ctx.db
      .insertInto('biz_recharge')
      .values({ id: unpaid, rechargeNo: `C${unpaid}`, customerId, walletId, amount: 5000, createTime: now() })
      .execute();
    const waiting = await records('recharge/list', { state: 0 });
    expect(waiting.map((row) => row.id)).toContain(String(unpaid));
    expect(new Set(waiting.map((row) => row.state))).toEqual(new Set([0]));
    expect((await records('recharge/list', { state: 1 })).map((row) => row.id)).not.toContain(String(unpaid));
  });

  it('refuses a state that is not a number, naming the key', async () => {
    const answer = await api.get(`${BASE}/withdrawal/page`, { state: 'pending' });
    expect(answer).toMatchObject({ status: 400, success: false, msg: 'state 必须是整数' });
  });
});

describe("customers' names in the money lists", () => {
  it('answers the nickName and phoneNumber of the customer beside each wallet, recharge and withdrawal', async () => {
    const { customerId, walletId } = await customer('小红妈妈', '13911112222');
    const withdrawalId = await requestWithdrawal(api.server.ctx, customerId, 1500);
    const wallet = (await records('wallet/list')).find((row) => row.id === String(walletId));
    expect(wallet).toMatchObject({ customerId: String(customerId), nickName: '小红妈妈', phoneNumber: '13911112222' });
    const recharge = (await records('recharge/list')).find((row) => row.customerId === String(customerId));
    expect(recharge).toMatchObject({ amount: 10000, nickName: '小红妈妈', phoneNumber: '13911112222' });
    const withdrawal = (await records('withdrawal/page')).find((row) => row.id === String(withdrawalId));
    expect(withdrawal).toMatchObject({ amount: 1500, nickName: '小红妈妈', phoneNumber: '13911112222' });
  });

  it('answers "" for a customer who gave no name or phone number', async () => {
    const { walletId } = await customer(null, null);
    const wallet = (await records('wallet/list')).find((row) => row.id === String(walletId));
    expect(wallet).toMatchObject({ nickName: '', phoneNumber: '' });
  });

  it('finds rows by part of the phone number or nickname, together with the other filters and paging', async () => {
    const { customerId } = await customer('手机查找', '13712345678');
    const first = await requestWithdrawal(api.server.ctx, customerId, 100);
    const second = await requestWithdrawal(api.server.ctx, customerId, 200);
    await reject(second, '重复申请');
    const byPhone = await records('withdrawal/page', { phoneNumber: '12345678' });
    expect(byPhone.map((row) => row.id).sort()).toEqual([String(first), String(second)].sort());
    expect((await records('withdrawal/page', { phoneNumber: '12345678', state: 0 })).map((row) => row.id)).toEqual([
      String(first),
    ]);
    expect((await records('wallet/list', { nickName: '手机查找' })).map((row) => row.customerId)).toEqual([
      String(customerId),
    ]);
    expect(await records('recharge/list', { phoneNumber: '00000000000' })).toEqual([]);
    const paged = pageOf(await api.get(`${BASE}/withdrawal/page`, { phoneNumber: '13712345678', current: 2, size: 1 }));
    expect(paged).toMatchObject({ total: 2, current: 2, size: 1 });
    expect(paged.records).toHaveLength(1);
    expect(paged.records[0]).toMatchObject({ nickName: '手机查找', phoneNumber: '13712345678' });
  });
});

describe('reading customers from the 小程序用户 screen', () => {
  it('lets a role holding only app_user list customers and open one, and nothing else of money', async () => {
    const { customerId } = await customer('小程序用户', '13600000000');
    const roleId = await addRole(api.server, 'app_reader');
    await grantCode(api.server, roleId, 'app_user');
    await addUser(api.server, { account: 'appreader', password: 'reader-1', roleIds: [roleId] });
    const token = await signIn(api.server, 'appreader', 'reader-1');
    const list = await api.get(`${BASE}/customer/list`, { phoneNumber: '13600000000' }, token);
    expect(list).toMatchObject({ status: 200, success: true });
    expect(pageOf(list).records).toEqual([expect.objectContaining({ id: String(customerId), nickName: '小程序用户' })]);
    expect(await api.get(`${BASE}/customer/detail`, { id: String(customerId) }, token)).toMatchObject({
      status: 200,
      data: expect.objectContaining({ phoneNumber: '13600000000' }),
    });
    expect(await api.get(`${BASE}/wallet/list`, {}, token)).toMatchObject({ status: 403, msg: '缺少访问权限' });
  });

  it('still refuses customers to a role holding neither customer nor app_user', async () => {
    const roleId = await addRole(api.server, 'param_only');
    await grantCode(api.server, roleId, 'param');
    await addUser(api.server, { account: 'param-only', password: 'param-1', roleIds: [roleId] });
    const token = await signIn(api.server, 'param-only', 'param-1');
    expect(await api.get(`${BASE}/customer/list`, {}, token)).toMatchObject({ status: 403 });
  });
});
