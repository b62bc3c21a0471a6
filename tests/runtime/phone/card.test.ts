// A row's card on a phone: the fields a definition names, or the first columns, the status and the money; and a
// mistaken `card` named by checkPage with its path, the wrong word and the nearest right one.
import { describe, expect, it } from 'vitest';
import { cardColumns } from '../../../runtime/phone/cardFields';
import { checkPage } from '../../../runtime/schema/check-page';
import type { Column } from '../../../runtime/schema/types';

const column = (field: string, extra: Partial<Column> = {}): Column => ({
  field,
  label: { zh: field, en: field },
  ...extra,
});

const orders: Column[] = [
  column('outTradeNo'),
  column('nickname'),
  column('phoneNumber'),
  column('payMode', { dict: 'pay_mode' }),
  column('state', { dict: 'order_status' }),
  column('amount', { format: { name: 'money' }, hidden: true }),
  column('keptAmount', { format: 'money' }),
  column('startTime', { format: 'datetime' }),
];

const fields = (columns: Column[]) => columns.map((each) => each.field);

describe("a row's card", () => {
  it('shows the first two columns, the status and the first money column shown, in the columns’ order', () => {
    expect(fields(cardColumns({ columns: orders }, ['amount']))).toEqual([
      'outTradeNo',
      'nickname',
      'state',
      'keptAmount',
    ]);
  });

  it('takes a status shown as a dictionary when no field is named like one, and leaves out what the person hid', () => {
    const columns = [
      column('name'),
      column('sex', { dict: 'sex' }),
      column('remark'),
      column('fee', { format: 'money' }),
    ];
    expect(fields(cardColumns({ columns }, ['remark']))).toEqual(['name', 'sex', 'fee']);
  });

  it("shows the definition's fields in its order, hidden columns included", () => {
    const card = { fields: ['state', 'outTradeNo', 'amount'] };
    expect(fields(cardColumns({ columns: orders, card }, ['amount']))).toEqual(['state', 'outTradeNo', 'amount']);
  });
});

const page = (card: unknown) => ({
  id: 'business/sample',
  title: { zh: '示例', en: 'Sample' },
  blocks: [
    {
      type: 'list',
      api: { list: '/api/blade-system/sample/list' },
      operations: { view: true },
      columns: [
        { field: 'outTradeNo', label: { zh: '订单号', en: 'Order' } },
        { field: 'state', label: { zh: '状态', en: 'State' } },
      ],
      rowActions: [
        {
          id: 'finish',
          label: { zh: '结束订单', en: 'Finish' },
          permission: true,
          request: { url: '/api/blade-system/sample/finish' },
        },
      ],
      card,
    },
  ],
});
const check = (card: unknown) => checkPage(page(card), { file: 'pages/business/sample.json' });

describe('checkPage on a card', () => {
  it('accepts columns and a row button it offers', () => {
    expect(check({ fields: ['outTradeNo', 'state'], primary: 'finish' })).toEqual([]);
    expect(check({ primary: 'view' })).toEqual([]);
  });

  it('names a field that is not a column, with the nearest one', () => {
    expect(check({ fields: ['outTradeNo', 'stat'] })).toEqual([
      expect.objectContaining({
        file: 'pages/business/sample.json',
        path: '/blocks/0/card/fields/1',
        message: '"stat" is not a column of the list',
        zh: '"stat" 不是列表的列',
        word: 'stat',
        suggestion: 'state',
      }),
    ]);
  });

  it('names a first button the rows do not have, with the nearest one', () => {
    expect(check({ primary: 'finsh' })).toEqual([
      expect.objectContaining({ path: '/blocks/0/card/primary', word: 'finsh', suggestion: 'finish' }),
    ]);
  });

  it('names a misspelt key of the card', () => {
    expect(check({ feilds: ['state'] })).toEqual([
      expect.objectContaining({ path: '/blocks/0/card', message: 'unknown property "feilds"', suggestion: 'fields' }),
    ]);
  });
});
