// Notifications signed as the payment provider signs them (the sandbox's key, v3's message text), for tests that
// need a result the sandbox would never send by itself: another amount, a malformed body, any event for any order.
import crypto from 'node:crypto';
import type { SignedNotification } from '../../../server/money/payments/provider.js';
import { PaymentSandbox } from '../../../server/money/payments/sandbox.js';
import type { AppContext } from '../../../server/platform/context.js';

async function keyOf(ctx: AppContext): Promise<string> {
  // The sandbox makes its key on first use: checking any notification uses it (this one it refuses).
  await new PaymentSandbox(ctx, { delayMs: 0, balance: 0 })
    .verifyNotification({
      headers: {
        'wechatpay-serial': 'SANDBOX',
        'wechatpay-timestamp': '0',
        'wechatpay-nonce': '',
        'wechatpay-signature': '',
      },
      body: '',
    })
    .catch(() => undefined);
  const row = await ctx.db
    .selectFrom('blade_setting')
    .select('settingValue')
    .where('settingKey', '=', 'pay_sandbox_key')
    .executeTakeFirstOrThrow();
  return row.settingValue;
}

/** `body` (an object, or text sent as it is) signed with a fresh nonce, or the one given. */
export async function signed(
  ctx: AppContext,
  body: unknown,
  nonce: string = crypto.randomUUID(),
): Promise<SignedNotification> {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  const timestamp = Math.floor(Date.now() / 1000);
  const signature = crypto
    .createHmac('sha256', await keyOf(ctx))
    .update(`${timestamp}\n${nonce}\n${text}\n`)
    .digest('base64');
  return {
    headers: {
      'wechatpay-timestamp': String(timestamp),
      'wechatpay-nonce': nonce,
      'wechatpay-signature': signature,
      'wechatpay-serial': 'SANDBOX',
    },
    body: text,
  };
}

/** The wire events the notify URL reads, as v3 posts them. */
export const wire = {
  payment: (outTradeNo: string, tradeState: 'SUCCESS' | 'CLOSED', total: number) => ({
    id: crypto.randomUUID(),
    event_type: `TRANSACTION.${tradeState}`,
    resource: {
      out_trade_no: outTradeNo,
      transaction_id: `4200${Date.now()}`,
      trade_state: tradeState,
      amount: { total },
    },
  }),
  refund: (outTradeNo: string, outRefundNo: string, status: 'SUCCESS' | 'ABNORMAL' | 'CLOSED', refund: number) => ({
    id: crypto.randomUUID(),
    event_type: `REFUND.${status}`,
    resource: {
      out_trade_no: outTradeNo,
      out_refund_no: outRefundNo,
      refund_id: `5030${Date.now()}`,
      refund_status: status,
      channel: 'ORIGINAL',
      user_received_account: '招商银行信用卡0403',
      amount: { refund },
    },
  }),
  serviceOrder: (
    outOrderNo: string,
    event: 'USER_CONFIRM' | 'USER_CANCEL' | 'USER_PAID' | 'PAY_FAILED',
    riskAmount: number,
    totalAmount = 0,
  ) => ({
    id: crypto.randomUUID(),
    event_type: `PAYSCORE.${event}`,
    resource: {
      out_order_no: outOrderNo,
      order_id: `1000${Date.now()}`,
      state: event === 'USER_PAID' ? 'DONE' : event === 'USER_CANCEL' ? 'REVOKED' : 'DOING',
      risk_fund: { name: 'DEPOSIT', amount: riskAmount },
      total_amount: totalAmount,
      collection: {
        details: event === 'USER_PAID' ? [{ transaction_id: `4200${Date.now()}`, amount: totalAmount }] : [],
      },
      package: '',
    },
  }),
};
