// Sign-in with captcha mode on, and with a phone and SMS code: the answers are read from the test database, where
// the server keeps them.
import Database from 'better-sqlite3';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type ConsoleServer, type OpenConsole, openConsole, screenshot } from './harness';

let opened: OpenConsole;
let server: ConsoleServer;
let page: Page;

beforeAll(async () => {
  opened = await openConsole({ captcha: true, signIn: false });
  ({ server, page } = opened);
});

afterEach(async ({ task }) => {
  if (task.result?.state === 'fail') await screenshot(page, `failed-${task.name.replace(/\W+/g, '-').slice(0, 60)}`);
});

afterAll(() => opened?.close());

/** Waits for the captcha the page shows and reads its answer from the server's table. */
async function shownCaptchaAnswer(target: Page, after?: string): Promise<{ key: string; code: string }> {
  const answer = target.waitForResponse(
    (response) => response.url().includes('/oauth/captcha') && response.status() === 200,
  );
  if (after) await target.getByRole('button', { name: '看不清?点击刷新' }).click();
  const { key } = (await (await answer).json()) as { key: string };
  expect(key).not.toBe(after);
  return { key, code: captchaAnswer(key) };
}

/** The answer of the captcha `key`, as the server keeps it. */
function captchaAnswer(key: string): string {
  const db = new Database(server.databaseFile, { readonly: true });
  try {
    const row = db.prepare('select code from blade_captcha where captcha_key = ?').get(key) as { code: string };
    return row.code;
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

describe('phone sign-in', () => {
  const phone = '13987654321';

  /** Opens the phone tab and answers the captcha it shows, which a code is asked for with. */
  async function openPhoneTab(): Promise<string> {
    // The account tab's own captcha first, so that the one awaited below is the phone tab's.
    await page.getByAltText('验证码').waitFor();
    const shown = page.waitForResponse(
      (response) => response.url().includes('/oauth/captcha') && response.status() === 200,
    );
    await page.getByRole('tab', { name: '手机号登录' }).click();
    const { key } = (await (await shown).json()) as { key: string };
    return captchaAnswer(key);
  }

  function smsCode(): string | undefined {
    const db = new Database(server.databaseFile, { readonly: true });
    try {
      const row = db.prepare('select code from blade_sms_code where phone = ?').get(phone) as
        | { code: string }
        | undefined;
      return row?.code;
    } finally {
      db.close();
    }
  }

  it('tells a visitor only that texted codes are unavailable while no SMS config is in use', async () => {
    const signedIn = await page.evaluate(() => localStorage.getItem('ride-token'));
    await page.evaluate(() => localStorage.removeItem('ride-token'));
    await page.goto('/login');
    const captcha = await openPhoneTab();
    await page.getByPlaceholder('请输入手机号码').fill(phone);
    await page.getByPlaceholder('请输入验证码').fill(captcha);
    await page.getByRole('button', { name: '获取验证码' }).click();
    await page.getByText('短信验证码暂时无法发送, 请使用账号密码登录').waitFor();
    expect(await page.getByText(/短信配置/).count()).toBe(0);
    await page.evaluate((token) => localStorage.setItem('ride-token', token ?? ''), signedIn);
  });

  it('checks the number, sends a code through the SMS adapter and signs in with it', async () => {
    // Set-up through the product's own API, as an administrator would: an SMS config in use and the admin's phone.
    const token = await page.evaluate(() => JSON.parse(localStorage.getItem('ride-token') ?? 'null')?.content);
    const call = async (path: string, body?: unknown) => {
      const response = await fetch(`${server.url}${path}`, {
        method: 'POST',
        headers: {
          Authorization: `Basic ${btoa('saber:saber_secret')}`,
          'Blade-Auth': `bearer ${token}`,
          'Content-Type': 'application/json',
        },
        body: JSON.stringify(body ?? {}),
      });
      expect(response.status, path).toBe(200);
    };
    const config = { category: 3, smsCode: 'e2e-sms', templateId: 'SMS_1', accessKey: 'key', signName: '骑乐' };
    await call('/api/blade-resource/sms/submit', config);
    const list = await fetch(`${server.url}/api/blade-resource/sms/list?smsCode=e2e-sms`, {
      headers: { Authorization: `Basic ${btoa('saber:saber_secret')}`, 'Blade-Auth': `bearer ${token}` },
    });
    const { data } = (await list.json()) as { data: { records: { id: string }[] } };
    await call(`/api/blade-resource/sms/enable?id=${data.records[0].id}`);
    await call('/api/blade-user/update-info', { name: 'admin', phone });
    await page.evaluate(() => localStorage.clear());

    await page.goto('/login');
    const captcha = await openPhoneTab();
    await page.getByRole('button', { name: '获取验证码' }).click();
    await expect.poll(() => page.getByRole('alert').allTextContents()).toEqual(['手机号码不能为空']);
    await page.getByPlaceholder('请输入手机号码').fill('1398765');
    await page.getByRole('button', { name: '获取验证码' }).click();
    await expect.poll(() => page.getByRole('alert').allTextContents()).toEqual(['手机号码长度不为11位']);
    await page.getByPlaceholder('请输入手机号码').fill('02087654321');
    await page.getByRole('button', { name: '获取验证码' }).click();
    await expect.poll(() => page.getByRole('alert').allTextContents()).toEqual(['手机号码格式不正确']);

    await page.getByPlaceholder('请输入手机号码').fill(phone);
    await page.getByRole('button', { name: '获取验证码' }).click();
    // A text costs money: none is asked for without the captcha solved.
    await expect.poll(() => page.getByRole('alert').allTextContents()).toEqual(['请输入验证码']);
    await page.getByPlaceholder('请输入验证码').fill(captcha);
    await page.getByRole('button', { name: '获取验证码' }).click();
    await page.getByText('验证码已发送,请查收短信').waitFor();
    await expect.poll(smsCode).toMatch(/^\d{6}$/);
    await page.getByPlaceholder('请输入短信验证码').fill(smsCode()!);
    await page.getByRole('button', { name: /登\s*录/ }).click();
    await page.waitForURL('**/wel/index');
  });
});
