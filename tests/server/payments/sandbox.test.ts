// The payment sandbox behaves like WeChat Pay v3: immediate answers, final results as signed notifications, refunds
// idempotent by outRefundNo and never beyond the payment, the merchant balance, the frozen card, forged and
// replayed notifications refused.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PaymentError, type SignedNotification } from '../../../server/money/payments/provider.js';
import { PaymentSandbox } from '../../../server/money/payments/sandbox.js';
import { startTestServer, type TestServer } from '../harness.js';

let server: TestServer;
let sandbox: PaymentSandbox;
let serial = 0;

beforeAll(async () => {
  server = await startTestServer();
  sandbox = new PaymentSandbox(server.ctx, { delayMs: 0, balance: 0 });
});
afterAll(async () => server?.close());

/** A payment made and settled: its success notification delivered. */
async function paid(total: number): Promise<string> {
  serial += 1;
  const outTradeNo = `P${Date.now()}${serial}`;
  await sandbox.prepay({ outTradeNo, total, description: '童车租赁押金', payerOpenId: 'o-test' });
  await sandbox.deliverDue();
  return outTradeNo;
}

const refusal = async (promise: Promise<unknown>) => {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(PaymentError);
  return error as PaymentError;
};

describe('payments', () => {
  it('answers a prepay id at once and the result later as a notification', async () => {
    const outTradeNo = 'P-notify-1';
    const { prepayId } = await sandbox.prepay({ outTradeNo, total: 9900, description: '押金', payerOpenId: 'o' });
    expect(prepayId).toMatch(/^wx/);
    expect(await sandbox.query(outTradeNo)).toMatchObject({ tradeState: 'NOTPAY', total: 9900 });
    const [notification] = await sandbox.deliverDue();
    const event = await sandbox.verifyNotification(notification);
    expect(event).toMatchObject({ eventType: 'TRANSACTION.SUCCESS', transaction: { outTradeNo, total: 9900 } });
    expect(await sandbox.query(outTradeNo)).toMatchObject({ tradeState: 'SUCCESS' });
    expect(await sandbox.deliverDue()).toEqual([]);
  });

  it('closes an unpaid payment, not a paid one; an amount ending in 15 is never paid', async () => {
    await sandbox.prepay({ outTradeNo: 'P-close', total: 1000, description: '押金', payerOpenId: 'o' });
    await sandbox.close('P-close');
    expect(await sandbox.query('P-close')).toMatchObject({ tradeState: 'CLOSED' });
    expect((await refusal(sandbox.close(await paid(1000)))).code).toBe('ORDERPAID');
    await sandbox.prepay({ outTradeNo: 'P-unpaid', total: 1015, description: '押金', payerOpenId: 'o' });
    const [notification] = await sandbox.deliverDue();
    expect(await sandbox.verifyNotification(notification)).toMatchObject({ eventType: 'TRANSACTION.CLOSED' });
  });
});

