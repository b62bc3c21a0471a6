// The order life cycle (dictionary `order_status`, docs/orders-and-money.md): which state may follow which, and the
// refusal naming the current state when a call does not fit it.
import { badRequest } from '../../platform/http/envelope.js';

export const ORDER_AWAITING_PAYMENT = 0;
export const ORDER_IN_USE = 1;
export const ORDER_AWAITING_SETTLEMENT = 2;
export const ORDER_COMPLETED = 3;
export const ORDER_CANCELLED = 4;
export const ORDER_REFUNDING = 5;
export const ORDER_REFUNDED = 6;
export const ORDER_ABNORMAL = 7;

/** The dictionary's names, indexed by state, for messages. */
const STATE_NAMES = ['待支付', '使用中', '待结算', '已完成', '已取消', '退款中', '已退款', '异常'];

/**
 * Every allowed move; anything not listed is refused by `moveOrder` (orders/move.ts), the one writer of the state.
 * A wallet order's refund is done at once, so it goes from 已完成 or 异常 straight to 已退款 (or stays/returns to
 * 已完成 when part of the fee is kept).
 */
export const ORDER_TRANSITIONS: Record<number, readonly number[]> = {
  // Paid or confirmed; closed, cancelled or expired; paid a different amount than asked.
  [ORDER_AWAITING_PAYMENT]: [ORDER_IN_USE, ORDER_CANCELLED, ORDER_ABNORMAL],
  // Finished: waiting for the rest of the deposit's refund or the fee's collection, or settled at once.
  [ORDER_IN_USE]: [ORDER_AWAITING_SETTLEMENT, ORDER_COMPLETED],
  // The settlement refund or collection succeeded; it failed, or collected a different amount.
  [ORDER_AWAITING_SETTLEMENT]: [ORDER_COMPLETED, ORDER_ABNORMAL],
  // A refund through the provider; a wallet order's refund of everything kept.
  [ORDER_COMPLETED]: [ORDER_REFUNDING, ORDER_REFUNDED],
  [ORDER_CANCELLED]: [],
  [ORDER_REFUNDING]: [ORDER_COMPLETED, ORDER_REFUNDED, ORDER_ABNORMAL],
  [ORDER_REFUNDED]: [],
  // Its fee collected late, or part of a wallet order's fee refunded; refunded through the provider; a wallet
  // order's whole fee refunded at once.
  [ORDER_ABNORMAL]: [ORDER_COMPLETED, ORDER_REFUNDING, ORDER_REFUNDED],
};

export const canMove = (from: number, to: number): boolean => ORDER_TRANSITIONS[from]?.includes(to) ?? false;

/** The states a staff action starts from: finishing a rental, refunding settled money. */
export const FINISHABLE = [ORDER_IN_USE] as const;
export const REFUNDABLE = [ORDER_COMPLETED, ORDER_REFUNDING, ORDER_ABNORMAL] as const;

export const stateName = (state: number): string => STATE_NAMES[state] ?? String(state);

/** Refuses an action the order's state does not allow, e.g. 订单当前状态为「已完成」, 不能结束. */
export function requireState(state: number, allowed: readonly number[], action: string): void {
  if (!allowed.includes(state)) throw badRequest(`订单当前状态为「${stateName(state)}」, 不能${action}`);
}
