// The notify URL the payment provider posts to: a signed notification is applied, a forged or replayed one is
// refused with 401 and changes nothing; with a delay set, the sandbox delivers its results by itself.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { SignedNotification } from '../../../server/payments/provider.js';
import { PaymentSandbox } from '../../../server/payments/sandbox.js';
import { startTestServer, type TestServer } from '../harness.js';

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
