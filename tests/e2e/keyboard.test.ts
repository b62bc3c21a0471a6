// An operator's day without a mouse: sign in, move through the menu and the tags, search a list, open a row's view,
// edit a row through its form, delete one through its confirm, each dialog holding the focus while open, naming itself,
// closing on Esc and giving the focus back; toasts land in a live region; the focus ring reads in a light and the dark
// theme (tests/src/theme-contrast.test.ts checks the colours it is drawn in for all eleven).
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contrast } from '../../src/theme/contrast';
import { seriousViolations } from './a11y/axe';
import { type OpenConsole, openConsole } from './harness';
import { adminToken, post } from './pages/api';

let opened: OpenConsole;
let page: Page;

beforeAll(async () => {
  opened = await openConsole({
    signIn: false,
    prepare: async (server) => {
      const token = await adminToken(server.url);
      for (const key of ['kbd.first', 'kbd.second']) {
        await post(server.url, token, '/api/blade-system/param/submit', {
          paramName: `键盘参数 ${key}`,
          paramKey: key,
          paramValue: 'one',
        });
      }
    },
  });
  ({ page } = opened);
});

afterAll(() => opened?.close());

interface Focused {
  tag: string;
  role: string;
  name: string;
  placeholder: string;
  inDialog: boolean;
  /** In the sidebar, not the header's top menus (also a role="menu"). */
  inSider: boolean;
  mark: string;
}

const focused = (): Promise<Focused> =>
  page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    return {
      tag: element?.tagName.toLowerCase() ?? '',
      role: element?.getAttribute('role') ?? '',
      // A focused tag also holds the tabs component's hidden "Tab 2 of 3".
      name: (element?.getAttribute('aria-label') ?? element?.textContent ?? '')
        .replace(/Tab \d+ of \d+/, '')
        .replace(/\s+/g, ''),
      placeholder: element?.getAttribute('placeholder') ?? '',
      inDialog: Boolean(element?.closest('[role="dialog"]')),
      inSider: Boolean(element?.closest('.console-sider')),
      mark: element?.dataset.mark ?? '',
    };
  });

/** Presses `key` until the focused element is the one looked for. */
async function pressUntil(key: string, wanted: (element: Focused) => boolean, what: string): Promise<void> {
  for (let step = 0; step < 80; step += 1) {
    if (wanted(await focused())) return;
    await page.keyboard.press(key);
  }
  throw new Error(`${key} never reached ${what}; focus is on ${JSON.stringify(await focused())}`);
}

/** Marks the focused element, so the test can tell the focus came back to that very element. */
const mark = (name: string) =>
  page.evaluate((name) => {
    (document.activeElement as HTMLElement).dataset.mark = name;
  }, name);

/** The open dialog's accessible name: the text of what its aria-labelledby points to. */
const dialogName = () =>
  page.evaluate(() => {
    const dialogs = [...document.querySelectorAll('[role="dialog"]')].filter((dialog) => dialog.checkVisibility());
    const id = dialogs.at(-1)?.getAttribute('aria-labelledby');
    return id ? (document.getElementById(id)?.textContent ?? '') : '';
  });

/**
 * Tabbing on through an open dialog never reaches the page behind it. Past the dialog's last control the browser may
 * take the focus out of the document (to its own toolbar) for one step; from there it comes back to the dialog.
 */
async function holdsFocus(): Promise<void> {
  const visited: string[] = [];
  for (let step = 0; step < 12; step += 1) {
    await page.keyboard.press('Tab');
    const element = await focused();
    visited.push(element.inDialog ? 'dialog' : element.tag);
    expect(element.inDialog || element.tag === 'body').toBe(true);
  }
  expect(visited.filter((where) => where === 'dialog').length).toBeGreaterThanOrEqual(6);
}

const row = (text: string) => page.locator('tr.ant-table-row', { hasText: text });

