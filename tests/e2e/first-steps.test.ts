// What a new operator or admin meets first: a screen their roles do not grant says 403, the English sign-in page
// reads as English, every sidebar label reads whole (in English, and in the dark theme), the demo's banners show,
// unlocking returns to the locked page, client secrets are masked, the bell has no always-empty tabs, and the
// third-party consent page logs no console error.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contrast } from '../../src/theme/contrast';
import { type ConsoleServer, newPage, type OpenConsole, openConsole, signIn } from './harness';

let opened: OpenConsole;
let server: ConsoleServer;
let browser: Browser;

beforeAll(async () => {
  // The simulated provider's button and consent page are shown only where configuration enables it.
  opened = await openConsole({ env: { SOCIAL_PROVIDERS: 'simulator' }, signIn: false });
  ({ server, browser } = opened);
});

afterAll(() => opened?.close());

async function freshPage(): Promise<Page> {
  return (await newPage(browser, server)).page;
}

describe('forbidden screens', () => {
  it('shows the operator the 403 page for a screen its roles do not grant, and 404 for one that does not exist', async () => {
    const page = await freshPage();
    await signIn(page, { username: 'operator', password: 'operator' });
    // The screen is drawn while the menu is on its way, so its list is asked for and refused: the 403 page says so,
    // no message says it again. The menu is held back until the refusal has come, so it comes first every time.
    const refused = page.waitForResponse((response) => response.url().includes('/api/blade-system/menu/lazy-list'));
    await page.route('**/api/blade-system/menu/routes', async (route) => {
      await refused;
      await route.continue();
    });
    await page.goto('/system/menu');
    await page.getByText('抱歉,你无权访问该页面').waitFor();
    expect((await refused).status()).toBe(403);
    await page.unroute('**/api/blade-system/menu/routes');
    expect(await page.locator('.ant-message-notice').count()).toBe(0);
    // Said inside the console: the address asked, the menu and the header still there.
    expect(new URL(page.url()).pathname).toBe('/system/menu');
    await page.getByRole('button', { name: '账户' }).waitFor();
    await page.goto('/system/nothing-here');
    await page.waitForURL('**/404');
    await page.context().close();
  });
});

describe('the English sign-in page', () => {
  it('spaces the sign-in button only in Chinese, and names the simulated provider in English', async () => {
    const page = await freshPage();
    await page.goto('/login');
    const submit = page.locator('.login-submit').first();
    expect(await submit.evaluate((button) => getComputedStyle(button).letterSpacing)).toBe('4px');
    await page.getByRole('button', { name: 'English' }).click();
    await page.getByRole('button', { name: 'Sign in' }).first().waitFor();
    expect(await submit.evaluate((button) => getComputedStyle(button).letterSpacing)).toBe('normal');
    await page.getByRole('link', { name: 'Simulated sign-in' }).waitFor();
    expect(await page.getByText('模拟登录').count()).toBe(0);
    await page.context().close();
  });
});

