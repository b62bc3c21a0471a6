// Formatters as a person sees them: money in yuan, dictionary labels fetched once per code for every row and column,
// enum colours, dates; and search values turned into BladeX filters.
import { render, screen } from '@testing-library/react';
import dayjs from 'dayjs';
import { beforeEach, describe, expect, it } from 'vitest';
import { searchFieldsOf } from '../../runtime/crud/fields';
import { clearDictionaries } from '../../runtime/data/dictionary';
import { submitRecord, toQuery } from '../../runtime/data/provider';
import { formatMoney } from '../../runtime/format/money';
import { DefinitionScreen } from '../../runtime/page/DefinitionPage';
import { fakeServer, listPage, Providers, pageOf } from './support';

let server: ReturnType<typeof fakeServer>;

describe('money', () => {
  it('shows cents as yuan with 2 decimals, and -1 as 0 where the definition says so', () => {
    expect(formatMoney(12345)).toBe('123.45');
    expect(formatMoney(0)).toBe('0.00');
    expect(formatMoney(-1, { negativeAsZero: true })).toBe('0.00');
    expect(formatMoney(-1)).toBe('-0.01');
    expect(formatMoney(-1, { unsetAsEmpty: true })).toBe('');
    expect(formatMoney('')).toBe('');
  });
});

describe('search filters', () => {
  it('sends a date range as createTime_dategt / createTime_datelt in yyyy-MM-dd, a number range as _ge / _le, a linked row as _equal', () => {
    const label = { zh: '字段', en: 'Field' };
    const query = toQuery(
      searchFieldsOf([
        { field: 'createTime', label, format: 'datetime', search: true },
        { field: 'amount', label, format: 'money', search: true },
        { field: 'state', label, dict: 'order_status', search: true },
        { field: 'name', label, search: 'text' },
        {
          field: 'siteId',
          label,
          format: { name: 'lookup', url: '/api/blade-system/site/list', labelField: 'siteName' },
          search: true,
        },
      ]),
      {
        createTime: [dayjs('2026-01-02 10:00'), dayjs('2026-01-31')],
        amount: [100, undefined],
        state: '1',
        name: '',
        siteId: '12',
      },
    );
    expect(query).toEqual({
      createTime_dategt: '2026-01-02',
      createTime_datelt: '2026-01-31',
      amount_ge: 100,
      state_equal: '1',
      siteId_equal: '12',
    });
  });
});

const orders = {
  id: 'business/sample',
  title: { zh: '订单', en: 'Orders' },
  api: { list: '/api/blade-system/order/list' },
  toolbar: ['refresh'],
  columns: [
    { field: 'outTradeNo', label: { zh: '商户订单号', en: 'Order no.' } },
    { field: 'totalAmount', label: { zh: '总金额', en: 'Total' }, format: { name: 'money', negativeAsZero: true } },
    { field: 'state', label: { zh: '状态', en: 'State' }, dict: 'order_status' },
    { field: 'lastState', label: { zh: '上次状态', en: 'Last state' }, dict: 'order_status' },
    {
      field: 'refund',
      label: { zh: '退款', en: 'Refund' },
      format: {
        name: 'enum',
        values: {
          '0': { label: { zh: '处理中', en: 'Processing' }, color: 'blue' },
          '1': { label: { zh: '已完成', en: 'Completed' }, color: 'green' },
          '2': { label: { zh: '退款关闭', en: 'Closed' } },
        },
        other: { label: { zh: '退款异常', en: 'Abnormal' }, color: 'red' },
      },
    },
    { field: 'startTime', label: { zh: '开始', en: 'Start' }, format: 'date' },
  ],
};

beforeEach(() => clearDictionaries());

