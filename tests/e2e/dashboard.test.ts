// The home dashboard against the real server and its demo data, in Chinese and in English: the figures, the two
// seven-day charts and the map of sites, photographed (tests/e2e/screenshots/dashboard-*.png).
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ConsoleServer, launchBrowser, newPage, screenshot, signIn, startServer } from './harness';

let server: ConsoleServer;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  ({ page } = await newPage(browser, server));
  await signIn(page);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const content = () => page.locator('.console-content');

/** Every chart drawn: the two seven-day charts and the map, each an svg with its marks. */
async function chartsDrawn() {
  await page.waitForLoadState('networkidle');
  await expect.poll(() => content().locator('.ant-card svg').count(), { timeout: 30_000 }).toBe(3);
  await expect.poll(() => content().locator('.ant-card svg path').count(), { timeout: 30_000 }).toBeGreaterThan(30);
}

describe('home dashboard', () => {
  it("shows today's figures against yesterday, the charts and the map in Chinese", async () => {
    await content().getByText('今日订单').waitFor();
    for (const title of ['今日收入', '今日退款', '租用中', '设备在线', '设备利用率', '待审核提现', '待处理故障'])
      await expect(content().getByText(title).first().isVisible()).resolves.toBe(true);
    expect(await content().getByText(/昨日/).count()).toBeGreaterThan(0);
    for (const title of ['近七日订单', '近七日收入', '站点分布(近30天)']) await content().getByText(title).waitFor();
    await chartsDrawn();
    await screenshot(page, 'dashboard-zh');
    await content().getByText('站点分布(近30天)').scrollIntoViewIfNeeded();
    await screenshot(page, 'dashboard-zh-map');
  });

  it('reads in English after switching the language', async () => {
    await page.getByRole('button', { name: '语言' }).click();
    await page.getByRole('menuitem', { name: 'English' }).click();
    await content().getByText('Orders today').waitFor();
    for (const title of ['Revenue today', 'Equipment online', 'Orders, last 7 days', 'Sites, last 30 days'])
      await content().getByText(title).waitFor();
    await chartsDrawn();
    await screenshot(page, 'dashboard-en');
    await content().getByText('Sites, last 30 days').scrollIntoViewIfNeeded();
    await screenshot(page, 'dashboard-en-map');
  });
});
