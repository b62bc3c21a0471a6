// The read-only money lists as staff query them: orders by date range, state and site, newest first; an order's
// refunds by its payment number; customers without their openId; wallets in cents.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextId } from '../../../server/platform/db/ids.js';
import { addRole, addUser, grantCode } from '../auth/fixtures.js';
import { type Api, openApi, pageOf, rowOf } from '../engine/api.js';
import { signIn } from '../harness.js';

let api: Api;
const customerId = nextId();
const siteA = nextId();
const siteB = nextId();
const order = (no: string, siteId: number, state: number, createTime: string) => ({
  id: nextId(),
  outTradeNo: no,
  transactionId: `42000${no}`,
  customerId,
  nickname: '小明妈妈',
  phoneNumber: '13800138000',
  equId: nextId(),
  keyPair: `TC-${no}`,
  siteId,
  siteName: siteId === siteA ? '徐家汇港汇广场' : '静安大悦城',
  deptId: nextId(),
  deptName: '总部',
  typeId: nextId(),
  payMode: 1,
  firstMinutes: 60,
  firstPrice: 1000,
  unitMinutes: 30,
  unitPrice: 500,
  amount: 9900,
  totalAmount: 9900,
  actAmount: state === 1 ? null : 1500,
  state,
  startTime: createTime,
  createTime,
});
const ORDERS = [
  order('P1001', siteA, 3, '2026-03-01 09:00:00'),
  order('P1002', siteA, 1, '2026-03-15 10:00:00'),
  order('P1003', siteB, 3, '2026-03-31 23:59:00'),
  order('P1004', siteA, 3, '2026-04-01 00:00:00'),
];

beforeAll(async () => {
  api = await openApi();
  const db = api.server.ctx.db;
  await db
    .insertInto('biz_customer')
    .values({ id: customerId, nickName: '小明妈妈', phoneNumber: '13800138000', openId: 'o-secret-openid' })
    .execute();
  await db
    .insertInto('biz_wallet')
    .values({ id: nextId(), customerId, amount: 12000, personAmount: 10000, platAmount: 2000 })
    .execute();
  await db.insertInto('biz_order').values(ORDERS).execute();
  const refund = (no: string, amount: number, status: number, createTime: string) => ({
    id: nextId(),
    orderId: ORDERS[0].id,
    outTradeNo: 'P1001',
    transactionId: '42000P1001',
    outRefundNo: no,
    amount,
    status,
    channel: 'ORIGINAL',
    userReceivedAccount: '招商银行信用卡0403',
    createTime,
  });
  await db
    .insertInto('biz_refund')
    .values([refund('R1', 8400, 1, '2026-03-01 11:00:00'), refund('R2', 500, 3, '2026-03-02 11:00:00')])
    .execute();
});
afterAll(async () => api?.close());

const ORDER = '/api/blade-system/order';
const outTradeNos = async (query: Record<string, string | number>) =>
  pageOf(await api.get(`${ORDER}/list`, query)).records.map((row) => row.outTradeNo);

describe('order list', () => {
  it('lists newest first, money in cents, a missing amount as -1', async () => {
    const page = pageOf(await api.get(`${ORDER}/list`, { current: 1, size: 10 }));
    expect(page.total).toBe(4);
    expect(page.records.map((row) => row.outTradeNo)).toEqual(['P1004', 'P1003', 'P1002', 'P1001']);
    const running = page.records.find((row) => row.outTradeNo === 'P1002');
    expect(running).toMatchObject({ amount: 9900, totalAmount: 9900, actAmount: -1, endTime: '', state: 1 });
    expect(running?.siteId).toBe(String(siteA));
  });

  it('keeps a date range whole days, by state and by site', async () => {
    expect(await outTradeNos({ createTime_dategt: '2026-03-01', createTime_datelt: '2026-03-31' })).toEqual([
      'P1003',
      'P1002',
      'P1001',
    ]);
    expect(await outTradeNos({ state: 3, siteId: siteA })).toEqual(['P1004', 'P1001']);
  });

  it('shows one order, and refuses an unknown one', async () => {
    const row = rowOf(await api.get(`${ORDER}/detail`, { id: String(ORDERS[0].id) }));
    expect(row).toMatchObject({ outTradeNo: 'P1001', siteName: '徐家汇港汇广场', nickname: '小明妈妈' });
    expect(await api.get(`${ORDER}/detail`, { id: '1' })).toMatchObject({ status: 404, msg: '数据不存在' });
  });

  it('has no writes: orders change only through their own calls', async () => {
    expect((await api.post(`${ORDER}/submit`, { body: { outTradeNo: 'X' } })).status).toBe(404);
    expect((await api.post(`${ORDER}/remove`, { query: { ids: String(ORDERS[0].id) } })).status).toBe(404);
  });

  it('needs the order menu', async () => {
    const roleId = await addRole(api.server, 'cashier');
    await grantCode(api.server, roleId, 'wallet');
    await addUser(api.server, { account: 'cashier', password: 'cashier1', roleIds: [roleId] });
    const cashier = await signIn(api.server, 'cashier', 'cashier1');
    expect((await api.get(`${ORDER}/list`, {}, cashier)).status).toBe(403);
    expect((await api.get('/api/blade-system/wallet/list', {}, cashier)).status).toBe(200);
  });
});

