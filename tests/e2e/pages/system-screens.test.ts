// Every system screen is a page definition (or a custom view) that opens against the real server: rows or an empty
// table, no definition error, no failed list call; and the add dialog of each opens with its fields.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type OpenConsole, openConsole, signIn } from '../harness';

const SCREENS = [
  '/system/user',
  '/system/dept',
  '/system/post',
  '/system/dict',
  '/system/dictbiz',
  '/system/menu',
  '/system/topmenu',
  '/system/param',
  '/system/client',
  '/base/region',
  '/authority/role',
  '/authority/datascope',
  '/authority/apiscope',
  '/resource/oss',
  '/resource/sms',
  '/resource/attach',
  '/desk/notice',
  '/monitor/log/usual',
  '/monitor/log/api',
  '/monitor/log/error',
  '/monitor/log/audit',
];

let opened: OpenConsole;
let page: Page;
const failures: string[] = [];

beforeAll(async () => {
  opened = await openConsole({ signIn: false });
  ({ page } = opened);
  // Listening before the sign-in: a failure on the way to the home tab counts too.
  page.on('response', (response) => {
    if (response.url().includes('/api/') && response.status() >= 400)
      failures.push(`${response.status()} ${response.url()}`);
  });
  page.on('pageerror', (error) => failures.push(error.message));
  await signIn(page);
});

afterAll(() => opened?.close());

describe('system screens', () => {
  for (const path of SCREENS) {
    it(`${path} lists its records`, async () => {
      failures.length = 0;
      await page.goto(path);
      await page.locator('.ant-table-tbody').first().waitFor();
      await page.waitForLoadState('networkidle');
      expect(await page.getByText('页面定义有误').count()).toBe(0);
      expect(failures).toEqual([]);
      const add = page.getByRole('button', { name: /^新\s*增$/ });
      if ((await add.count()) > 0) {
        await add.first().click();
        const dialog = page.locator('.ant-modal').last();
        await dialog.locator('input, textarea').first().waitFor();
        await page.waitForLoadState('networkidle');
        expect(failures).toEqual([]);
        await dialog
          .locator('.ant-modal-footer')
          .getByRole('button', { name: /^取\s*消$/ })
          .click();
      }
    });
  }
});

describe('tree screens', () => {
  it('opens a menu row to load its children', async () => {
    await page.goto('/system/menu');
    const system = page.locator('tr.ant-table-row', { hasText: '/system' }).first();
    await system.locator('.ant-table-row-expand-icon').click();
    await page.locator('tr.ant-table-row', { hasText: '/system/param' }).waitFor();
  });

  it('opens a province to load its cities', async () => {
    await page.goto('/base/region');
    const beijing = page.locator('tr.ant-table-row', { hasText: '北京市' }).first();
    await beijing.locator('.ant-table-row-expand-icon').click();
    await expect.poll(() => page.locator('tr.ant-table-row-level-1').count()).toBeGreaterThan(0);
  });
});
