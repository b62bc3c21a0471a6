// What a report screen needs of a list, through the hospital report's own definition: a totals row in the columns'
// formats, ratios as percentages, a view of the row as listed (no detail call) with the orders behind it over the
// row's days; and the dashboard's way in: a card that links to its list, and a list that opens searched as its
// address says.
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import hosFile from '../../../pages/report/hos.json';
import { linkOf } from '../../../runtime/blocks/stats/StatsBlock';
import { clearDictionaries } from '../../../runtime/data/dictionary';
import { DefinitionScreen } from '../../../runtime/page/DefinitionPage';
import { resolveFromFiles } from '../../../runtime/page/definitions';
import { fakeServer, Providers, pageOf } from '../support';

let server: ReturnType<typeof fakeServer>;

const wards = [
  {
    id: '9:儿科一病区',
    siteId: '9',
    siteName: '浙大儿院',
    ward: '儿科一病区',
    beds: 2,
    rentals: 3,
    minutes: 150,
    hours: 2.5,
    utilisation: 0.026,
    revenue: 1500,
    refunds: 1,
    refundAmount: 500,
    startDate: '2026-11-01',
    endDate: '2026-11-02',
  },
  {
    id: '9:新生儿科',
    siteId: '9',
    siteName: '浙大儿院',
    ward: '新生儿科',
    beds: 1,
    rentals: 1,
    minutes: 6,
    hours: 0.1,
    utilisation: 0.002,
    revenue: 1000,
    refunds: 0,
    refundAmount: 0,
    startDate: '2026-11-01',
    endDate: '2026-11-02',
  },
];

// The report's order list extends pages/_shared/order.json: the screen draws the file as the console reads it, merged.
let hos: unknown;
beforeAll(async () => {
  hos = await resolveFromFiles(hosFile, 'report/hos');
});

const show = (definition: unknown, file: string) =>
  render(
    <Providers provider={server.provider}>
      <DefinitionScreen definition={definition} file={file} />
    </Providers>,
  );

// The screen goes first: a cell still drawn would ask again for the dictionary just forgotten, from this test's server.
afterEach(() => {
  cleanup();
  window.history.replaceState(null, '', '/');
  clearDictionaries();
});

describe('a report list', () => {
  it('adds up the figures under the table, in their formats, and shows ratios as percentages', async () => {
    server = fakeServer({ 'GET /api/blade-system/hos/report': () => wards });
    show(hos, 'pages/report/hos.json');
    const row = (await screen.findByText('儿科一病区')).closest('tr') as HTMLElement;
    expect(within(row).getByText('2.6%')).toBeTruthy();
    expect(within(row).getByText('15.00')).toBeTruthy();
    const totals = document.querySelector('.ant-table-summary') as HTMLElement;
    expect(within(totals).getByText('合计')).toBeTruthy();
    // 3 beds, 4 rentals, 2.6 hours (not 2.6000000000000001), ¥25.00 revenue, ¥5.00 refunded.
    for (const text of ['3', '4', '2.6', '25.00', '5.00']) expect(within(totals).getByText(text)).toBeTruthy();
  });

  it('sends the month searched as the report asks for it', async () => {
    server = fakeServer({ 'GET /api/blade-system/hos/report': () => wards });
    window.history.replaceState(null, '', '/report/hos?startDate=2026-11');
    show(hos, 'pages/report/hos.json');
    await screen.findByText('儿科一病区');
    expect(server.calls[0].query).toEqual({ month: '2026-11' });
  });

  it("views the row as listed, with the orders behind it over the row's days", async () => {
    server = fakeServer({
      'GET /api/blade-system/hos/report': () => wards,
      'GET /api/blade-system/hos/detail': ({ query }) =>
        pageOf([{ id: '1', outTradeNo: 'T0001', actAmount: 800, state: 3 }], query),
      'GET /api/blade-system/dict/dictionary': () => [{ dictKey: '3', dictValue: '已完成' }],
    });
    show(hos, 'pages/report/hos.json');
    const row = (await screen.findByText('新生儿科')).closest('tr') as HTMLElement;
    fireEvent.click(
      within(row)
        .getByText(/查\s*看/)
        .closest('button') as HTMLElement,
    );
    const drawer = (await screen.findByText('医院报表 - 查看')).closest('.ant-drawer') as HTMLElement;
    expect(await within(drawer).findByText('T0001')).toBeTruthy();
    expect(within(drawer).getByText('8.00')).toBeTruthy();
    expect(server.calls.some((call) => call.path.endsWith('/hos/row') || call.query.id)).toBe(false);
    const nested = server.calls.find((call) => call.path.endsWith('/hos/detail'));
    expect(nested?.query).toMatchObject({
      siteId: '9',
      ward: '新生儿科',
      startDate: '2026-11-01',
      endDate: '2026-11-02',
      current: '1',
    });
  });
});

