// A confirmation names the row: its values, and an amount in yuan as the money columns show it.
import { describe, expect, it } from 'vitest';
import { fillTemplate } from '../../runtime/actions/context';
import { computeValues } from '../../runtime/logic/evaluate';

describe('fillTemplate', () => {
  it('fills values and shows `| money` cents as yuan', () => {
    const row = { realName: '运营人员', bizNo: 'R123', amount: 60000, order: { no: 'P1' } };
    expect(fillTemplate('确定通过 {{realName}} 申请的 {{bizNo}}, 付出 ¥{{amount | money}}? {{order.no}}', row)).toBe(
      '确定通过 运营人员 申请的 R123, 付出 ¥600.00? P1',
    );
    expect(fillTemplate('{{missing}}|{{missing | money}}', row)).toBe('|');
  });

  it('names the ticked rows with `| list`, the first ten then an ellipsis', () => {
    const rows = Array.from({ length: 12 }, (_, n) => ({ keyPair: `SH01-${String(n + 1).padStart(4, '0')}` }));
    expect(fillTemplate('停用 {{count}} 台设备({{rows.keyPair | list}})?', { rows: rows.slice(0, 2), count: 2 })).toBe(
      '停用 2 台设备(SH01-0001, SH01-0002)?',
    );
    const many = fillTemplate('{{rows.keyPair | list}}', { rows });
    expect(many).toContain('SH01-0010, …');
    expect(many).not.toContain('SH01-0011');
  });

  it('is also how a request value is written as text, beside json-logic and constants', () => {
    const data = { row: { id: 42, outTradeNo: 'D1' }, requestNo: 'ABC', form: { params: { a: 1 } } };
    const values = computeValues(
      {
        id: '{{row.id}}',
        outRefundNo: 'R{{requestNo}}',
        reason: '退款 {{row.outTradeNo}}',
        params: { var: 'form.params' },
        kind: 1,
        plain: 'all',
      },
      data,
    );
    expect(values).toEqual({
      id: '42',
      outRefundNo: 'RABC',
      reason: '退款 D1',
      params: { a: 1 },
      kind: 1,
      plain: 'all',
    });
  });
});
