// The layout in a real browser: the sidebar's own icons, a menu entry framing an outside address, and the narrow
// window where the sidebar opens over a shade that closes it.
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type ConsoleServer, type OpenConsole, openConsole, screenshot } from './harness';
import { adminToken, post } from './pages/api';

let opened: OpenConsole;
let server: ConsoleServer;
let page: Page;

beforeAll(async () => {
  opened = await openConsole();
  ({ server, page } = opened);
});

afterEach(async ({ task }) => {
  if (task.result?.state === 'fail') await screenshot(page, `failed-${task.name.replace(/\W+/g, '-').slice(0, 60)}`);
});

afterAll(() => opened?.close());

const sider = (target: Page) => target.locator('.console-sider');
const groupTitle = (target: Page, name: string) =>
  target.locator('.console-sider .ant-menu-submenu-title', { hasText: name });

describe('sidebar icons', () => {
  it('shows each menu entry with the icon its menu row names', async () => {
    expect(await groupTitle(page, '系统管理').getByRole('img').getAttribute('aria-label')).toBe('setting');
    expect(await groupTitle(page, '资源管理').getByRole('img').getAttribute('aria-label')).toBe('cloud');
    await groupTitle(page, '资源管理').click();
    const attachments = page.locator('.console-sider .ant-menu-item', { hasText: '附件管理' });
    expect(await attachments.getByRole('img').getAttribute('aria-label')).toBe('paper-clip');
    await screenshot(page, 'sidebar');
  });
});

describe('framed pages', () => {
  it('opens a menu entry whose path is an http address inside the console', async () => {
    const address = `${server.url}/api/docs`;
    await post(server.url, await adminToken(server.url), '/api/blade-system/menu/submit', {
      parentId: 0,
      code: 'api_docs_frame',
      name: '接口文档',
      path: address,
      source: 'RocketOutlined',
      sort: 99,
      category: 1,
      action: 0,
      isOpen: 1,
    });
    await page.reload();
    const entry = page.locator('.console-sider .ant-menu-item', { hasText: '接口文档' });
    await expect.poll(() => entry.getByRole('img').getAttribute('aria-label')).toBe('rocket');
    await entry.click();
    await page.waitForURL('**/myiframe/urlPath?**');
    expect(new URL(page.url()).searchParams.get('src')).toBe(address);
    const frame = page.locator('iframe[title="接口文档"]');
    expect(await frame.getAttribute('src')).toBe(address);
    await expect.poll(() => page.title()).toBe('接口文档');
  });
});

describe('a list wider than the window', () => {
  /** Where the order list's fixed columns sit against its scroll box, and whether their shadows show. */
  const fixedColumns = (target: Page) =>
    target.evaluate(() => {
      const area = document.querySelector('.console-content .console-crud-table') as HTMLElement;
      const box = (area.querySelector('.ant-table-content') as HTMLElement).getBoundingClientRect();
      const header = [...area.querySelectorAll('thead th')];
      const cellsOf = (text: string) => {
        const column = header.findIndex((cell) => cell.textContent === text);
        const firstRow = area.querySelector('tbody tr.ant-table-row') as HTMLTableRowElement;
        return [header[column], firstRow.cells[column]].map((cell) => cell.getBoundingClientRect());
      };
      const [operationsHead, operationsCell] = cellsOf('操作');
      const [numberHead, numberCell] = cellsOf('商户订单号');
      const shadowOf = (side: string) => area.querySelector(`:scope > .console-fix-shadow-${side}`) as HTMLElement;
      const shadow = (side: string) => getComputedStyle(shadowOf(side)).boxShadow !== 'none';
      const [endShadow, startShadow] = ['end', 'start'].map((side) => shadowOf(side).getBoundingClientRect());
      return {
        operationsAtRight: Math.round(box.right - operationsHead.right),
        operationsAligned: operationsHead.left === operationsCell.left && operationsHead.width === operationsCell.width,
        numberAtLeft: Math.round(numberHead.left - box.left),
        numberAligned: numberHead.left === numberCell.left,
        shadowRight: shadow('end'),
        shadowLeft: shadow('start'),
        // Each shadow lies along its fixed column's inner edge, over the whole table box.
        shadowsAlong:
          Math.round(endShadow.right) === Math.round(operationsHead.left) &&
          Math.round(startShadow.left) === Math.round(numberHead.right) &&
          Math.round(endShadow.top) === Math.round(box.top) &&
          endShadow.bottom > operationsCell.bottom,
      };
    });

  it('keeps the order number at the left and the operations at the right, with their shadows, at 1366 wide', async () => {
    await page.setViewportSize({ width: 1366, height: 800 });
    await page.goto('/business/order');
    await page.locator('.console-content tr.ant-table-row').first().waitFor();
    const scroller = page.locator('.console-content .ant-table-content');
    expect(await scroller.evaluate((box) => box.scrollWidth > box.clientWidth)).toBe(true);
    expect(await scroller.getAttribute('tabindex')).toBe('0');
    await expect.poll(() => fixedColumns(page)).toMatchObject({ operationsAtRight: 0, shadowRight: true });
    expect(await fixedColumns(page)).toMatchObject({ numberAtLeft: 0, shadowLeft: false });

    await scroller.evaluate((box) => box.scrollTo({ left: 300 }));
    await expect.poll(() => fixedColumns(page)).toMatchObject({ shadowLeft: true, shadowRight: true });
    expect(await fixedColumns(page)).toMatchObject({
      shadowsAlong: true,
      operationsAtRight: 0,
      operationsAligned: true,
      numberAtLeft: 0,
      numberAligned: true,
    });
    await screenshot(page, 'order-list-scrolled');

    await scroller.evaluate((box) => box.scrollTo({ left: box.scrollWidth }));
    await expect.poll(() => fixedColumns(page)).toMatchObject({ shadowLeft: true, shadowRight: false });
    expect(await fixedColumns(page)).toMatchObject({ operationsAtRight: 0, numberAtLeft: 0 });
  });
});

describe('narrow window', () => {
  it('opens the sidebar over a shade, and a click on the shade folds it away', async () => {
    await page.setViewportSize({ width: 600, height: 800 });
    await page.goto('/wel/index');
    await expect.poll(async () => (await sider(page).boundingBox())?.width).toBe(0);
    expect(await page.locator('.console-shade').count()).toBe(0);
    await page.getByRole('button', { name: '展开菜单' }).click();
    await expect.poll(async () => (await sider(page).boundingBox())?.width).toBe(220);
    await page.locator('.console-shade').waitFor();
    await screenshot(page, 'narrow-sidebar');
    await page.locator('.console-shade').click({ position: { x: 500, y: 400 } });
    await expect.poll(async () => (await sider(page).boundingBox())?.width).toBe(0);
    expect(await page.locator('.console-shade').count()).toBe(0);
  });
});
