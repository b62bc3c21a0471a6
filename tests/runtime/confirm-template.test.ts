// A confirm repeats whom and how much: `| money` shows the form's cents as yuan, `labels` names the picked row.
import { describe, expect, it } from 'vitest';
import { fillTemplate } from '../../runtime/actions/context';

describe('confirm templates', () => {
  it('shows cents as yuan and the picked customer by name and phone', () => {
    const text = '确定从商户账户转账 ¥{{form.amount | money}} 给 {{labels.customerId}}?';
    expect(fillTemplate(text, { form: { amount: 550 }, labels: { customerId: '杨爸爸 13900001234' } })).toBe(
      '确定从商户账户转账 ¥5.50 给 杨爸爸 13900001234?',
    );
  });

  it('leaves a missing value empty', () => {
    expect(fillTemplate('退款 ¥{{form.amount | money}}', { form: {} })).toBe('退款 ¥');
  });
});
