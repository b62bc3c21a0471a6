// Sign-in with captcha mode on: the answer is read from the test database, where the server keeps it.
import Database from 'better-sqlite3';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ConsoleServer, launchBrowser, newPage, startServer } from './harness';

let server: ConsoleServer;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  server = await startServer({ captcha: true });
  browser = await launchBrowser();
  ({ page } = await newPage(browser, server));
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** Waits for the captcha the page shows and reads its answer from the server's table. */
async function shownCaptchaAnswer(target: Page, after?: string): Promise<{ key: string; code: string }> {
  const answer = target.waitForResponse(
    (response) => response.url().includes('/oauth/captcha') && response.status() === 200,
  );
  if (after) await target.getByRole('button', { name: '看不清?点击刷新' }).click();
  const { key } = (await (await answer).json()) as { key: string };
  expect(key).not.toBe(after);
  const db = new Database(server.databaseFile, { readonly: true });
  try {
    const row = db.prepare('select code from blade_captcha where captcha_key = ?').get(key) as { code: string };
    return { key, code: row.code };
  } finally {
    db.close();
  }
}

describe('captcha mode', () => {
  it('refuses a wrong captcha, shows a new one, and signs in with the right answer', async () => {
    const first = page.waitForResponse((response) => response.url().includes('/oauth/captcha'));
    await page.goto('/login');
    const { key } = (await (await first).json()) as { key: string };
    await page.getByAltText('验证码').waitFor();

    await page.getByPlaceholder('请输入账号').fill('admin');
    await page.getByPlaceholder('请输入密码').fill('admin');
    await page.getByRole('button', { name: /登\s*录/ }).click();
    await expect.poll(() => page.getByRole('alert').allTextContents()).toEqual(['请输入验证码']);

    const refreshed = page.waitForResponse((response) => response.url().includes('/oauth/captcha'));
    await page.getByPlaceholder('请输入验证码').fill('zzzz');
    await page.getByRole('button', { name: /登\s*录/ }).click();
    await expect.poll(() => page.getByRole('alert').first().textContent()).toBe('验证码不正确');
    const { key: second } = (await (await refreshed).json()) as { key: string };
    expect(second).not.toBe(key);

    const { code } = await shownCaptchaAnswer(page, second);
    const sent = page.waitForRequest((request) => request.url().includes('/oauth/token'));
    await page.getByPlaceholder('请输入验证码').fill(code);
    await page.getByRole('button', { name: /登\s*录/ }).click();
    const request = await sent;
    expect(request.url()).toContain('grant_type=captcha');
    expect(request.headers()['captcha-code']).toBe(code);
    await page.waitForURL('**/wel/index');
  });
});
