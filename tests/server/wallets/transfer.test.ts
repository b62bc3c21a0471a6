// Transfers through the API against the payment sandbox: staff pay a customer from the merchant account once per
// batch number (also when asked at once), a refused transfer gives the money back to the merchant account, and a
// transfer left 转账中 is settled by asking the provider again.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reconcile } from '../../../server/money/recovery/reconcile.js';
import { MERCHANT } from '../../../server/money/wallets/ledger.js';
import { nextId } from '../../../server/platform/db/ids.js';
import { now } from '../../../server/platform/db/time.js';
import { setParam } from '../auth/fixtures.js';
import { type Api, openApi, pageOf, type Row, rowOf } from '../engine/api.js';
import { signIn } from '../harness.js';

let api: Api;
const TRANSFERS = '/api/blade-system/transfers';
// The sandbox's merchant account starts with ¥1000.00.
const BALANCE = 100000;

beforeAll(async () => {
  api = await openApi({ PAY_SANDBOX_DELAY_MS: '0', PAY_SANDBOX_BALANCE: String(BALANCE) });
  // The refusals for the merchant's balance pay more than a payout moves without a second person, as do the day's
  // payouts together; the approval of big payouts has its own tests (tests/server/money/approval.test.ts and
  // money-controls.test.ts). Set straight in the database: the premise of these tests, not what they test.
  await setParam(api.server, 'money.approvalCents', String(Number.MAX_SAFE_INTEGER));
  await setParam(api.server, 'money.requesterDailyCents', String(Number.MAX_SAFE_INTEGER));
});
afterAll(async () => api?.close());

async function customer(): Promise<string> {
  const id = nextId();
  await api.server.ctx.db
    .insertInto('biz_customer')
    .values({ id, nickName: '乐乐爸爸', openId: `o-${id}` })
    .execute();
  return String(id);
}

let serial = 0;
function batchNo(): string {
  serial += 1;
  return `T${Date.now()}${String(serial).padStart(4, '0')}`;
}
const launch = (body: Row, token?: string) => api.post('/api/blade-system/pay/transfers', { body, token });
const byBatch = async (outBatchNo: string): Promise<Row | undefined> =>
  pageOf(await api.get(`${TRANSFERS}/list`, { outBatchNo })).records[0];
const merchantEntries = (bizNo: string) =>
  api.server.ctx.db
    .selectFrom('biz_ledger')
    .select(['kind', 'personDelta'])
    .where('account', '=', MERCHANT)
    .where('bizNo', '=', bizNo)
    .orderBy('createTime')
    .execute();