describe('formatted list', () => {
  it('formats every row and fetches the dictionary once for all rows and columns', async () => {
    const rows = Array.from({ length: 5 }, (_, i) => ({
      id: String(i),
      outTradeNo: `NO${i}`,
      totalAmount: i === 0 ? -1 : 1999,
      state: i % 2,
      lastState: 1,
      refund: i === 4 ? 9 : i % 3,
      startTime: '2026-03-04 05:06:07',
    }));
    server = fakeServer({
      'GET /api/blade-system/order/list': ({ query }) => pageOf(rows, query),
      'GET /api/blade-system/dict/dictionary': () => [
        { dictKey: '0', dictValue: '进行中' },
        { dictKey: '1', dictValue: '已结束' },
      ],
    });
    render(
      <Providers provider={server.provider}>
        <DefinitionScreen definition={listPage(orders)} file="pages/business/sample.json" />
      </Providers>,
    );
    await screen.findByText('NO0');
    expect(screen.getByText('0.00')).toBeTruthy();
    expect(screen.getAllByText('19.99').length).toBe(4);
    expect((await screen.findAllByText('已结束')).length).toBe(7);
    expect(screen.getAllByText('进行中').length).toBe(3);
    expect(screen.getByText('退款异常').closest('.ant-tag')?.className).toContain('red');
    expect(screen.getAllByText('2026-03-04').length).toBe(5);
    expect(server.calls.filter((c) => c.path.endsWith('/dictionary')).length).toBe(1);
  });
});

describe('after a dictionary changes', () => {
  it('shows the new label: a write to a dictionary makes the labels read so far stale', async () => {
    let label = '已结束';
    server = fakeServer({
      'GET /api/blade-system/order/list': ({ query }) => pageOf([{ id: '1', outTradeNo: 'NO1', state: 1 }], query),
      'GET /api/blade-system/dict/dictionary': () => [{ dictKey: '1', dictValue: label }],
      'POST /api/blade-system/dict/submit': () => true,
    });
    render(
      <Providers provider={server.provider}>
        <DefinitionScreen definition={listPage(orders)} file="pages/business/sample.json" />
      </Providers>,
    );
    expect(await screen.findByText('已结束')).toBeTruthy();
    label = '已完成';
    await submitRecord(server.provider, '/api/blade-system/dict/submit', { id: '9', dictValue: '已完成' });
    expect(await screen.findByText('已完成')).toBeTruthy();
    expect(server.calls.filter((c) => c.path.endsWith('/dictionary')).length).toBe(2);
  });
});

describe('links to other rows', () => {
  it("shows the linked rows' names from the other list, read once for every row, and numbers with units", async () => {
    const faults = {
      id: 'business/sample',
      title: { zh: '问题', en: 'Problems' },
      api: { list: '/api/blade-system/problem/list' },
      toolbar: ['refresh'],
      columns: [
        { field: 'description', label: { zh: '问题描述', en: 'Description' } },
        {
          field: 'siteIds',
          label: { zh: '站点', en: 'Sites' },
          format: { name: 'lookup', url: '/api/blade-system/site/list', labelField: 'siteName' },
        },
        {
          field: 'minutes',
          label: { zh: '时长', en: 'Minutes' },
          format: { name: 'number', unit: { zh: '分钟', en: 'min' } },
        },
      ],
    };
    server = fakeServer({
      'GET /api/blade-system/problem/list': ({ query }) =>
        pageOf(
          [
            { id: '1', description: '锁打不开', siteIds: '11', minutes: 30 },
            { id: '2', description: '车轮卡住', siteIds: '11,12', minutes: -1 },
            { id: '3', description: '座椅脏了', siteIds: '99', minutes: 0 },
          ],
          query,
        ),
      'GET /api/blade-system/site/list': ({ query }) =>
        pageOf(
          [
            { id: '11', siteName: '万达广场' },
            { id: '12', siteName: '儿童医院' },
          ],
          query,
        ),
    });
    render(
      <Providers provider={server.provider}>
        <DefinitionScreen definition={listPage(faults)} file="pages/business/sample.json" />
      </Providers>,
    );
    expect(await screen.findByText('万达广场')).toBeTruthy();
    expect(screen.getByText('万达广场、儿童医院')).toBeTruthy();
    expect(screen.getByText('99')).toBeTruthy();
    expect(screen.getByText('30 分钟')).toBeTruthy();
    expect(screen.getByText('0 分钟')).toBeTruthy();
    expect(screen.queryByText('-1')).toBeNull();
    const lookups = server.calls.filter((c) => c.path.endsWith('/site/list'));
    expect(lookups.length).toBe(1);
    expect(lookups[0]?.query.size).toBe('1000');
  });
});
