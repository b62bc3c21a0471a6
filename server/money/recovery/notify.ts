// Notifications from the payment provider: verified first (a forged or replayed one is refused and changes
// nothing), then applied. The provider posts them to /api/pay/notify; the sandbox's results are delivered to the
// same handler by a pass on every instance, each attempt of a notification under a work lease on its row
// (platform/work/claims.ts, kind `pay-notification`) so that it is delivered once, and sent again until acknowledged.
import type { AppContext } from '../../platform/context.js';
import { badRequest, unauthorized } from '../../platform/http/envelope.js';
import type { RoutePlugin } from '../../platform/http/route-plugin.js';
import { everyPass } from '../../platform/periodic-pass.js';
import { withWork } from '../../platform/work/claims.js';
import { applyRentalPayment, applyServiceOrder } from '../orders/app-rental.js';
import { settleRefund } from '../orders/settle.js';
import { paymentProviderOf, sandboxOf } from '../payments/index.js';
import { type NotificationEvent, PaymentError, type SignedNotification } from '../payments/provider.js';
import { NOTIFICATION_LEASE_SECONDS, notificationPiece } from '../payments/sandbox.js';
import { MALFORMED } from '../payments/wire-event.js';
import { settleShare } from '../splits/share.js';
import { applyTransferBill } from '../wallets/payout-bills.js';
import { applyRechargePayment } from '../wallets/recharge.js';
import { forgetAnswered } from './attempts.js';

export async function receiveNotification(
  ctx: AppContext,
  notification: SignedNotification,
): Promise<NotificationEvent> {
  const event = await paymentProviderOf(ctx).verifyNotification(notification);
  if ('refund' in event) {
    await settleRefund(ctx, event.refund);
    await forgetAnswered(ctx, [['refund', event.refund.outRefundNo]]);
  } else if ('sharing' in event) {
    await settleShare(ctx, event.sharing);
    await forgetAnswered(ctx, [['split', event.sharing.outOrderNo]]);
  } else if ('serviceOrder' in event) {
    await applyServiceOrder(ctx, event);
    const { outOrderNo } = event.serviceOrder;
    await forgetAnswered(ctx, [
      ['pay', outOrderNo],
      ['score', outOrderNo],
    ]);
  } else if ('transferBill' in event) {
    await applyTransferBill(ctx, event.transferBill);
    const { outBillNo } = event.transferBill;
    await forgetAnswered(ctx, [
      ['withdrawal', outBillNo],
      ['transfer', outBillNo],
    ]);
  } else {
    await applyRechargePayment(ctx, event.transaction);
    await applyRentalPayment(ctx, event.transaction);
    const { outTradeNo } = event.transaction;
    await forgetAnswered(ctx, [
      ['pay', outTradeNo],
      ['recharge', outTradeNo],
    ]);
  }
  return event;
}

const header = (value: string | string[] | undefined): string => (Array.isArray(value) ? value[0] : (value ?? ''));

export const notifyRoutes: RoutePlugin = async (app) => {
  // The signature covers the exact bytes sent, so this route reads its body as text.
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, finish) => finish(null, body));
  app.post(
    '/pay/notify',
    {
      config: { access: 'public', limit: 'notify' },
      schema: { tags: ['支付'], summary: '支付平台通知 (签名校验, 重放拒绝)', body: { type: 'string' } },
    },
    async (request, reply) => {
      const notification: SignedNotification = {
        headers: {
          'wechatpay-timestamp': header(request.headers['wechatpay-timestamp']),
          'wechatpay-nonce': header(request.headers['wechatpay-nonce']),
          'wechatpay-signature': header(request.headers['wechatpay-signature']),
          'wechatpay-serial': header(request.headers['wechatpay-serial']),
        },
        body: request.body,
      };
      try {
        await receiveNotification(app.ctx, notification);
      } catch (error) {
        if (!(error instanceof PaymentError)) throw error;
        // Signed but unreadable: the provider's fault to fix, not a forgery; its nonce was left unspent.
        throw error.code === MALFORMED ? badRequest(error.message) : unauthorized(error.message);
      }
      return reply.code(204).send();
    },
  );

  // WeChat Pay posts its notifications itself. PAY_SANDBOX_DELAY_MS=0 delivers only when asked: tests step the
  // sandbox with deliverDue.
  const { sandboxDelayMs, provider } = app.ctx.config.payments;
  if (provider !== 'sandbox' || sandboxDelayMs === 0) return;
  const failed = (error: unknown) =>
    app.log.error(error, 'payment notification not applied; the sandbox sends it again');
  everyPass(
    app,
    Math.min(sandboxDelayMs, 1000),
    () => deliverSandboxNotifications(app.ctx, new Date(), failed),
    'payment sandbox delivery failed',
  );
};

/**
 * One delivery pass of the sandbox's notifications: each one due is sent, applied and acknowledged under the lease
 * on its row, so of several instances running the pass together one delivers each attempt. One that fails to apply
 * is told to `failed` and sent again after the sandbox's back-off. Answers how many this instance delivered.
 */
export async function deliverSandboxNotifications(
  ctx: AppContext,
  at = new Date(),
  failed: (error: unknown) => void = () => {},
): Promise<number> {
  const sandbox = sandboxOf(ctx);
  let delivered = 0;
  for (const id of await sandbox.dueNotifications(at)) {
    const deliver = async () => {
      const notification = await sandbox.sendAttempt(id, at);
      if (!notification) return;
      delivered += 1;
      try {
        await receiveNotification(ctx, notification);
        await sandbox.acknowledge(notification);
      } catch (error) {
        failed(error);
      }
    };
    await withWork(ctx, notificationPiece(id), NOTIFICATION_LEASE_SECONDS, deliver, at);
  }
  return delivered;
}
