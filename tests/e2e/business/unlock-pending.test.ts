// An unlock takes seconds on a real NB-IoT platform: here the lock simulator answers after 1.7 s, and the console
// shows the unlock as under way (the confirm stays open, its button loading) and sends one command however often the
// operator taps.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type OpenConsole, openConsole } from '../harness';

let opened: OpenConsole;
let page: Page;

beforeAll(async () => {
  opened = await openConsole({ env: { LOCK_SIMULATOR_DELAY_MS: '1700' } });
  ({ page } = opened);
});

afterAll(() => opened?.close());

describe('a slow unlock', () => {
  it('shows the unlock under way and refuses a second tap until the lock has answered', async () => {
    const sent: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/nb/unlock') sent.push(request.url());
    });
    await page.goto('/business/equ');
    await page.getByPlaceholder('请输入设备编号').first().fill('BJ11-0002');
    await page
      .locator('form')
      .first()
      .getByRole('button', { name: /^搜\s*索$/ })
      .click();
    const row = page.locator('tr.ant-table-row', { hasText: 'BJ11-0002' });
    await expect.poll(() => page.locator('tr.ant-table-row').count()).toBe(1);
    await row.getByRole('button', { name: /^开\s*锁$/ }).click();
    const confirm = page.locator('.ant-modal-confirm');
    await confirm.getByText('确定远程开锁设备 BJ11-0002?').waitFor();
    const ok = confirm.getByRole('button', { name: /确\s*定/ });
    await ok.click();
    // While the lock has not answered: the confirm is still there, its button loading, and a second tap sends nothing.
    await confirm.locator('.ant-btn-loading').waitFor();
    expect(sent).toHaveLength(1);
    await ok.click({ force: true });
    await ok.click({ force: true });
    await page.locator('.ant-message').getByText('开锁成功').waitFor();
    await confirm.waitFor({ state: 'detached' });
    expect(sent).toHaveLength(1);
    expect(await page.locator('.ant-message').getByText('锁已处于开启状态,无需重复开锁').count()).toBe(0);
  });
});