describe('the signed-in console', () => {
  it('reads every English sidebar label whole at 1366 px: a long one wraps onto a second line, none is cut', async () => {
    const page = await freshPage();
    await signIn(page);
    await page.getByRole('button', { name: '语言' }).click();
    await page.getByRole('menuitem', { name: 'English' }).click();
    // One group is open at a time: each screen opens the groups above it, which show their entries.
    const cut = new Set<string>();
    for (const screen of ['/business/equ', '/business/approval', '/business/customer', '/system/param']) {
      await page.goto(screen);
      await page.locator('.console-sider .ant-menu-item-selected').waitFor();
      const seen = await page.locator('.console-sider .console-menu-label').evaluateAll((labels) =>
        labels
          .filter((label) => label.getClientRects().length > 0)
          .map((label) => ({
            text: label.textContent ?? '',
            whole: [label, label.parentElement as Element].every((box) => box.scrollWidth <= box.clientWidth),
          })),
      );
      // The premise: the labels that did not fit on one line are there, on screen.
      expect(seen.map((label) => label.text)).toEqual(
        expect.arrayContaining(screen === '/system/param' ? ['Business dictionaries'] : ['Sites & equipment']),
      );
      for (const label of seen) if (!label.whole) cut.add(label.text);
    }
    expect([...cut]).toEqual([]);
    await page.context().close();
  });

  it('draws the open group holding the current screen readably in the dark theme', async () => {
    const page = await freshPage();
    await signIn(page);
    await page.evaluate(() =>
      localStorage.setItem(
        'ride-theme-name',
        JSON.stringify({ content: 'theme-dark', dataType: 'string', datetime: 0 }),
      ),
    );
    await page.goto('/system/param');
    const title = page.locator('.console-sider .ant-menu-submenu-selected > .ant-menu-submenu-title').first();
    await title.waitFor();
    const { color, background } = await title.evaluate((element) => {
      let under: Element | null = element;
      while (under && /rgba\(0, 0, 0, 0\)|transparent/.test(getComputedStyle(under).backgroundColor)) {
        under = under.parentElement;
      }
      return {
        color: getComputedStyle(element).color,
        background: under ? getComputedStyle(under).backgroundColor : '',
      };
    });
    // The premise: the dark theme's sidebar, near black.
    expect(background).toBe('rgb(20, 20, 20)');
    expect(contrast(color, background)).toBeGreaterThanOrEqual(4.5);
    await page.context().close();
  });

  it("shows the demo's banners: each image is a file the console serves", async () => {
    const page = await freshPage();
    await signIn(page);
    const answers: number[] = [];
    page.on('response', (response) => {
      if (new URL(response.url()).pathname.startsWith('/demo/')) answers.push(response.status());
    });
    await page.goto('/business/banner');
    const images = page.locator('tr.ant-table-row img');
    await expect.poll(() => images.count()).toBe(2);
    await expect
      .poll(() => images.evaluateAll((all) => all.map((image) => (image as HTMLImageElement).naturalWidth > 0)))
      .toEqual([true, true]);
    expect(answers).toEqual([200, 200]);
    await page.context().close();
  });

  it('returns to the locked page after unlocking', async () => {
    const page = await freshPage();
    await signIn(page);
    await page.goto('/system/param?from=lock');
    await page.locator('.ant-table-row').first().waitFor();
    await page.getByRole('button', { name: '锁屏' }).click();
    await page.getByRole('dialog').getByPlaceholder('请输入锁屏密码').fill('1234');
    await page
      .getByRole('dialog')
      .getByRole('button', { name: /确\s*定/ })
      .click();
    await page.waitForURL('**/lock');
    await page.getByPlaceholder('请输入锁屏密码').fill('1234');
    await page.getByRole('button', { name: /解\s*锁/ }).click();
    await page.waitForURL((url) => url.pathname === '/system/param' && url.search === '?from=lock');
    await page.locator('.ant-table-row').first().waitFor();
    await page.context().close();
  });

  it('masks client secrets in the list, and reveals one to a person who may edit clients', async () => {
    const page = await freshPage();
    await signIn(page);
    await page.goto('/system/client');
    const saber = page.locator('tr.ant-table-row', { hasText: 'saber' });
    await saber.getByText('••••••••').waitFor();
    expect(await page.locator('.ant-table-tbody').getByText('saber_secret').count()).toBe(0);
    await saber.getByRole('button', { name: '显示' }).click();
    await saber.getByText('saber_secret').waitFor();
    await page.context().close();
  });

  it('lists notices under the bell without mail and message tabs that are always empty', async () => {
    const page = await freshPage();
    await signIn(page);
    await page.getByRole('button', { name: '通知' }).click();
    const tabs = page.locator('.ant-popover .ant-tabs-tab');
    await tabs.first().waitFor();
    expect(await tabs.allInnerTexts()).toEqual([expect.stringMatching(/^通知 \(\d+\)$/)]);
    await page.context().close();
  });

  it('knows the server’s length limit before saving, and shows server refusals in English on the English screen', async () => {
    const page = await freshPage();
    await signIn(page);
    await page.goto('/system/param');
    await page.getByRole('button', { name: /^新\s*增$/ }).click();
    const dialog = page.locator('.ant-modal').last();
    const value = dialog.getByLabel('参数键值');
    await value.fill('长'.repeat(3000));
    await value.blur();
    await dialog.getByText('参数键值长度不能超过 2000 个字符').waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: '语言' }).click();
    await page.getByRole('menuitem', { name: 'English' }).click();
    await page.getByRole('button', { name: 'Add' }).click();
    await dialog.getByLabel('Name').fill('Initial password again');
    await dialog.getByLabel('Key').fill('account.initPassword');
    await dialog.getByLabel('Value').fill('123456');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByText('This parameter key already exists').waitFor();
    await page.context().close();
  });

  it('opens the third-party consent page without a console error', async () => {
    const page = await freshPage();
    const errors: string[] = [];
    page.on('console', (message) => {
      // The browser asks every page for /favicon.ico; that 404 is not the page's doing.
      if (message.type() === 'error' && !message.text().startsWith('Failed to load resource'))
        errors.push(message.text());
    });
    await page.goto('/login');
    await page.getByRole('link', { name: '模拟登录' }).click();
    await page.locator('#uuid').fill('e2e-first-steps');
    await page.locator('#uuid').evaluate((input: HTMLInputElement) => input.checkValidity());
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