describe('the keyboard alone', () => {
  it('signs in', async () => {
    await page.goto('/login');
    await pressUntil('Tab', (element) => element.placeholder === '请输入账号', 'the account field');
    await page.keyboard.type('admin');
    await pressUntil('Tab', (element) => element.placeholder === '请输入密码', 'the password field');
    await page.keyboard.type('admin');
    await page.keyboard.press('Enter');
    await page.waitForURL('**/wel/index');
  });

  it('opens 参数管理 through the menu', async () => {
    // The sidebar's menu takes the focus as a whole; the arrows move within it.
    await page.locator('.console-sider [role="menu"]').first().waitFor();
    await pressUntil('Tab', (element) => element.role === 'menu' && element.inSider, 'the menu');
    await pressUntil('ArrowDown', (element) => element.name === '系统管理', '系统管理');
    // Enter opens the group (a second Enter would close it again, as when this test is tried once more).
    const entry = page.locator('.console-sider .ant-menu-item', { hasText: '参数管理' });
    if (!(await entry.isVisible())) await page.keyboard.press('Enter');
    // The arrows skip a group's entries until it has opened.
    await entry.waitFor();
    await pressUntil('ArrowDown', (element) => element.name === '参数管理', '参数管理');
    await page.keyboard.press('Enter');
    await page.waitForURL('**/system/param');
    await row('kbd.first').waitFor();
  });

  it('moves between the tags with the arrows and opens one with Enter', async () => {
    await pressUntil('Tab', (element) => element.role === 'tab', 'the tags');
    expect((await focused()).name).toBe('参数管理');
    await page.keyboard.press('ArrowLeft');
    expect((await focused()).name).toBe('首页');
    await page.keyboard.press('Enter');
    await page.waitForURL('**/wel/index');
    await page.locator('.console-content .ant-statistic').first().waitFor();
    await page.waitForLoadState('networkidle');
    await expect.poll(async () => (await focused()).name).toBe('首页');
    await page.keyboard.press('ArrowRight');
    await expect.poll(async () => (await focused()).name).toBe('参数管理');
    await page.keyboard.press('Enter');
    await page.waitForURL('**/system/param');
    await row('kbd.first').waitFor();
  });

  it('searches the list', async () => {
    await pressUntil('Tab', (element) => element.placeholder === '请输入参数键名', 'the key search field');
    await page.keyboard.type('kbd.');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.locator('tr.ant-table-row').count()).toBe(2);
  });

  it("opens a row's view, which holds the focus, names itself and gives the focus back on Esc", async () => {
    await pressUntil('Tab', (element) => element.name === '查看', 'the first row’s 查看');
    await mark('view');
    await page.keyboard.press('Enter');
    await page.locator('.ant-modal input[disabled]').first().waitFor();
    await expect.poll(async () => (await focused()).inDialog).toBe(true);
    expect(await dialogName()).toContain('查看');
    expect(await seriousViolations(page, 'zh /system/param view dialog')).toEqual([]);
    await holdsFocus();
    await page.keyboard.press('Escape');
    await page.locator('.ant-modal').waitFor({ state: 'hidden' });
    await expect.poll(async () => (await focused()).mark).toBe('view');
  });

  it('edits the row through its form; the toast is announced', async () => {
    await pressUntil('Tab', (element) => element.name === '编辑', 'the row’s 编辑');
    await mark('edit');
    await page.keyboard.press('Enter');
    await expect.poll(dialogName).toContain('编辑');
    await pressUntil('Tab', (element) => element.placeholder === '请输入参数键值', 'the value field');
    await expect.poll(() => page.evaluate(() => (document.activeElement as HTMLInputElement).value)).toBe('one');
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type('two');
    expect(await seriousViolations(page, 'zh /system/param edit dialog')).toEqual([]);
    await holdsFocus();
    await pressUntil('Tab', (element) => element.name === '保存', '保存');
    await page.keyboard.press('Enter');
    await page.locator('[role="status"] .ant-message-notice', { hasText: '更新成功' }).waitFor();
    await page.locator('.ant-modal').waitFor({ state: 'hidden' });
    await expect.poll(() => row('two').count()).toBe(1);
    await expect.poll(async () => (await focused()).mark).toBe('edit');
  });

  it('deletes the row through its confirm, which Esc dismisses first', async () => {
    await pressUntil('Tab', (element) => element.name === '删除', 'the row’s 删除');
    await mark('delete');
    await page.keyboard.press('Enter');
    const confirm = page.locator('.ant-modal-confirm');
    await confirm.getByText('确定将选择数据删除?').waitFor();
    await expect.poll(async () => (await focused()).inDialog).toBe(true);
    expect(await dialogName()).toBe('提示');
    expect(await seriousViolations(page, 'zh /system/param delete confirm')).toEqual([]);
    await page.keyboard.press('Escape');
    await confirm.waitFor({ state: 'detached' });
    await expect.poll(async () => (await focused()).mark).toBe('delete');
    await page.keyboard.press('Enter');
    await confirm.getByText('确定将选择数据删除?').waitFor();
    await expect.poll(async () => (await focused()).name).toBe('确定');
    await page.keyboard.press('Enter');
    await page.locator('[role="status"] .ant-message-notice', { hasText: '删除成功' }).waitFor();
    await expect.poll(() => page.locator('tr.ant-table-row').count()).toBe(1);
  });
});

/** The focused element's ring: its width, and its contrast with what it is drawn on. */
const ring = () =>
  page.evaluate(() => {
    const element = document.activeElement as HTMLElement;
    const style = getComputedStyle(element);
    let under: Element | null = element.parentElement;
    while (under && /rgba\(0, 0, 0, 0\)|transparent/.test(getComputedStyle(under).backgroundColor)) {
      under = under.parentElement;
    }
    return {
      width: Number.parseFloat(style.outlineWidth),
      style: style.outlineStyle,
      color: style.outlineColor,
      background: under ? getComputedStyle(under).backgroundColor : 'rgb(255, 255, 255)',
    };
  });

describe('the focus ring', () => {
  it('is drawn at 3:1 or more on the list, the tags and the header, in the default and the dark theme', async () => {
    for (const name of ['theme-default', 'theme-dark']) {
      await page.evaluate((name) => {
        localStorage.setItem('ride-theme-name', JSON.stringify({ content: name, dataType: 'string', datetime: 0 }));
      }, name);
      await page.goto('/system/param');
      await page.locator('tr.ant-table-row').first().waitFor();
      // Focused from the script: with no mouse used, the browser shows the ring as it does for the keyboard.
      for (const [what, target] of [
        ['the header', page.locator('.top-bar button[aria-label^="语言"]')],
        ['a tag', page.locator('.tag-tabs [role="tab"][aria-selected="true"]')],
        ['a row button', page.locator('tr.ant-table-row').first().getByRole('button', { name: '编辑' })],
      ] as const) {
        await target.focus();
        const { width, style, color, background } = await ring();
        const seen = { theme: name, what, style, wide: width >= 2, readable: contrast(color, background) >= 3 };
        expect(seen).toEqual({ theme: name, what, style: 'solid', wide: true, readable: true });
      }
    }
  });
});