describe('refund detail', () => {
  it('pages an order refunds by its payment number, the abnormal one with its status', async () => {
    const page = pageOf(
      await api.get('/api/blade-system/refund/detail', { transactionId: '42000P1001', current: 1, size: 1 }),
    );
    expect(page.total).toBe(2);
    expect(page.records).toEqual([expect.objectContaining({ outRefundNo: 'R2', amount: 500, status: 3 })]);
    const none = pageOf(await api.get('/api/blade-system/refund/detail', { transactionId: '42000P1003' }));
    expect(none.total).toBe(0);
  });

  it('names the missing payment number', async () => {
    expect(await api.get('/api/blade-system/refund/detail', {})).toMatchObject({
      status: 400,
      msg: '请输入支付订单号',
    });
  });
});

describe('customers and wallets', () => {
  it('never sends a customer openId', async () => {
    const page = pageOf(await api.get('/api/blade-system/customer/list'));
    expect(page.records).toEqual([expect.objectContaining({ nickName: '小明妈妈', phoneNumber: '13800138000' })]);
    expect(JSON.stringify(page)).not.toContain('o-secret-openid');
    expect(
      JSON.stringify(await api.get('/api/blade-system/customer/list', { openId: 'o-secret-openid' })),
    ).not.toContain('o-secret');
  });

  it('finds customers by part of the name or of the phone number, the filter declared in the API document', async () => {
    const db = api.server.ctx.db;
    const yang = [
      { id: nextId(), nickName: '杨爸爸', phoneNumber: '13912345678', openId: 'o-yang-1' },
      { id: nextId(), nickName: '杨爸爸', phoneNumber: '18698765432', openId: 'o-yang-2' },
    ];
    await db.insertInto('biz_customer').values(yang).execute();
    const found = async (keyword: string) =>
      pageOf(await api.get('/api/blade-system/customer/list', { keyword, size: 10 })).records.map(
        (row) => `${row.nickName} ${row.phoneNumber}`,
      );
    expect(await found('杨')).toEqual(expect.arrayContaining(['杨爸爸 13912345678', '杨爸爸 18698765432']));
    expect(await found('9876')).toEqual(['杨爸爸 18698765432']);
    expect(await found('明妈')).toEqual(['小明妈妈 13800138000']);
    expect(await found('%')).toEqual([]);
    const docs = (await api.server.app.inject({ url: '/api/docs/json' })).json();
    const list = docs.paths['/api/blade-system/customer/list'].get;
    expect(list['x-filters']).toContain('keyword');
    expect(list.parameters.map((parameter: { name: string }) => parameter.name)).toContain('keyword');
    await db.deleteFrom('biz_customer').where('openId', 'in', ['o-yang-1', 'o-yang-2']).execute();
  });

  it('lists wallets: amount is own money plus the platform bonus', async () => {
    const [wallet] = pageOf(await api.get('/api/blade-system/wallet/list')).records;
    expect(wallet).toMatchObject({
      customerId: String(customerId),
      amount: 12000,
      personAmount: 10000,
      platAmount: 2000,
    });
  });
});
