// The notify URL the payment provider posts to: a signed notification is applied, a forged or replayed one is
// refused with 401 and changes nothing, a signed one whose body is malformed is a 400 that leaves its nonce for the
// provider's retry; with a delay set, the sandbox delivers its results by itself.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { SignedNotification } from '../../../server/money/payments/provider.js';
import { PaymentSandbox } from '../../../server/money/payments/sandbox.js';
import { startTestServer, type TestServer } from '../harness.js';
import { signed } from './signed.js';

let server: TestServer;
let sandbox: PaymentSandbox;

beforeAll(async () => {
  server = await startTestServer({ PAY_SANDBOX_DELAY_MS: '0' });
  sandbox = new PaymentSandbox(server.ctx, { delayMs: 0, balance: 0 });
});
afterAll(async () => server?.close());

const post = (notification: SignedNotification) =>
  server.app.inject({
    method: 'POST',
    url: '/api/pay/notify',
    headers: { ...notification.headers, 'content-type': 'application/json' },
    payload: notification.body,
  });

async function notification(outTradeNo: string): Promise<SignedNotification> {
  await sandbox.prepay({ outTradeNo, total: 500, description: '押金', payerOpenId: 'o' });
  const [sent] = await sandbox.deliverDue();
  return sent;
}

describe('POST /api/pay/notify', () => {
  it('accepts a signed notification once and refuses its replay', async () => {
    const sent = await notification('P-http-1');
    expect((await post(sent)).statusCode).toBe(204);
    const replay = await post(sent);
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toMatchObject({ success: false, msg: '通知重复' });
  });

  it('refuses a forged body', async () => {
    const sent = await notification('P-http-2');
    const forged = await post({ ...sent, body: sent.body.replace('"total":500', '"total":5') });
    expect(forged.statusCode).toBe(401);
    expect(forged.json()).toMatchObject({ msg: '通知签名错误' });
    expect((await post(sent)).statusCode).toBe(204);
  });
});

describe('a signed notification with a malformed body', () => {
  const good = {
    out_trade_no: 'P-malformed',
    transaction_id: '4200001',
    trade_state: 'SUCCESS',
    amount: { total: 500 },
  };
  const MALFORMED = {
    'not JSON': '{"event_type": "TRANSACTION.SUCCESS", ',
    'a list': '[]',
    'no resource': { event_type: 'TRANSACTION.SUCCESS' },
    'an unknown event': { event_type: 'TRANSACTION.MAYBE', resource: good },
    'a resource missing its amount': { event_type: 'TRANSACTION.SUCCESS', resource: { ...good, amount: {} } },
    'an amount as text': { event_type: 'TRANSACTION.SUCCESS', resource: { ...good, amount: { total: '500' } } },
    'a refund missing its number': {
      event_type: 'REFUND.SUCCESS',
      resource: { out_trade_no: 'P-malformed', refund_id: '1', refund_status: 'SUCCESS', amount: { refund: 1 } },
    },
    'a service order without its collection': {
      event_type: 'PAYSCORE.USER_PAID',
      resource: {
        out_order_no: 'P-malformed',
        order_id: '1',
        state: 'DONE',
        risk_fund: { amount: 1 },
        total_amount: 1,
      },
    },
  };

  it.each(Object.entries(MALFORMED))('answers %s with 400 and keeps the nonce for the retry', async (_name, body) => {
    const sent = await notification(`P-bad-${Math.random().toString(36).slice(2, 10)}`);
    const nonce = sent.headers['wechatpay-nonce'];
    const bad = await post(await signed(server.ctx, body, nonce));
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ code: 400, success: false, data: null, msg: '通知内容格式错误' });
    // The provider retries the good body with the same nonce: accepted and applied, then refused as a replay.
    expect((await post(sent)).statusCode).toBe(204);
    expect((await post(sent)).json()).toMatchObject({ code: 401, msg: '通知重复' });
  });
});

describe('the sandbox on its own', () => {
  it('delivers a payment result without being asked, once the server is up', async () => {
    const live = await startTestServer({ PAY_SANDBOX_DELAY_MS: '1' });
    try {
      await live.app.ready();
      const own = new PaymentSandbox(live.ctx, { delayMs: 0, balance: 0 });
      await own.prepay({ outTradeNo: 'P-auto', total: 900, description: '押金', payerOpenId: 'o' });
      await vi.waitFor(async () => expect((await own.query('P-auto')).tradeState).toBe('SUCCESS'), {
        timeout: 15_000,
        interval: 50,
      });
    } finally {
      await live.close();
    }
  });
});
