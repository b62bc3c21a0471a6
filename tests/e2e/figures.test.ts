// One day and one site read from the screens that count it, as an operator checks a figure: the dashboard narrowed to
// the site, the order list the card opens, and the hospital report, each figure's definition read where it is shown.
// The dashboard's 今日订单实收 and the order list's 实收金额 agree to the cent; 今日收入 counts money by the day it
// moved, and its definition names what makes it differ; the hospital report counts beds only, and says so.
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
/** The value of the card (or the order list's header card) titled `title`, as shown: `1,881.50`. */
const cardValue = (title: string) =>
  content()
    .locator('.ant-statistic')
    .filter({ has: page.getByText(title, { exact: true }) })
    .locator('.ant-statistic-content-value')
    .textContent();
const yuan = (cents: number) =>
  `${new Intl.NumberFormat('zh-CN').format(Math.trunc(cents / 100))}.${String(Math.abs(cents) % 100).padStart(2, '0')}`;

interface Day {
  day: string;
  orders: number;
  revenue: number;
  charged: number;
}
interface Site {
  siteId: string;
  siteName: string;
  siteKind: number;
  orders: number;
}

describe('one day and one site on every screen', () => {
  let site: Site;
  let day: Day;

  beforeAll(async () => {
    // A hospital with orders today, the one a site manager would check.
    const sites = await get<Site[]>(server.url, token, '/api/blade-system/home/map');
    const today = await Promise.all(
      sites
        .filter((one) => one.siteKind === 2)
        .map(async (one) => ({
          one,
          day: (await get<{ today: Day }>(server.url, token, `/api/blade-system/home/data?siteId=${one.siteId}`)).today,
        })),
    );
    const busy = today.filter((entry) => entry.day.orders > 0).sort((a, b) => b.day.orders - a.day.orders)[0];
    expect(busy, 'a hospital with orders today').toBeDefined();
    ({ one: site, day } = busy);
  });

  it('narrows the dashboard to the site, and each card says what it counts', async () => {
    await page.goto('/wel/index');
    await content().getByText('今日订单实收', { exact: true }).waitFor();
    const everywhere = await cardValue('今日订单');
    const choice = content().getByLabel('站点', { exact: true });
    await choice.click();
    await choice.fill(site.siteName);
    await page.locator('.ant-select-item-option', { hasText: site.siteName }).first().click();
    await content()
      .getByRole('button', { name: /^搜\s*索$/ })
      .click();
    await expect.poll(() => cardValue('今日订单')).toBe(String(day.orders));
    expect(Number(everywhere?.replace(/,/g, ''))).toBeGreaterThanOrEqual(day.orders);
    await expect(cardValue('今日订单实收')).resolves.toBe(yuan(day.charged));
    await expect(cardValue('今日收入')).resolves.toBe(yuan(day.revenue));

    // Reached by the keyboard, as by the pointer: the definition of 今日收入 names what it counts and why it differs.
    const mark = content().getByRole('button', { name: '今日收入的口径' });
    await mark.focus();
    const tip = page.getByRole('tooltip');
    await expect.poll(() => tip.textContent()).toContain('按钱进出的时间统计');
    await expect(tip.textContent()).resolves.toContain('今日订单实收');
    await screenshot(page, 'figures-dashboard-site');
    await mark.blur();

    // A chart's series says the same under the chart: the revenue line is 今日收入 day by day.
    const chart = content().locator('.ant-card', { has: page.getByText('近七日收入', { exact: true }) });
    const line = chart.getByRole('button', { name: '收入的口径', exact: true });
    await line.scrollIntoViewIfNeeded();
    await line.focus();
    await expect.poll(() => tip.textContent()).toContain('当天记入商户账户的订单金额');
    await expect(tip.textContent()).resolves.toContain('今天的点就是“今日收入”');
    await screenshot(page, 'figures-dashboard-series');
    await line.blur();
  });

  it("opens the order list on the same day and site, whose 实收金额 is the card's", async () => {
    await content()
      .locator('.stat-card', { has: page.getByText('今日订单实收', { exact: true }) })
      .locator('.ant-statistic-content')
      .click();
    await page.waitForURL(/\/business\/order\?/);
    const address = new URL(page.url());
    expect(address.searchParams.get('siteId')).toBe(site.siteId);
    expect(address.searchParams.get('createTime')).toBe(`${day.day},${day.day}`);
    await content().getByText(`共 ${day.orders} 条`).waitFor();
    await expect.poll(() => cardValue('实收金额')).toBe(yuan(day.charged));
    await expect(cardValue('订单总数')).resolves.toBe(String(day.orders));
    await screenshot(page, 'figures-order-list');
  });

  it('reads the hospital report of that site: beds only, as its columns say, and the orders behind it', async () => {
    const month = day.day.slice(0, 7);
    const rows = await get<
      Array<{ siteId: string; ward: string; rentals: number; startDate: string; endDate: string }>
    >(server.url, token, `/api/blade-system/hos/report?month=${month}&siteId=${site.siteId}`);
    expect(rows.length).toBeGreaterThan(0);
    await page.goto(`/report/hos?startDate=${month}`);
    const table = content().locator('.ant-table');
    await table.locator('tr', { hasText: rows[0].ward }).first().waitFor();
    const mark = content().getByRole('button', { name: '租用次数的口径' });
    await mark.focus();
    await expect.poll(() => page.getByRole('tooltip').textContent()).toContain('只统计陪护床');
    await screenshot(page, 'figures-hos-report');
    await mark.blur();
    // The report's rentals are the bed orders behind each ward; the order list of the hospital holds them and more.
    const orders = await get<{ total: number }>(
      server.url,
      token,
      `/api/blade-system/order/list?siteId_equal=${site.siteId}&createTime_datege=${rows[0].startDate}&createTime_datele=${rows[0].endDate}&size=1`,
    );
    let rentals = 0;
    for (const row of rows) {
      const behind = await get<{ total: number }>(
        server.url,
        token,
        `/api/blade-system/hos/detail?siteId=${site.siteId}&ward=${encodeURIComponent(row.ward)}&startDate=${row.startDate}&endDate=${row.endDate}&size=1`,
      );
      expect(behind.total).toBe(row.rentals);
      rentals += row.rentals;
    }
    expect(orders.total).toBeGreaterThanOrEqual(rentals);
  });
});
