// The home dashboard and the hospital report against the real server, its demo operation and a few thousand demo
// orders, in Chinese and in English: the figures (each a way into its list), the two seven-day charts, the map of
// sites, and the report with its totals, its export and the orders behind a ward, photographed
// (tests/e2e/screenshots/dashboard-*.png, hos-report-*.png).
import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/platform/db/index';
import { addDemoOrders } from '../../server/seed/demo-history';
import { type ConsoleServer, type OpenConsole, openConsole, screenshot } from './harness';
import { adminToken, get } from './pages/api';

let opened: OpenConsole;
let server: ConsoleServer;
let page: Page;
let token: string;

beforeAll(async () => {
  opened = await openConsole({
    prepare: async (server) => {
      // The demo history the figures count: the generator's orders, written beside the running server.
      const { db, close } = openDatabase(server.databaseFile);
      await addDemoOrders(db, 3000);
      await close();
      token = await adminToken(server.url);
    },
  });
  ({ server, page } = opened);
});

afterAll(() => opened?.close());

const content = () => page.locator('.console-content');

/** Every chart drawn: the two seven-day charts and the map, each an svg with its marks. */
async function chartsDrawn() {
  await page.waitForLoadState('networkidle');
  await expect.poll(() => content().locator('.ant-card svg:not([data-icon])').count(), { timeout: 30_000 }).toBe(3);
  await expect
    .poll(() => content().locator('.ant-card svg:not([data-icon]) path').count(), { timeout: 30_000 })
    .toBeGreaterThan(30);
}

describe('home dashboard', () => {
  it("shows today's figures against yesterday, the charts and the map in Chinese", async () => {
    await content().getByText('今日订单', { exact: true }).waitFor();
    for (const title of ['今日收入', '今日退款', '租用中', '设备在线', '设备利用率', '待审核提现', '待处理故障'])
      await expect(content().getByText(title).first().isVisible()).resolves.toBe(true);
    expect(await content().getByText(/昨日/).count()).toBeGreaterThan(0);
    for (const title of ['近七日订单', '近七日收入', '站点分布(近30天)']) await content().getByText(title).waitFor();
    await chartsDrawn();
    await screenshot(page, 'dashboard-zh');
    await content().getByText('站点分布(近30天)').scrollIntoViewIfNeeded();
    await screenshot(page, 'dashboard-zh-map');
  });

  it("opens today's orders from the order count, the search showing the day", async () => {
    const figures = await get<{ today: { day: string; orders: number } }>(server.url, token, HOME_DATA);
    expect(figures.today.orders).toBeGreaterThan(0);
    await page.goto('/wel/index');
    // The card is the link; its title's info mark only explains the figure.
    await content()
      .locator('.stat-card', { has: page.getByText('今日订单', { exact: true }) })
      .locator('.ant-statistic-content')
      .click();
    await page.waitForURL(/\/business\/order\?createTime=/);
    await content().getByText(`共 ${figures.today.orders} 条`).waitFor();
    // The picker itself (exact: not the plain stand-in it replaces once loaded).
    const day = (placeholder: string) => content().getByPlaceholder(placeholder, { exact: true }).inputValue();
    await expect(day('开始日期')).resolves.toBe(figures.today.day);
    await expect(day('结束日期')).resolves.toBe(figures.today.day);
    await screenshot(page, 'dashboard-order-link');
  });
});

const HOME_DATA = '/api/blade-system/home/data';

interface WardRow {
  siteId: string;
  siteName: string;
  ward: string;
  rentals: number;
  revenue: number;
  startDate: string;
  endDate: string;
}

