// Notifications from the payment provider: verified first (a forged or replayed one changes nothing), then applied.
import type { AppContext } from '../context.js';
import { settleRefund } from '../orders/settle.js';
import { paymentProviderOf } from './index.js';
import type { NotificationEvent, SignedNotification } from './provider.js';

export async function receiveNotification(
  ctx: AppContext,
  notification: SignedNotification,
): Promise<NotificationEvent> {
  const event = await paymentProviderOf(ctx).verifyNotification(notification);
  if ('refund' in event) await settleRefund(ctx, event.refund);
  return event;
}
