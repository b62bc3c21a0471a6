// pay/refund: the customer app's "refund my order" (docs/orders-and-money.md, Refunds). The money rules are staff
// refunds' own (settle.ts refundOrder); on top of them a customer refunds by themselves only a rental that did not
// really happen — it lasted at most SELF_REFUND_MINUTES (the lock did not open, the stroller was broken) — within 7
// days of its end, once per order. Anything else is for customer service, who refund through the console.
import type { FastifyRequest } from 'fastify';
import type { Selectable, Transaction } from 'kysely';
import type { AppContext } from '../../platform/context.js';
import type { Database, OrderTable } from '../../platform/db/schema.js';
import { parseDateTime } from '../../platform/db/time.js';
import { badRequest } from '../../platform/http/envelope.js';
import { minutesBetween } from './fee.js';
import { REFUND_BY_CUSTOMER } from './refund-source.js';
import { REFUND_CLOSED, type RefundAnswer, type RefundAsk, refundOrder } from './settle.js';
import { ORDER_ABNORMAL } from './status.js';

/** How long after the rental's end the customer may still ask. */
const ASK_WITHIN_DAYS = 7;

export const SELF_REFUND_REFUSED = '该订单已超过自助退款条件, 请联系客服';
export const SELF_REFUND_DONE = '该订单已申请过自助退款, 如有疑问请联系客服';

/** The self-service limits, checked on the locked order so two requests at once cannot both pass "once". */
async function withinSelfService(
  ctx: AppContext,
  trx: Transaction<Database>,
  order: Selectable<OrderTable>,
): Promise<void> {
  // An abnormal order is one staff must look at; one without an end has no duration to judge.
  if (Number(order.state) === ORDER_ABNORMAL || !order.startTime || !order.endTime) {
    throw badRequest(SELF_REFUND_REFUSED);
  }
  const end = parseDateTime(String(order.endTime));
  const lasted = minutesBetween(parseDateTime(String(order.startTime)), end);
  const since = minutesBetween(end, new Date());
  if (lasted > ctx.config.selfRefundMinutes || since > ASK_WITHIN_DAYS * 24 * 60) {
    throw badRequest(SELF_REFUND_REFUSED);
  }
  // A refund the provider closed moved nothing: the customer may ask again.
  const earlier = await trx
    .selectFrom('biz_refund')
    .select('id')
    .where('orderId', '=', order.id)
    .where('source', '=', REFUND_BY_CUSTOMER)
    .where('status', '<>', REFUND_CLOSED)
    .executeTakeFirst();
  if (earlier) throw badRequest(SELF_REFUND_DONE);
}

/** The signed-in customer's refund of their own order; another customer's order answers as if it did not exist. */
export async function customerRefund(
  ctx: AppContext,
  request: FastifyRequest,
  customerId: number,
  ask: RefundAsk,
): Promise<RefundAnswer> {
  const reason = ask.reason?.trim();
  if (!reason) throw badRequest('请输入退款原因');
  return refundOrder(
    ctx,
    request,
    { ...ask, reason },
    {
      source: REFUND_BY_CUSTOMER,
      owns: (order) => Number(order.customerId) === customerId,
      allows: (trx, order) => withinSelfService(ctx, trx, order),
    },
  );
}
