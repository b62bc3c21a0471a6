// What happened to money, told by the write that made it happen, inside its own transaction: the folders that keep
// figures of it (the daily figures, server/money/reports/) subscribe and write in that same transaction, so they
// commit or roll back with the rows they count, while the writers import nothing of them.
import type { Transaction } from 'kysely';
import type { Database } from '../../platform/db/schema.js';

/** A refund as the figures count it: who asked (`biz_refund.source`), how much, and the day it was launched. */
export interface RefundFacts {
  orderId: number;
  source: number;
  amount: number;
  createTime: string;
}

export type MoneyEvent =
  /** The customer app created an order (awaiting payment, or started on the wallet). */
  | { kind: 'order_created'; orderId: number }
  /** An order was paid, its pay-score confirmed or its deposit taken from the wallet: the rental started. */
  | { kind: 'rental_started'; orderId: number }
  /** A rental ended: its end time is written. */
  | { kind: 'rental_ended'; orderId: number }
  /** One ledger entry was written (`at` its time): of any account, with the order it belongs to if any. */
  | { kind: 'ledger_entry'; account: number; orderId?: number; delta: number; at: string }
  /** A refund was launched (written 处理中, or at once 已完成 for a wallet order). */
  | { kind: 'refund_launched'; refund: RefundFacts }
  /** A refund ended closed or abnormal: no money reached the customer (it stayed with the merchant or the provider). */
  | { kind: 'refund_closed'; refund: RefundFacts }
  /** A failed refund was recorded, and approved, as paid outside the console: it counts as paid out again. */
  | { kind: 'refund_paid_outside'; refund: RefundFacts };

export type MoneySubscriber = (trx: Transaction<Database>, event: MoneyEvent) => Promise<void>;

/** Wiring, not state: the same subscribers for every server of the process, added when an app is built. */
const subscribers = new Set<MoneySubscriber>();

/** Adds a subscriber (once, however often it is added); the money routes subscribe the daily figures. */
export function subscribe(subscriber: MoneySubscriber): void {
  subscribers.add(subscriber);
}

/**
 * Tells every subscriber, in the writer's transaction; a subscriber's failure rolls the write back. Publishing with
 * nobody listening is a fault of the code (the figures would miss the write), so it throws instead of passing.
 */
export async function publish(trx: Transaction<Database>, event: MoneyEvent): Promise<void> {
  if (subscribers.size === 0) throw new Error(`money event ${event.kind} published before anyone subscribed`);
  for (const subscriber of subscribers) await subscriber(trx, event);
}
