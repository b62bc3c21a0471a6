// A chart block: the rows of one call as a line, bar or pie chart, names in the console's language, amounts in yuan.
import { act, render, screen, waitFor } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chartOption } from '../../../runtime/blocks/chart/option';
import { DefinitionScreen } from '../../../runtime/page/DefinitionPage';
import type { ChartBlock, Label } from '../../../runtime/schema/types';
import { validateDefinition } from '../../../runtime/schema/validate';
import { fakeServer, i18n, Providers } from '../support';

let server: ReturnType<typeof fakeServer>;

const income: ChartBlock = {
  type: 'chart',
  kind: 'line',
  title: { zh: '近七日收入', en: 'Income, last 7 days' },
  api: '/api/blade-system/order/daily',
  params: { days: 7 },
  category: { field: 'day', label: { zh: '日期', en: 'Day' } },
  series: [
    { field: 'income', label: { zh: '收入', en: 'Income' }, format: 'money' },
    { field: 'orders', label: { zh: '订单数', en: 'Orders' }, format: 'count' },
  ],
};

const byState: ChartBlock = {
  type: 'chart',
  kind: 'pie',
  api: '/api/blade-system/order/by-state',
  category: { field: 'state', format: { name: 'dict', code: 'order_status' } },
  series: [{ field: 'orders', label: { zh: '订单数', en: 'Orders' } }],
};

const page = (...blocks: ChartBlock[]) => ({ id: 'order/trend', title: { zh: '趋势', en: 'Trend' }, blocks });

const show = (definition: unknown) =>
  render(
    <Providers provider={server.provider}>
      <DefinitionScreen definition={definition} file="pages/order/trend.json" />
    </Providers>,
  );

// jsdom lays nothing out; the chart reads its width from its holder as a browser would give it.
const width = Object.getOwnPropertyDescriptor(Element.prototype, 'clientWidth') as PropertyDescriptor;
beforeAll(() => Object.defineProperty(Element.prototype, 'clientWidth', { configurable: true, get: () => 600 }));
afterAll(() => Object.defineProperty(Element.prototype, 'clientWidth', width));

const zh = (l: Label | undefined) => (l && 'zh' in l ? l.zh : '');

describe('chart block', () => {
  it('draws the rows of one call with the series named in the chosen language', async () => {
    server = fakeServer({
      'GET /api/blade-system/order/daily': () => [
        { day: '11-21', income: 123456, orders: 1200 },
        { day: '11-22', income: 98000, orders: 950 },
      ],
    });
    const { container } = show(page(income));
    expect(await screen.findByText('近七日收入')).toBeTruthy();
    // The first chart waits for echarts to load.
    await waitFor(() => expect(container.querySelector('svg')?.textContent).toContain('收入'), { timeout: 15000 });
    expect(container.querySelector('svg')?.textContent).toContain('11-22');
    expect(server.calls[0].query).toEqual({ days: '7' });
    await act(() => i18n.changeLanguage('en'));
    await waitFor(() => expect(container.querySelector('svg')?.textContent).toContain('Income'));
    expect(screen.getByText('Income, last 7 days')).toBeTruthy();
    await act(() => i18n.changeLanguage('zh'));
  });

  it('shows amounts as yuan on the axis and in the tooltip, each series in its own format', () => {
    const colours = {
      text: '#e8e8e8',
      secondary: '#a6a6a6',
      line: '#303030',
      tooltip: '#1f1f1f',
      area: '#262626',
      point: '#1677ff',
    };
    const rows = [{ day: '11-21', income: 123456, orders: 1200 }];
    const option = chartOption(income, rows, ['11-21'], zh, 'zh', colours) as {
      legend: { textStyle: { color: string } };
      yAxis: { axisLabel: { formatter: (v: number) => string; color: string } };
      series: { name: string; data: number[]; tooltip: { valueFormatter: (v: number) => string } }[];
    };
    expect(option.yAxis.axisLabel.formatter(123456)).toBe('1,234.56');
    // The dark theme's text colours, so the legend and axes stay readable on it.
    expect(option.legend.textStyle.color).toBe('#e8e8e8');
    expect(option.yAxis.axisLabel.color).toBe('#a6a6a6');
    expect(option.series.map((s) => s.name)).toEqual(['收入', '订单数']);
    expect(option.series[0].data).toEqual([123456]);
    expect(option.series[0].tooltip.valueFormatter(98000)).toBe('980.00');
    expect(option.series[1].tooltip.valueFormatter(1200)).toBe('1,200');
  });

  it("names a pie's slices through the category's formatter (a dictionary)", async () => {
    server = fakeServer({
      'GET /api/blade-system/order/by-state': () => ({
        records: [
          { state: 1, orders: 3 },
          { state: 3, orders: 9 },
        ],
      }),
      'GET /api/blade-system/dict/dictionary': () => [
        { dictKey: '1', dictValue: '使用中' },
        { dictKey: '3', dictValue: '已完成' },
      ],
    });
    const { container } = show(page(byState));
    await waitFor(() => expect(container.querySelector('svg')?.textContent).toContain('已完成'), { timeout: 15000 });
    expect(container.querySelector('svg')?.textContent).toContain('使用中');
  });

  it('says what the chart and each of its series count, beside their names, on keyboard focus', async () => {
    server = fakeServer({
      'GET /api/blade-system/order/daily': () => [{ day: '11-21', income: 123456, orders: 1200 }],
    });
    const explained: ChartBlock = {
      ...income,
      definition: { zh: '今天和之前六天', en: 'Today and the six days before' },
      series: [
        { ...income.series[0], definition: { zh: '当天记入商户账户的金额', en: 'What the merchant account gained' } },
        income.series[1],
      ],
    };
    show(page(explained));
    const mark = await screen.findByRole('button', { name: '收入的口径' });
    // The series without a definition has no mark; the title has its own.
    expect(screen.queryByRole('button', { name: '订单数的口径' })).toBeNull();
    act(() => mark.focus());
    expect((await screen.findByRole('tooltip')).textContent).toBe('当天记入商户账户的金额');
    act(() => mark.blur());
    act(() => screen.getByRole('button', { name: '近七日收入的口径' }).focus());
    await waitFor(() =>
      expect(screen.getAllByRole('tooltip').map((tip) => tip.textContent)).toContain('今天和之前六天'),
    );
  });

  it('names a misspelt series definition and the word meant', () => {
    const misspelt = { ...income.series[0], definiton: { zh: '收入', en: 'Income' } };
    const broken = page({ ...income, series: [misspelt] });
    expect(validateDefinition(broken)).toContainEqual(
      expect.objectContaining({ path: '/blocks/0/series/0', suggestion: 'definition' }),
    );
  });

  it('names the path of an unknown category format', () => {
    const broken = page({ ...byState, category: { field: 'state', format: 'colour' } });
    expect(validateDefinition(broken)[0]).toMatchObject({
      path: '/blocks/0/category/format',
      message: 'unknown formatter "colour"',
    });
  });
});
