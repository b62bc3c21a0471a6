// An import takes a dictionary's label in either language (空闲 or Idle, in any case) or its key, whatever the
// console's language; anything else is refused naming the field and the value.
import { describe, expect, it } from 'vitest';
import { checkRows } from '../../runtime/actions/excelImport/rows';
import { actionTexts } from '../../runtime/actions/texts';

const STATES = [
  { dictKey: '1', dictValue: '空闲', dictValueEn: 'Idle' },
  { dictKey: '3', dictValue: '故障', dictValueEn: 'Fault' },
];
const fields = [
  {
    field: 'equState',
    label: { zh: '设备状态', en: 'State' },
    type: 'integer',
    required: false,
    dict: { code: 'equ_state', biz: false },
  },
];
const sheet = (states: string[]) => ({
  headers: ['State'],
  lines: states.map((state, at) => ({ line: at + 2, cells: [state] })),
});
const say = (text: { zh?: string; en?: string; key?: string }, values?: Record<string, unknown>) =>
  String(text.en ?? text.key).replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values?.[name] ?? ''));

describe('dictionary labels in an import', () => {
  it('reads 空闲, Idle, idle and 3 as their keys, and refuses what the dictionary does not have', () => {
    const rows = checkRows(
      fields,
      sheet(['空闲', 'Idle', 'idle', '3', 'Asleep']),
      new Map([['equ_state', STATES]]),
      say,
    );
    expect(rows.map((row) => row.record.equState)).toEqual([1, 1, 1, 3, undefined]);
    expect(rows[4].errors).toEqual([say(actionTexts.importDictionary, { field: 'State', value: 'Asleep' })]);
    expect(rows[4].errors[0]).toContain('Asleep');
  });
});