describe('refunds', () => {
  it('settles a refund as a notification, with the channel and the account it reached', async () => {
    const outTradeNo = await paid(9900);
    const refund = await sandbox.refund({ outTradeNo, outRefundNo: 'R-1', refund: 8400, total: 9900 });
    expect(refund).toMatchObject({ status: 'PROCESSING', refund: 8400 });
    const [notification] = await sandbox.deliverDue();
    expect(await sandbox.verifyNotification(notification)).toMatchObject({
      eventType: 'REFUND.SUCCESS',
      refund: { outRefundNo: 'R-1', status: 'SUCCESS', refund: 8400, channel: 'ORIGINAL' },
    });
  });

  it('answers a repeated outRefundNo with the original refund', async () => {
    const outTradeNo = await paid(5000);
    const first = await sandbox.refund({ outTradeNo, outRefundNo: 'R-twice', refund: 1000, total: 5000 });
    const again = await sandbox.refund({ outTradeNo, outRefundNo: 'R-twice', refund: 1000, total: 5000 });
    expect(again).toEqual(first);
    const both = await Promise.all([
      sandbox.refund({ outTradeNo, outRefundNo: 'R-race', refund: 700, total: 5000 }),
      sandbox.refund({ outTradeNo, outRefundNo: 'R-race', refund: 700, total: 5000 }),
    ]);
    expect(both[0].refundId).toBe(both[1].refundId);
    const settled = await sandbox.deliverDue();
    expect(settled).toHaveLength(2);
  });

  it('never refunds more than was paid, even to 100 requests at once', async () => {
    const outTradeNo = await paid(10000);
    const answers = await Promise.allSettled(
      Array.from({ length: 100 }, (_, i) =>
        sandbox.refund({ outTradeNo, outRefundNo: `R-many-${i}`, refund: 300, total: 10000 }),
      ),
    );
    const accepted = answers.filter((answer) => answer.status === 'fulfilled');
    expect(accepted).toHaveLength(33);
    for (const answer of answers) {
      if (answer.status === 'rejected') expect((answer.reason as PaymentError).code).toBe('INVALID_REQUEST');
    }
    await sandbox.deliverDue();
  });

  it('ends a refund to a frozen card abnormal, and one ending in 14 closed, which frees its amount', async () => {
    const outTradeNo = await paid(3000);
    await sandbox.refund({ outTradeNo, outRefundNo: 'R-frozen', refund: 1013, total: 3000 });
    await sandbox.refund({ outTradeNo, outRefundNo: 'R-closed', refund: 1914, total: 3000 });
    const events = await Promise.all((await sandbox.deliverDue()).map((n) => sandbox.verifyNotification(n)));
    expect(events.map((event) => event.eventType).sort()).toEqual(['REFUND.ABNORMAL', 'REFUND.CLOSED']);
    expect(await sandbox.queryRefund('R-frozen')).toMatchObject({ status: 'ABNORMAL' });
    await sandbox.refund({ outTradeNo, outRefundNo: 'R-after-closed', refund: 1900, total: 3000 });
    await sandbox.deliverDue();
  });

  it('refuses a refund of an unpaid payment and one beyond the merchant balance', async () => {
    await sandbox.prepay({ outTradeNo: 'P-notyet', total: 2000, description: '押金', payerOpenId: 'o' });
    const unpaid = await refusal(
      sandbox.refund({ outTradeNo: 'P-notyet', outRefundNo: 'R-x', refund: 100, total: 2000 }),
    );
    expect(unpaid.message).toBe('订单未支付,不能退款');
    await sandbox.close('P-notyet');
    const poor = new PaymentSandbox(server.ctx, { delayMs: 0, balance: -1_000_000_000 });
    const outTradeNo = await paid(2000);
    const refused = await refusal(poor.refund({ outTradeNo, outRefundNo: 'R-poor', refund: 100, total: 2000 }));
    expect(refused).toMatchObject({ code: 'NOT_ENOUGH', message: '商户账户余额不足' });
  });
});

describe('notifications', () => {
  const fresh = async (): Promise<SignedNotification> => {
    serial += 1;
    const outTradeNo = `P-sig-${Date.now()}-${serial}`;
    await sandbox.prepay({ outTradeNo, total: 100, description: '押金', payerOpenId: 'o' });
    const [notification] = await sandbox.deliverDue();
    return notification;
  };

  it('refuses a forged body, a forged signature and an unknown certificate', async () => {
    const notification = await fresh();
    const forgedBody = { ...notification, body: notification.body.replace('"total":100', '"total":1') };
    expect((await refusal(sandbox.verifyNotification(forgedBody))).message).toBe('通知签名错误');
    const forgedSignature = { ...notification, headers: { ...notification.headers, 'wechatpay-signature': 'abc' } };
    expect((await refusal(sandbox.verifyNotification(forgedSignature))).message).toBe('通知签名错误');
    const otherSerial = { ...notification, headers: { ...notification.headers, 'wechatpay-serial': 'X' } };
    expect((await refusal(sandbox.verifyNotification(otherSerial))).message).toBe('未知的平台证书');
    await sandbox.verifyNotification(notification);
  });

  it('refuses a replayed notification', async () => {
    const notification = await fresh();
    await sandbox.verifyNotification(notification);
    expect((await refusal(sandbox.verifyNotification(notification))).message).toBe('通知重复');
  });

  it('is verified by another instance of the sandbox on the same database', async () => {
    const notification = await fresh();
    const other = new PaymentSandbox(server.ctx, { delayMs: 0, balance: 0 });
    await expect(other.verifyNotification(notification)).resolves.toMatchObject({
      eventType: 'TRANSACTION.SUCCESS',
    });
  });
});

