// A running rental whose deposit the customer app paid through the payment sandbox, written as pay/launch and the
// payment's notification leave it (its daily figures too), so money tests start from an order in use. The price plan is
// the tests' usual one: 5 free minutes, ¥10 for the first hour, then ¥5 per 30 minutes, at most ¥50 a day.

import type { PaymentSandbox } from '../../../server/money/payments/sandbox.js';
import { receiveNotification } from '../../../server/money/recovery/notify.js';
import { countOrderCreated, countRentalStarted } from '../../../server/money/reports/day-figures.js';
import type { AppContext } from '../../../server/platform/context.js';
import { nextId } from '../../../server/platform/db/ids.js';
import { formatDateTime } from '../../../server/platform/db/time.js';

let serial = 0;

/** A merchant order number no other test order has. */
export function newOutTradeNo(): string {
  serial += 1;
  return `P${Date.now()}${serial}`;
}

/** The ride of order `orderId` lasted `minutes`: its start moved back, as a clock would have. */
export async function rode(ctx: AppContext, orderId: string, minutes: number): Promise<void> {
  await ctx.db
    .updateTable('biz_order')
    .set({ startTime: formatDateTime(new Date(Date.now() - minutes * 60_000 - 20_000)) })
    .where('id', '=', Number(orderId))
    .execute();
}

/** Every result the sandbox has due, delivered to the server as its notifications and acknowledged. */
export async function deliverDue(ctx: AppContext, sandbox: PaymentSandbox): Promise<void> {
  for (const notification of await sandbox.deliverDue()) {
    await receiveNotification(ctx, notification);
    await sandbox.acknowledge(notification);
  }
}

export interface PaidRental {
  outTradeNo: string;
  customerId: number;
  nickname: string;
  payerOpenId: string;
  equId: number;
  keyPair: string;
  siteId: number;
  deptId: number;
  typeId: number;
  /** The deposit paid, in cents. */
  deposit: number;
  /** How long ago the rental started. */
  minutes: number;
  /** The plan's free minutes (default 5); 0 charges even a rental that did not really happen. */
  freeMinutes?: number;
}

/** Pays the deposit through the sandbox and writes the order in use; answers its id and payment number. */
export async function addPaidRental(
  ctx: AppContext,
  sandbox: PaymentSandbox,
  rental: PaidRental,
): Promise<{ id: number; transactionId: string }> {
  const { outTradeNo, deposit, minutes, payerOpenId, freeMinutes = 5, ...order } = rental;
  await sandbox.prepay({ outTradeNo, total: deposit, description: '童车押金', payerOpenId });
  await deliverDue(ctx, sandbox);
  const { transactionId } = await sandbox.query(outTradeNo);
  const id = nextId();
  await ctx.db.transaction().execute(async (trx) => {
    await trx
      .insertInto('biz_order')
      .values({
        ...order,
        id,
        outTradeNo,
        transactionId,
        payMode: 1,
        freeMinutes,
        firstMinutes: 60,
        firstPrice: 1000,
        unitMinutes: 30,
        unitPrice: 500,
        dailyCap: 5000,
        amount: deposit,
        totalAmount: deposit,
        state: 1,
        startTime: formatDateTime(new Date(Date.now() - minutes * 60_000 - 20_000)),
        successTime: formatDateTime(new Date()),
        createTime: formatDateTime(new Date()),
      })
      .execute();
    await countOrderCreated(trx, id);
    await countRentalStarted(trx, id);
  });
  return { id, transactionId };
}
