// The home dashboard's blocks: stats cards compared with yesterday and left out when the server leaves a figure out,
// and a map chart placing each site at its coordinates with a tooltip naming it.
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import home from '../../../pages/wel/index.json';
import { mapOption } from '../../../runtime/blocks/chart/map-option';
import { DefinitionScreen } from '../../../runtime/page/DefinitionPage';
import type { ChartBlock, Label } from '../../../runtime/schema/types';
import { validateDefinition } from '../../../runtime/schema/validate';
import { fakeServer, Providers } from '../support';

let server: ReturnType<typeof fakeServer>;

const colours = { text: '#000', secondary: '#666', line: '#ddd', tooltip: '#fff', area: '#eee', point: '#1677ff' };
const zh = (l: Label | undefined) => (l && 'zh' in l ? l.zh : '');

describe('stats cards on the dashboard', () => {
  it("show today's figure over yesterday's with an arrow, and leave out what the server left out", async () => {
    server = fakeServer({
      'GET /api/blade-system/home/data': () => ({
        today: { day: '2026-11-23', orders: 5, revenue: 300000, refunds: 1, refundAmount: 500 },
        yesterday: { day: '2026-11-22', orders: 7, revenue: 100000, refunds: 1, refundAmount: 800 },
        activeRentals: 2,
        newCustomers: null,
        equipment: null,
        pendingWithdrawals: null,
        openFaults: null,
      }),
      'GET /api/blade-system/home/seven': () => [],
      'GET /api/blade-system/home/map': () => [],
    });
    expect(validateDefinition(home)).toEqual([]);
    render(
      <Providers provider={server.provider}>
        <DefinitionScreen definition={home} file="pages/wel/index.json" />
      </Providers>,
    );
    expect(await screen.findByText('3,000.00')).toBeTruthy();
    const orders = screen.getByText('今日订单').closest('.stat-card') as HTMLElement;
    expect(orders.textContent).toContain('昨日 7');
    expect(orders.querySelector('[aria-label="down"]')).toBeTruthy();
    const revenue = screen.getByText('今日收入').closest('.stat-card') as HTMLElement;
    expect(revenue.querySelector('[aria-label="up"]')).toBeTruthy();
    expect(screen.queryByText('新增客户')).toBeNull();
    expect(screen.queryByText('设备在线')).toBeNull();
  });
});

describe('map chart', () => {
  const map: ChartBlock = {
    type: 'chart',
    kind: 'map',
    api: '/api/blade-system/home/map',
    category: { field: 'siteName' },
    position: { longitude: 'longitude', latitude: 'latitude' },
    series: [
      { field: 'orders', label: { zh: '近30天订单', en: 'Orders, 30 days' }, format: 'count' },
      { field: 'revenue', label: { zh: '近30天收入', en: 'Revenue, 30 days' }, format: 'money' },
    ],
  };
  const rows = [
    { siteName: '湖滨银泰', longitude: 120.16, latitude: 30.25, orders: 400, revenue: 123456 },
    { siteName: '<b>浙大儿院</b>', longitude: 120.2, latitude: 30.19, orders: 100, revenue: 0 },
  ];

  it('places each row at its coordinates, the busiest largest, and names it in the tooltip', () => {
    const option = mapOption(
      map,
      rows,
      rows.map((row) => row.siteName),
      zh,
      'zh',
      colours,
    ) as {
      geo: { map: string };
      series: Array<{ data: Array<{ value: number[] }>; symbolSize: (value: number[]) => number }>;
      tooltip: { formatter: (point: { dataIndex: number; seriesType: string }) => string };
    };
    expect(option.geo.map).toBe('china');
    const [points] = option.series;
    expect(points.data.map((point) => point.value)).toEqual([
      [120.16, 30.25, 400],
      [120.2, 30.19, 100],
    ]);
    expect(points.symbolSize(points.data[0].value)).toBeGreaterThan(points.symbolSize(points.data[1].value));
    const tip = option.tooltip.formatter({ dataIndex: 0, seriesType: 'scatter' });
    expect(tip).toContain('湖滨银泰');
    expect(tip).toContain('近30天订单: 400');
    expect(tip).toContain('近30天收入: 1,234.56');
    // A stored name is shown as text, never as markup.
    expect(option.tooltip.formatter({ dataIndex: 1, seriesType: 'scatter' })).toContain('&lt;b&gt;浙大儿院');
  });
});
