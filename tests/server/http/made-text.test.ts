// Text the server writes into rows in Chinese reads in English for an English console.
import { describe, expect, it } from 'vitest';
import { durationText } from '../../../server/money/orders/fee.js';
import { madeTextInEnglish } from '../../../server/platform/http/made-text.js';

describe('server-made text in English', () => {
  it.each([
    [durationText(73), '1 h 13 min'],
    [durationText(0), '0 min'],
    [durationText(1440 * 2 + 60), '2 d 1 h'],
    ['支付成功', 'Paid'],
    ['余额支付', 'Paid from the wallet'],
    ['人工退款', 'Refund by staff'],
    ['订单结束, 退还剩余押金', 'Order finished: the rest of the deposit returned'],
    ['同意', 'Approved'],
    ['驳回', 'Rejected'],
    ['张三 请假 2 天', '张三: leave of 2 days'],
    ['订单 P100 退款', 'Refund of order P100'],
  ])('%s → %s', (chinese, english) => {
    expect(madeTextInEnglish(chinese)).toBe(english);
  });

  it('leaves what a person wrote as it is', () => {
    expect(madeTextInEnglish('车轮异响, 退一半')).toBe('车轮异响, 退一半');
    expect(madeTextInEnglish('')).toBe('');
  });
});
