// The order life cycle: every pair of states is either an allowed move or refused, and refusals name the state.
import { describe, expect, it } from 'vitest';
import { canMove, FINISHABLE, ORDER_TRANSITIONS, REFUNDABLE, requireState } from '../../../server/orders/status.js';

const ALLOWED = new Set([
  '0>1',
  '0>4',
  '1>2',
  '1>3',
  '1>7',
  '2>3',
  '2>7',
  '3>5',
  '5>3',
  '5>6',
  '5>7',
  '7>2',
  '7>3',
  '7>5',
]);

describe('order status', () => {
  const states = [0, 1, 2, 3, 4, 5, 6, 7];
  it.each(states.flatMap((from) => states.map((to) => [from, to] as const)))('%i → %i', (from, to) => {
    expect(canMove(from, to)).toBe(ALLOWED.has(`${from}>${to}`));
  });

  it('knows every dictionary state and no other', () => {
    expect(Object.keys(ORDER_TRANSITIONS).map(Number).sort()).toEqual(states);
    expect(canMove(8, 1)).toBe(false);
  });

  it('finishes a running or abnormal rental and refunds settled money only', () => {
    expect([...FINISHABLE]).toEqual([1, 7]);
    expect([...REFUNDABLE]).toEqual([3, 5, 7]);
    expect(() => requireState(3, FINISHABLE, '结束')).toThrow('订单当前状态为「已完成」, 不能结束');
    expect(() => requireState(1, FINISHABLE, '结束')).not.toThrow();
  });
});
