// The money invariants every test of money checks (the property-based test after each step, the fault test at the
// end): reconcile finds no difference, no wallet below zero and amount = personAmount + platAmount, nothing
// refunded beyond what was paid (refunds still processing counted), one customer refund per order, and the daily
// figures equal their recomputation.
import { expect } from 'vitest';
import { reconcile } from '../../../server/money/recovery/reconcile.js';
import { checkFigures } from '../../../server/money/reports/figures-rebuild.js';
import type { AppContext } from '../../../server/platform/context.js';

export async function checkMoneyInvariants(ctx: AppContext): Promise<void> {
  const db = ctx.db;
  expect((await reconcile(ctx)).differences).toEqual([]);
  for (const wallet of await db.selectFrom('biz_wallet').selectAll().execute()) {
    expect(Number(wallet.personAmount)).toBeGreaterThanOrEqual(0);
    expect(Number(wallet.platAmount)).toBeGreaterThanOrEqual(0);
    expect(Number(wallet.amount)).toBe(Number(wallet.personAmount) + Number(wallet.platAmount));
  }
  const refunds = await db
    .selectFrom('biz_refund')
    .select(['orderId', (eb) => eb.fn.sum<number>('amount').as('out')])
    .where('status', '<>', 2)
    .groupBy('orderId')
    .execute();
  const paidOut = new Map(refunds.map((row) => [Number(row.orderId), Number(row.out)]));
  // A customer refunds an order by themselves once; one the provider closed does not count.
  const ownRefunds = await db
    .selectFrom('biz_refund')
    .select(['orderId', (eb) => eb.fn.countAll<number>().as('count')])
    .where('source', '=', 3)
    .where('status', '<>', 2)
    .groupBy('orderId')
    .execute();
  for (const row of ownRefunds) expect(Number(row.count)).toBe(1);
  for (const order of await db.selectFrom('biz_order').select(['id', 'totalAmount', 'refundedAmount']).execute()) {
    const paid = Number(order.totalAmount);
    expect(Number(order.refundedAmount)).toBeGreaterThanOrEqual(0);
    expect(Number(order.refundedAmount)).toBeLessThanOrEqual(paid);
    expect(paidOut.get(Number(order.id)) ?? 0).toBeLessThanOrEqual(paid);
  }
  expect(await checkFigures(db)).toEqual([]);
}