describe('transfers', () => {
  const batch = (outBatchNo: string, amounts: number[], total = amounts.reduce((a, b) => a + b, 0)) => ({
    outBatchNo,
    batchName: '余额提现',
    batchRemark: '余额提现',
    totalAmount: total,
    details: amounts.map((transferAmount, index) => ({
      outDetailNo: `${outBatchNo}D${index}`,
      transferAmount,
      transferRemark: '余额提现',
      openId: 'o-test',
    })),
  });

  it('accepts a batch at once and finds it finished when queried', async () => {
    await paid(5000);
    const accepted = await sandbox.transfer(batch('T-accept', [1200, 300]));
    expect(accepted).toMatchObject({ outBatchNo: 'T-accept', batchStatus: 'ACCEPTED', totalAmount: 1500 });
    expect(accepted.batchId).toMatch(/^1030/);
    expect(await sandbox.queryTransfer('T-accept')).toMatchObject({
      batchId: accepted.batchId,
      batchStatus: 'FINISHED',
    });
    expect(await sandbox.deliverDue()).toEqual([]);
  });

  it('answers a repeated outBatchNo with the first batch, also to 20 requests at once, and pays it once', async () => {
    await paid(3000);
    const answers = await Promise.all(Array.from({ length: 20 }, () => sandbox.transfer(batch('T-once', [2500]))));
    expect(new Set(answers.map((answer) => answer.batchId)).size).toBe(1);
    const rows = await server.ctx.db
      .selectFrom('biz_pay_sim')
      .select('id')
      .where('kind', '=', 'transfer')
      .where('outNo', '=', 'T-once')
      .execute();
    expect(rows).toHaveLength(1);
    expect((await refusal(sandbox.transfer(batch('T-once', [2600])))).code).toBe('INVALID_REQUEST');
  });

  it('refuses a batch whose total is not the sum of its details, and one beyond the merchant balance', async () => {
    expect((await refusal(sandbox.transfer(batch('T-sum', [100, 200], 400)))).code).toBe('PARAM_ERROR');
    const poor = new PaymentSandbox(server.ctx, { delayMs: 0, balance: -1_000_000_000 });
    const refused = await refusal(poor.transfer(batch('T-poor', [100])));
    expect(refused).toMatchObject({ code: 'NOT_ENOUGH', message: '商户账户余额不足' });
    expect((await refusal(sandbox.queryTransfer('T-poor'))).code).toBe('NOT_FOUND');
  });

  it('spends the merchant balance: ten transfers at once never take it below zero', async () => {
    // A sandbox whose starting balance leaves exactly 1000 cents over what this file has already moved.
    const before = await moved();
    const tight = new PaymentSandbox(server.ctx, { delayMs: 0, balance: 1000 - before });
    const results = await Promise.allSettled(
      Array.from({ length: 10 }, (_, index) => tight.transfer(batch(`T-race-${index}`, [300]))),
    );
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(3);
    const refused = results.filter((result) => result.status === 'rejected');
    expect(refused.map((result) => (result.reason as PaymentError).code)).toEqual(Array(7).fill('NOT_ENOUGH'));
    expect(1000 - before + (await moved())).toBe(100);
  });
});

/** What the sandbox's merchant account has gained beyond its starting balance: paid in, less refunds and transfers. */
async function moved(): Promise<number> {
  const rows = await server.ctx.db.selectFrom('biz_pay_sim').select(['kind', 'state', 'amount']).execute();
  return rows.reduce((sum, row) => {
    if (row.kind === 'pay') return row.state === 'SUCCESS' ? sum + Number(row.amount) : sum;
    return row.state === 'CLOSED' ? sum : sum - Number(row.amount);
  }, 0);
}