describe('pay/transfers', () => {
  it('pays a customer once from the merchant account and lists the transfer paid', async () => {
    const customerId = await customer();
    const outBatchNo = batchNo();
    const ask = { customerId, amount: 1888, outBatchNo, remark: '车轮故障补偿' };
    expect(await launch(ask)).toMatchObject({ status: 200, success: true });
    expect(await launch(ask)).toMatchObject({ status: 200 });
    const paid = await byBatch(outBatchNo);
    expect(paid).toMatchObject({ customerId, nickName: '乐乐爸爸', amount: 1888, state: 1, remark: '车轮故障补偿' });
    expect(String(paid?.batchId)).toMatch(/^1030/);
    expect(paid?.successTime).not.toBe('');
    expect(rowOf(await api.get(`${TRANSFERS}/detail`, { id: String(paid?.id) }))).toMatchObject({ outBatchNo });
    expect(await merchantEntries(outBatchNo)).toEqual([{ kind: 'transfer', personDelta: -1888 }]);
  });

  it('makes one transfer of ten requests with one batch number at once, and refuses the number for another', async () => {
    const customerId = await customer();
    const outBatchNo = batchNo();
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => launch({ customerId, amount: 500, outBatchNo, remark: '活动奖励' })),
    );
    expect(answers.every((answer) => answer.status === 200)).toBe(true);
    expect(pageOf(await api.get(`${TRANSFERS}/list`, { outBatchNo })).total).toBe(1);
    expect(await merchantEntries(outBatchNo)).toEqual([{ kind: 'transfer', personDelta: -500 }]);
    expect(await launch({ customerId, amount: 600, outBatchNo, remark: '活动奖励' })).toMatchObject({
      status: 400,
      msg: '转账单号已用于另一笔转账',
    });
  });

  it('fails a transfer beyond the merchant balance and gives the amount back to the merchant account', async () => {
    const customerId = await customer();
    const outBatchNo = batchNo();
    const ask = { customerId, amount: BALANCE * 2, outBatchNo, remark: '大额补偿' };
    expect(await launch(ask)).toMatchObject({ status: 400, msg: '商户账户余额不足' });
    expect(await byBatch(outBatchNo)).toMatchObject({ state: 2, reason: '商户账户余额不足', batchId: '' });
    const entries = [
      { kind: 'transfer', personDelta: -BALANCE * 2 },
      { kind: 'transfer_back', personDelta: BALANCE * 2 },
    ];
    expect(await merchantEntries(outBatchNo)).toEqual(entries);
    expect(await launch(ask)).toMatchObject({ status: 400, msg: '商户账户余额不足' });
    expect(await merchantEntries(outBatchNo)).toEqual(entries);
  });

  it('names what is missing or malformed, and refuses staff without the button', async () => {
    const customerId = await customer();
    expect(await launch({ customerId, amount: 100, outBatchNo: batchNo() })).toMatchObject({
      status: 400,
      msg: '请输入转账备注',
    });
    expect(await launch({ customerId, amount: 0, outBatchNo: batchNo(), remark: '补偿' })).toMatchObject({
      status: 400,
    });
    expect(await launch({ customerId, amount: 100, outBatchNo: 'W123456', remark: '补偿' })).toMatchObject({
      status: 400,
    });
    expect(await launch({ customerId: '42', amount: 100, outBatchNo: batchNo(), remark: '补偿' })).toMatchObject({
      status: 400,
      msg: '客户不存在',
    });
    const manager = await signIn(api.server, 'manager', 'manager');
    expect(await launch({ customerId, amount: 100, outBatchNo: batchNo(), remark: '补偿' }, manager)).toMatchObject({
      status: 403,
    });
  });
});

describe('/api/wx/transfer', () => {
  it('settles a transfer left 转账中 by asking the provider again, once', async () => {
    const customerId = await customer();
    const outBatchNo = batchNo();
    const db = api.server.ctx.db;
    // The server stopped after writing the transfer and before the provider answered.
    await db.transaction().execute(async (trx) => {
      await trx
        .insertInto('biz_transfer')
        .values({
          id: nextId(),
          outBatchNo,
          customerId: Number(customerId),
          amount: 300,
          remark: '补偿',
          createTime: now(),
        })
        .execute();
      await trx
        .insertInto('biz_ledger')
        .values({
          id: nextId(),
          account: MERCHANT,
          kind: 'transfer',
          bizNo: outBatchNo,
          personDelta: -300,
          platDelta: 0,
          createTime: now(),
        })
        .execute();
    });
    const sync = () => api.post('/api/wx/transfer', { query: { outBatchNo } });
    expect(await sync()).toMatchObject({ status: 200 });
    expect(await sync()).toMatchObject({ status: 200 });
    expect(await byBatch(outBatchNo)).toMatchObject({ state: 1 });
    expect(await merchantEntries(outBatchNo)).toEqual([{ kind: 'transfer', personDelta: -300 }]);
    expect(await api.post('/api/wx/transfer', { query: { outBatchNo: batchNo() } })).toMatchObject({
      status: 404,
      msg: '转账不存在',
    });
  });
});

describe('reconcile', () => {
  it("finds every transfer's merchant entries equal to what it paid out, and reports one that differs", async () => {
    const transfers = (await reconcile(api.server.ctx)).differences.filter((d) => d.kind === 'transfer');
    expect(transfers).toEqual([]);
    const outBatchNo = batchNo();
    const id = nextId();
    await api.server.ctx.db
      .insertInto('biz_transfer')
      .values({ id, outBatchNo, customerId: 1, amount: 700, state: 1, remark: '补偿', createTime: now() })
      .execute();
    expect((await reconcile(api.server.ctx)).differences).toContainEqual({
      kind: 'transfer',
      id: String(id),
      field: 'amount',
      stored: -700,
      ledger: 0,
    });
  });
});
