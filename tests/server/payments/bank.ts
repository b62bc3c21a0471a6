// The payment provider's side of a test: where the customer pays and from where results are delivered. On the
// sandbox it is a sandbox stepped by hand; on the real WeChat Pay client it is the local double's books, whose
// notifications are sealed and signed as v3's.
import { PaymentSandbox } from '../../../server/money/payments/sandbox.js';
import type { TestServer } from '../harness.js';

export function bankOf(server: TestServer, balance = 0): PaymentSandbox {
  return server.payDouble?.books ?? new PaymentSandbox(server.ctx, { delayMs: 0, balance });
}

/**
 * True when this run pays through the WeChat Pay double: the tests of the sandbox's own behaviour (its plain
 * notifications, numbers the server never made) stay with the sandbox run.
 */
export const onWechatDouble = process.env.TEST_PAY_PROVIDER === 'wechat';
