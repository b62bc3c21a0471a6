// The payment provider the server uses: the sandbox, configured by PAY_SANDBOX_*.
import type { AppContext } from '../context.js';
import type { PaymentProvider } from './provider.js';
import { PaymentSandbox } from './sandbox.js';

export function sandboxOf(ctx: AppContext): PaymentSandbox {
  const { sandboxDelayMs, sandboxBalance } = ctx.config.payments;
  return new PaymentSandbox(ctx, { delayMs: sandboxDelayMs, balance: sandboxBalance });
}

export const paymentProviderOf = (ctx: AppContext): PaymentProvider => sandboxOf(ctx);
