// The fee a finished rental is charged and the duration staff read, from the price plan.
import { describe, expect, it } from 'vitest';
import { durationText, feeOf, minutesBetween, type PricePlan } from '../../../server/money/orders/fee.js';

// ¥10 for the first hour, then ¥5 per started half hour; 5 minutes free; at most ¥50 a day.
const PLAN: PricePlan = {
  freeMinutes: 5,
  firstMinutes: 60,
  firstPrice: 1000,
  unitMinutes: 30,
  unitPrice: 500,
  dailyCap: 5000,
};

describe('feeOf', () => {
  it.each([
    [0, 0],
    [5, 0],
    [6, 1000],
    [60, 1000],
    [61, 1500],
    [90, 1500],
    [91, 2000],
    [8 * 60, 5000],
    [24 * 60, 5000],
    [24 * 60 + 1, 5500],
    [24 * 60 + 60, 6000],
    [3 * 24 * 60, 15000],
  ])('%i minutes cost %i cents', (minutes, cents) => {
    expect(feeOf(PLAN, minutes)).toBe(cents);
  });

  it('has no cap without a daily cap', () => {
    expect(feeOf({ ...PLAN, dailyCap: null }, 24 * 60)).toBe(1000 + 46 * 500);
  });

  it('charges from the first minute without free minutes', () => {
    expect(feeOf({ ...PLAN, freeMinutes: 0 }, 1)).toBe(1000);
  });
});

describe('durations', () => {
  it('counts whole minutes only', () => {
    expect(minutesBetween(new Date('2026-03-01T10:00:00'), new Date('2026-03-01T10:05:59'))).toBe(5);
    expect(minutesBetween(new Date('2026-03-01T10:00:00'), new Date('2026-03-01T09:00:00'))).toBe(0);
  });

  it.each([
    [0, '0分钟'],
    [45, '45分钟'],
    [135, '2小时15分钟'],
    [120, '2小时'],
    [1440 + 180, '1天3小时'],
    [2 * 1440 + 1, '2天1分钟'],
  ])('%i minutes read %s', (minutes, text) => {
    expect(durationText(minutes)).toBe(text);
  });
});
