// Withdrawals through the API against the payment sandbox: a request freezes own money, a rejection needs a reason
// and gives it back, an approval pays once (also when clicked at once), a refused transfer gives it back, and 50
// requests at once never take a wallet below zero; the wallet always equals the sum of its ledger entries.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentProviderOf } from '../../../server/money/payments/index.js';
import { reconcile } from '../../../server/money/recovery/reconcile.js';
import { requestWithdrawal } from '../../../server/money/wallets/withdrawal.js';
import { nextId } from '../../../server/platform/db/ids.js';
import { now } from '../../../server/platform/db/time.js';
import { setParam } from '../auth/fixtures.js';
import { type Api, openApi, pageOf, type Row, rowOf } from '../engine/api.js';

let api: Api;
const WITHDRAWAL = '/api/blade-system/withdrawal';

beforeAll(async () => {
  api = await openApi({ PAY_SANDBOX_DELAY_MS: '0' });
  // The refusals for the merchant's balance pay more than a payout moves without a second person, as do the day's
  // payouts together; the approval of big payouts has its own tests (tests/server/money/approval.test.ts and
  // money-controls.test.ts). Set straight in the database: the premise of these tests, not what they test.
  await setParam(api.server, 'money.approvalCents', String(Number.MAX_SAFE_INTEGER));
  await setParam(api.server, 'money.requesterDailyCents', String(Number.MAX_SAFE_INTEGER));
});
afterAll(async () => api?.close());

/** A customer whose wallet holds `person` cents of own money and 500 of platform bonus, recharged through the ledger. */
async function customerWith(person: number): Promise<{ customerId: number; walletId: number }> {
  const db = api.server.ctx.db;
  const customerId = nextId();
  const walletId = nextId();
  await db
    .insertInto('biz_customer')
    .values({ id: customerId, nickName: '小明妈妈', openId: `o-${customerId}` })
    .execute();
  await db
    .insertInto('biz_wallet')
    .values({
      id: walletId,
      customerId,
      amount: person + 500,
      personAmount: person,
      platAmount: 500,
      createTime: now(),
    })
    .execute();
  await db
    .insertInto('biz_ledger')
    .values([
      {
        id: nextId(),
        account: walletId,
        kind: 'recharge',
        bizNo: `C${walletId}`,
        personDelta: person,
        platDelta: 0,
        createTime: now(),
      },
      {
        id: nextId(),
        account: walletId,
        kind: 'bonus',
        bizNo: `C${walletId}`,
        personDelta: 0,
        platDelta: 500,
        createTime: now(),
      },
    ])
    .execute();
  return { customerId, walletId };
}

const wallet = async (id: number) =>
  api.server.ctx.db.selectFrom('biz_wallet').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const withdrawal = async (id: number): Promise<Row> => rowOf(await api.get(`${WITHDRAWAL}/detail`, { id: String(id) }));
const pass = (id: number) => api.post(`${WITHDRAWAL}/pass`, { query: { id: String(id) } });
const reject = (id: number, reason?: string) => api.post(`${WITHDRAWAL}/reject`, { body: { id: String(id), reason } });

async function walletDifferences() {
  return (await reconcile(api.server.ctx)).differences.filter((difference) => difference.kind === 'wallet');
}

describe('withdrawals', () => {
  it('freezes own money while pending and lists the request for review', async () => {
    const { customerId, walletId } = await customerWith(10000);
    const id = await requestWithdrawal(api.server.ctx, customerId, 3000);
    expect(await wallet(walletId)).toMatchObject({ personAmount: 7000, platAmount: 500, amount: 7500 });
    expect(await withdrawal(id)).toMatchObject({ amount: 3000, state: 0, outBatchNo: `W${id}` });
    const page = pageOf(await api.get(`${WITHDRAWAL}/page`, { current: 1, size: 10 }));
    expect(page.records.map((row) => row.id)).toContain(String(id));
    await expect(requestWithdrawal(api.server.ctx, customerId, 7001)).rejects.toMatchObject({
      message: '可提现余额不足',
    });
    expect(await walletDifferences()).toEqual([]);
  });

  it('rejects only with a reason, gives the amount back, and only once', async () => {
    const { customerId, walletId } = await customerWith(5000);
    const id = await requestWithdrawal(api.server.ctx, customerId, 2000);
    expect(await reject(id)).toMatchObject({ status: 400, msg: expect.stringContaining('驳回原因') });
    expect(await reject(id, '   ')).toMatchObject({ status: 400 });
    expect(await reject(id, '账户信息不符')).toMatchObject({ status: 200, success: true });
    expect(await withdrawal(id)).toMatchObject({ state: 2, reason: '账户信息不符' });
    expect(await wallet(walletId)).toMatchObject({ personAmount: 5000, amount: 5500 });
    expect(await reject(id, '再次驳回')).toMatchObject({ status: 400, msg: '该提现已处理' });
    expect(await pass(id)).toMatchObject({ status: 400, msg: '该提现已处理' });
    expect(await wallet(walletId)).toMatchObject({ personAmount: 5000 });
    expect(await walletDifferences()).toEqual([]);
  });

  it('pays an approval once through a transfer batch, even when approved ten times at once', async () => {
    const { customerId, walletId } = await customerWith(5000);
    const id = await requestWithdrawal(api.server.ctx, customerId, 4000);
    const answers = await Promise.all(Array.from({ length: 10 }, () => pass(id)));
    expect(answers.filter((answer) => answer.success)).toHaveLength(1);
    const paid = await withdrawal(id);
    expect(paid).toMatchObject({ state: 1 });
    const batch = await paymentProviderOf(api.server.ctx).queryTransfer(`W${id}`);
    expect(batch).toMatchObject({ batchId: paid.batchId, batchStatus: 'FINISHED', totalAmount: 4000 });
    expect(await wallet(walletId)).toMatchObject({ personAmount: 1000, amount: 1500 });
    expect(await walletDifferences()).toEqual([]);
  });

  it('gives the amount back when the transfer is refused for the merchant balance', async () => {
    // More than the sandbox merchant holds (PAY_SANDBOX_BALANCE, 100,000,000 cents by default).
    const { customerId, walletId } = await customerWith(300_000_000);
    const id = await requestWithdrawal(api.server.ctx, customerId, 200_000_000);
    expect(await pass(id)).toMatchObject({ status: 400, msg: '商户账户余额不足' });
    expect(await withdrawal(id)).toMatchObject({ state: 3, reason: '商户账户余额不足' });
    expect(await wallet(walletId)).toMatchObject({ personAmount: 300_000_000 });
    expect(await walletDifferences()).toEqual([]);
  });

  it('never takes a wallet below zero: 50 requests at once', async () => {
    const { customerId, walletId } = await customerWith(10000);
    const results = await Promise.allSettled(
      Array.from({ length: 50 }, () => requestWithdrawal(api.server.ctx, customerId, 300)),
    );
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(33);
    expect(await wallet(walletId)).toMatchObject({ personAmount: 100, platAmount: 500, amount: 600 });
    expect(await walletDifferences()).toEqual([]);
  });
});