const dayText = (daysAgo: number) => {
  const day = new Date(Date.now() - daysAgo * 86_400_000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${day.getFullYear()}-${pad(day.getMonth() + 1)}-${pad(day.getDate())}`;
};
const yuan = (cents: number) => `${Math.trunc(cents / 100)}.${String(Math.abs(cents) % 100).padStart(2, '0')}`;

describe('hospital report', () => {
  // This month, as finance asks for it, picked on the screen's month picker; the address carries it as a link would.
  const month = dayText(0).slice(0, 7);
  let rows: WardRow[];

  beforeAll(async () => {
    rows = await get<WardRow[]>(server.url, token, `/api/blade-system/hos/report?month=${month}`);
  });

  it('shows each ward over the month searched, with the totals, and exports them', async () => {
    expect(rows.length).toBeGreaterThan(1);
    expect(rows.some((row) => row.rentals > 0)).toBe(true);
    await page.goto('/report/hos');
    const picker = content().getByLabel('统计月份');
    await picker.click();
    await picker.fill(month);
    await picker.press('Enter');
    await content()
      .getByRole('button', { name: /^搜\s*索$/ })
      .click();
    const table = content().locator('.ant-table');
    const first = table.locator('tr', { hasText: rows[0].ward }).first();
    await first.waitFor();
    await expect(first.textContent()).resolves.toContain(yuan(rows[0].revenue));
    const totals = table.locator('.ant-table-summary');
    await expect(totals.textContent()).resolves.toContain('合计');
    const revenue = rows.reduce((sum, row) => sum + row.revenue, 0);
    await expect(totals.textContent()).resolves.toContain(yuan(revenue));
    await expect(content().getByLabel('统计月份').inputValue()).resolves.toBe(month);
    expect(rows[0]).toMatchObject({ startDate: `${month}-01` });
    await screenshot(page, 'hos-report-zh');

    const [download] = await Promise.all([page.waitForEvent('download'), content().getByLabel('导出').click()]);
    // Named with the period searched; amounts as numbers in yuan, summed in a totals row.
    expect(download.suggestedFilename()).toBe(`医院报表 ${month}.xlsx`);
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile(await download.path());
    const sheet = book.worksheets[0];
    expect(sheet.getRow(1).values).toEqual(expect.arrayContaining(['医院', '病区', '床位数', '使用率', '收入']));
    expect(sheet.rowCount).toBe(rows.length + 2);
    const wards = sheet.getColumn(2).values.slice(2, rows.length + 2);
    expect(wards).toEqual(rows.map((row) => row.ward));
    const revenues = sheet.getColumn(7).values.slice(2, rows.length + 2);
    expect(revenues).toEqual(rows.map((row) => row.revenue / 100));
    const summed = sheet.getRow(rows.length + 2);
    expect(summed.getCell(1).value).toBe('合计');
    expect((summed.getCell(7).value as { result: number }).result).toBeCloseTo(revenue / 100, 2);
  });

  it('lists the orders behind a ward in its view', async () => {
    const busy = rows.find((row) => row.rentals > 0) as WardRow;
    const behind = await get<{ records: Array<{ outTradeNo: string }>; total: number }>(
      server.url,
      token,
      `/api/blade-system/hos/detail?siteId=${busy.siteId}&ward=${encodeURIComponent(busy.ward)}&startDate=${busy.startDate}&endDate=${busy.endDate}`,
    );
    expect(behind.total).toBe(busy.rentals);
    const row = content().locator('.ant-table-row', { hasText: busy.siteName }).filter({ hasText: busy.ward }).first();
    await row.getByRole('button', { name: /查\s*看/ }).click();
    const drawer = page.locator('.ant-drawer', { hasText: '租用订单' });
    await drawer.getByText(behind.records[0].outTradeNo).waitFor();
    await drawer.getByText(`共 ${busy.rentals} 条`).waitFor();
    await screenshot(page, 'hos-report-zh-view');
    await drawer
      .locator('.ant-drawer-footer')
      .getByRole('button', { name: /关\s*闭/ })
      .click();
  });

  it('reads in English', async () => {
    await page.getByRole('button', { name: '语言' }).click();
    await page.getByRole('menuitem', { name: 'English' }).click();
    await page.goto(`/report/hos?startDate=${month}`);
    for (const title of ['Hospital', 'Ward', 'Beds', 'Utilisation', 'Revenue', 'Total'])
      await content().getByText(title, { exact: true }).first().waitFor();
    await screenshot(page, 'hos-report-en');
  });

  it('reads the dashboard in English after switching the language', async () => {
    await page.goto('/wel/index');
    await content().getByText('Orders today').waitFor();
    for (const title of ['Revenue today', 'Equipment online', 'Orders, last 7 days', 'Sites, last 30 days'])
      await content().getByText(title).waitFor();
    await chartsDrawn();
    await screenshot(page, 'dashboard-en');
    await content().getByText('Sites, last 30 days').scrollIntoViewIfNeeded();
    await screenshot(page, 'dashboard-en-map');
  });
});