const orders = {
  id: 'business/order',
  title: { zh: '订单管理', en: 'Orders' },
  blocks: [
    {
      type: 'list',
      api: { list: '/api/blade-system/order/list' },
      toolbar: ['refresh', 'search'],
      columns: [
        { field: 'outTradeNo', label: { zh: '商户订单号', en: 'Order no.' }, search: true },
        { field: 'state', label: { zh: '订单状态', en: 'State' }, dict: 'order_status', search: true },
        { field: 'createTime', label: { zh: '下单时间', en: 'Ordered' }, format: 'datetime', search: true },
      ],
    },
  ],
};

describe('a list opened from an address', () => {
  it('starts searched as the address says, the search panel showing it, and 清空 empties it', async () => {
    server = fakeServer({
      'GET /api/blade-system/order/list': ({ query }) => pageOf([{ id: '1', outTradeNo: 'T0001', state: 1 }], query),
      'GET /api/blade-system/dict/dictionary': () => [
        { dictKey: '1', dictValue: '使用中' },
        { dictKey: '3', dictValue: '已完成' },
      ],
    });
    window.history.replaceState(null, '', '/business/order?state=1&createTime=2026-11-23,2026-11-23&other=x');
    show(orders, 'pages/business/order.json');
    await screen.findByText('T0001');
    expect(server.calls.find((call) => call.path.endsWith('/order/list'))?.query).toEqual({
      state_equal: '1',
      createTime_dategt: '2026-11-23',
      createTime_datelt: '2026-11-23',
      current: '1',
      size: '10',
    });
    const panel = document.querySelector('.crud-search') as HTMLElement;
    // The dictionary and the date picker load after the list.
    expect(await within(panel).findByText('使用中', {}, { timeout: 15000 })).toBeTruthy();
    await waitFor(
      () => expect((within(panel).getByPlaceholderText('开始日期') as HTMLInputElement).value).toBe('2026-11-23'),
      { timeout: 15000 },
    );
    fireEvent.click(
      within(panel)
        .getByText(/清\s*空/)
        .closest('button') as HTMLElement,
    );
    await waitFor(() => expect(server.calls.at(-1)?.query).toEqual({ current: '1', size: '10' }));
    expect(within(panel).queryByText('使用中')).toBeNull();
  });
});

describe('a stats card with a link', () => {
  const card = {
    field: 'today.orders',
    label: { zh: '今日订单', en: 'Orders today' },
    link: {
      path: '/business/order',
      query: { createTime: { cat: [{ var: 'today.day' }, ',', { var: 'today.day' }] }, state: 1, empty: { var: 'x' } },
    },
  };

  it('links to the list searched with values from its answer', () => {
    expect(linkOf(card, { today: { day: '2026-11-23', orders: 5 } })).toBe(
      '/business/order?createTime=2026-11-23%2C2026-11-23&state=1',
    );
    expect(linkOf({ ...card, link: { path: '/business/problem' } }, {})).toBe('/business/problem');
  });

  it('opens its list in the address on a click; a card without a link is no link', async () => {
    server = fakeServer({
      'GET /api/blade-system/home/data': () => ({ today: { day: '2026-11-23', orders: 5 }, openFaults: 2 }),
    });
    const moves: string[] = [];
    const listen = () => moves.push(`${window.location.pathname}${window.location.search}`);
    window.addEventListener('popstate', listen);
    show(
      {
        id: 'wel/index',
        title: { zh: '首页', en: 'Home' },
        blocks: [
          {
            type: 'stats',
            api: '/api/blade-system/home/data',
            cards: [card, { field: 'openFaults', label: { zh: '待处理故障', en: 'Faults' } }],
          },
        ],
      },
      'pages/wel/index.json',
    );
    await screen.findByText('5');
    expect(screen.getByText('2').closest('a')).toBeNull();
    await act(async () => fireEvent.click(screen.getByText('今日订单').closest('a') as HTMLElement));
    window.removeEventListener('popstate', listen);
    expect(moves).toEqual(['/business/order?createTime=2026-11-23%2C2026-11-23&state=1']);
  });
});
