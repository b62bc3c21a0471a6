// The one way an order's state is written (docs/orders-and-money.md, "Order status"): every move is checked against
// the transition table before anything is written, and a move the table forbids throws, so the caller's transaction
// rolls back instead of leaving an order somewhere the life cycle does not allow.
import type { Kysely, Updateable } from 'kysely';
import type { Database, OrderTable } from '../../platform/db/schema.js';
import { now } from '../../platform/db/time.js';
import { canMove, stateName } from './status.js';

/** A move the table forbids: a fault of the code asking for it, never a user's mistake, so it surfaces as one. */
export class ForbiddenOrderMove extends Error {
  constructor(from: number, to: number) {
    super(`订单状态不能从「${stateName(from)}」变为「${stateName(to)}」`);
    this.name = 'ForbiddenOrderMove';
  }
}

/** One order: by id, or by the merchant number the provider knows it by and its pay mode. */
export type OrderKey = { id: number } | { outTradeNo: string; payMode?: number };

export interface OrderMove {
  /**
   * The states the action applies to: an order found in another one is left as it is (a late or repeated result),
   * and the caller learns it from the answer. A caller holding the locked row passes its one state.
   */
  from: readonly number[];
  to: number;
  /** Other columns written with the state. */
  set?: Omit<Updateable<OrderTable>, 'state' | 'id'>;
  /** Only when the order's paid amount is still this (a collection claims the order once). */
  totalAmount?: number;
}

/** Staying in a state is no move: an order refunding again, or one whose refund ends while another is processing. */
export const allowed = (from: number, to: number): boolean => from === to || canMove(from, to);

/**
 * Moves the order from one of `from` to `to`, with `set` written beside it, in the given transaction. Answers the
 * moved order's id and equipment, or undefined when the order is in none of `from` (nothing is written).
 */
export async function moveOrder(db: Kysely<Database>, key: OrderKey, move: OrderMove) {
  for (const from of move.from) if (!allowed(from, move.to)) throw new ForbiddenOrderMove(from, move.to);
  let update = db
    .updateTable('biz_order')
    .set({ updateTime: now(), ...move.set, state: move.to })
    .where('state', 'in', [...move.from]);
  if ('id' in key) update = update.where('id', '=', key.id);
  else update = update.where('outTradeNo', '=', key.outTradeNo);
  if ('payMode' in key && key.payMode !== undefined) update = update.where('payMode', '=', key.payMode);
  if (move.totalAmount !== undefined) update = update.where('totalAmount', '=', move.totalAmount);
  return update.returning(['id', 'equId']).executeTakeFirst();
}
