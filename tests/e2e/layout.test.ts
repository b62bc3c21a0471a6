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
