// The payment provider the server uses (PAY_PROVIDER): the sandbox, configured by PAY_SANDBOX_*, or WeChat Pay v3,
// configured by WECHATPAY_* (docs/going-live-payments.md).
import type { AppContext } from '../../platform/context.js';
import type { PaymentProvider } from './provider.js';
import { PaymentSandbox } from './sandbox.js';
import { WechatPayClient } from './wechat/client.js';

export function sandboxOf(ctx: AppContext): PaymentSandbox {
  const { sandboxDelayMs, sandboxBalance } = ctx.config.payments;
  return new PaymentSandbox(ctx, { delayMs: sandboxDelayMs, balance: sandboxBalance });
}

/** One client per server: it keeps the platform certificates it downloaded. */
const clients = new WeakMap<AppContext, WechatPayClient>();

export function paymentProviderOf(ctx: AppContext): PaymentProvider {
  if (ctx.config.payments.provider !== 'wechat') return sandboxOf(ctx);
  let client = clients.get(ctx);
  if (!client) {
    client = new WechatPayClient(ctx, ctx.config.payments.wechat);
    clients.set(ctx, client);
  }
  return client;
}
