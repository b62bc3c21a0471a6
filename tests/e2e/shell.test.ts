// The console shell in a real browser against the real server: sign-in to sign-out.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BrowserContext, Page, Request } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  type ConsoleServer,
  fillSignIn,
  type OpenConsole,
  openConsole,
  openSignIn,
  root,
  screenshot,
  signIn,
} from './harness';
import { adminToken, get, post } from './pages/api';

interface MenuNode {
  id: string;
  code: string;
  children?: MenuNode[];
}

let opened: OpenConsole;
let server: ConsoleServer;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  opened = await openConsole({ env: { SOCIAL_PROVIDERS: 'simulator' }, signIn: false });
  ({ server, context, page } = opened);
});

afterEach(async ({ task }) => {
  if (task.result?.state === 'fail') await screenshot(page, `failed-${task.name.replace(/\W+/g, '-').slice(0, 60)}`);
});

afterAll(() => opened?.close());

const tabs = (target: Page) => target.locator('.tag-tabs .tag-tab').allInnerTexts();
const storedToken = (target: Page) =>
  target.evaluate(() => JSON.parse(localStorage.getItem('ride-token') ?? 'null')?.content as string | undefined);

/** Opens a sidebar entry and waits until its page (and so its tab) is shown. */
async function openMenu(target: Page, group: string, item: string) {
  const groupItem = target.locator('.console-sider .ant-menu-submenu-title', { hasText: group });
  const leaf = target.locator('.console-sider .ant-menu-item', { hasText: item });
  if (!(await leaf.isVisible())) await groupItem.click();
  await leaf.click();
  // The title follows once the screen's code has loaded, which takes longer than a poll's default second under load.
  await expect.poll(() => target.title(), { timeout: 10_000 }).toBe(item);
}

describe('sign-in', () => {
  it('shows the server message for a wrong password and stays on /login', async () => {
    await page.goto('/login');
    expect(await page.title()).toBe('登录');
    await screenshot(page, 'sign-in');
    await fillSignIn(page, { password: 'not-the-password' });
    await expect.poll(() => page.getByRole('alert').first().textContent()).toBe('用户名或密码不正确');
    expect(page.url()).toContain('/login');
    expect(await storedToken(page)).toBeUndefined();
  });

  it('names the empty fields before sending anything', async () => {
    await page.goto('/login');
    await page.getByRole('button', { name: /登\s*录/ }).click();
    await expect.poll(() => page.getByRole('alert').allTextContents()).toEqual(['请输入账号', '请输入密码']);
  });

  it('signs in with the md5 password and opens the home tab', async () => {
    const sent: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/oauth/token')) sent.push(request.url());
    });
    await signIn(page);
    expect(sent[0]).toContain('password=21232f297a57a5a743894a0e4a801fc3');
    expect(sent[0]).not.toContain('password=admin&');
    expect(await storedToken(page)).toBeTruthy();
    await expect.poll(() => tabs(page)).toEqual(['首页']);
    await expect.poll(() => page.title()).toBe('首页');
    await screenshot(page, 'home');
  });

  it('sends a signed-in visitor of /login back into the console', async () => {
    await page.goto('/login');
    await page.waitForURL('**/wel/index');
  });
});

describe('menu and routes', () => {
  it('opens a list screen from the sidebar and keeps it after a reload of the deep link', async () => {
    await openMenu(page, '系统管理', '参数管理');
    await page.waitForURL('**/system/param');
    await page.getByRole('cell', { name: 'account.initPassword' }).waitFor();
    expect(await page.title()).toBe('参数管理');
    await screenshot(page, 'param-list');
    await page.reload();
    await page.getByRole('cell', { name: 'account.initPassword' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/system/param');
    await expect.poll(() => tabs(page)).toEqual(['首页', '参数管理']);
  });

  it('asks for the first page of a screen beside the menu, not after it', async () => {
    // The menu is held back until the parameter list has been asked for: drawn after the menu, it never would be.
    let listAsked: () => void = () => undefined;
    const asked = new Promise<void>((resolve) => {
      listAsked = resolve;
    });
    page.on('request', (request) => {
      if (request.url().includes('/api/blade-system/param/list')) listAsked();
    });
    await page.route('**/api/blade-system/menu/routes', async (route) => {
      await asked;
      await route.continue();
    });
    try {
      await page.reload();
      await page.getByRole('cell', { name: 'account.initPassword' }).waitFor();
      // The menu then names the screen as before.
      await expect.poll(() => page.title()).toBe('参数管理');
      await expect.poll(() => tabs(page)).toEqual(['首页', '参数管理']);
    } finally {
      await page.unroute('**/api/blade-system/menu/routes');
    }
  });

  it('sends a reloaded screen its menu, definition and first page before its code loads, each once', async () => {
    const asked: string[] = [];
    const onRequest = (request: Request) => {
      const url = new URL(request.url());
      if (url.pathname.startsWith('/api/')) asked.push(url.pathname + url.search);
    };
    page.on('request', onRequest);
    try {
      await page.reload();
      await page.getByRole('cell', { name: 'account.initPassword' }).waitFor();
      await expect.poll(() => tabs(page)).toEqual(['首页', '参数管理']);
      const count = (call: string) => asked.filter((url) => url.split('?')[0] === call).length;
      expect(count('/api/blade-system/param/list')).toBe(1);
      expect(count('/api/blade-system/menu/routes')).toBe(1);
      expect(count('/api/blade-system/page-definition/published')).toBe(1);
      // The list left no later than the screen's code was asked for: the early script sends the calls, then asks for
      // the address's code, before any of the console's code has run.
      const started = await page.evaluate(() => {
        const entries = performance.getEntriesByType('resource');
        const at = (part: string) => entries.find((entry) => entry.name.includes(part))?.startTime ?? Number.NaN;
        return { list: at('/api/blade-system/param/list'), screen: at('/assets/DefinitionPage-') };
      });
      expect(started.list).toBeLessThanOrEqual(started.screen);
    } finally {
      page.off('request', onRequest);
    }
  });

  it('draws a reloaded screen with the console itself, not a spinner in its place first', async () => {
    await page.goto('/system/param');
    await page.getByRole('cell', { name: 'account.initPassword' }).waitFor();
    // Whether the content area held the screen's search when it first appeared.
    await page.addInitScript(`
      window.screenWithConsole = new Promise((resolve) => {
        const observer = new MutationObserver(() => {
          const content = document.querySelector('.console-content');
          if (!content) return;
          observer.disconnect();
          resolve(content.querySelector('.crud-search') !== null);
        });
        observer.observe(document, { childList: true, subtree: true });
      });
    `);
    await page.reload();
    expect(await page.evaluate('window.screenWithConsole')).toBe(true);
    await page.getByRole('cell', { name: 'account.initPassword' }).waitFor();
  });

  it('asks a published screen whose list differs for its own first page', async () => {
    const token = await adminToken(server.url);
    const shipped = JSON.parse(readFileSync(join(root, 'pages', 'system', 'param.json'), 'utf8'));
    shipped.blocks[0].defaultSort = { field: 'paramKey', order: 'desc' };
    await post(server.url, token, '/api/blade-system/studio/publish', {
      pageId: 'system/param',
      definition: shipped,
      comment: '按参数键名倒序',
    });
    const lists: string[] = [];
    const onRequest = (request: Request) => {
      if (request.url().includes('/api/blade-system/param/list')) lists.push(new URL(request.url()).search);
    };
    page.on('request', onRequest);
    try {
      await page.reload();
      await page.getByRole('cell', { name: 'account.initPassword' }).waitFor();
      // The plain first page went ahead unused; the screen asked for its own, sorted as published.
      expect(lists).toHaveLength(2);
      expect(lists[1]).toContain('descs=paramKey');
    } finally {
      page.off('request', onRequest);
      await post(server.url, token, '/api/blade-system/studio/revert', { pageId: 'system/param' });
    }
  });

  it('shows /404 for an unknown path, inside the console', async () => {
    await page.goto('/no/such/page');
    await page.waitForURL('**/404');
    await page.getByText('抱歉,你访问的页面不存在').waitFor();
    await page.getByRole('button', { name: '账户' }).waitFor();
  });

  it('keeps the header, the menu and the tabs around /403, typed or reloaded', async () => {
    await page.goto('/system/param');
    await expect.poll(() => tabs(page)).toEqual(['首页', '参数管理']);
    for (const visit of [() => page.goto('/403'), () => page.reload()]) {
      await visit();
      await page.getByText('抱歉,你无权访问该页面').waitFor();
      await page.getByRole('button', { name: '账户' }).waitFor();
      await page.locator('.console-sider .ant-menu-submenu-title', { hasText: '系统管理' }).waitFor();
      expect(await tabs(page)).toEqual(['首页', '参数管理']);
    }
    // The way back home stays in the console.
    await page.getByRole('button', { name: '返回首页' }).click();
    await page.waitForURL('**/wel/index');
  });

  it('redirects / to the home page', async () => {
    await page.goto('/');
    await page.waitForURL('**/wel/index');
  });
});

describe('top menus', () => {
  it('narrows the sidebar to the top menu chosen in the header, and shows none when none is configured', async () => {
    const top = page.getByRole('navigation', { name: '顶部菜单' });
    const groups = () => page.locator('.console-sider .ant-menu-submenu-title').allInnerTexts();
    await page.goto('/wel/index');
    // The seeded top menus: 系统运维 holds the system groups, not the business ones; 首页 brings the whole menu back.
    await top.getByRole('menuitem', { name: '系统运维' }).click();
    await expect.poll(groups).not.toContain('业务管理');
    expect(await groups()).toContain('系统管理');
    await top.getByRole('menuitem', { name: '首页' }).click();
    await expect.poll(groups).toContain('业务管理');
    expect(await groups()).toContain('系统管理');

    // One configured in 顶部菜单 (in place of the seeded ones) with its menu grant appears after the next reload.
    const token = await adminToken(server.url);
    const topMenus = async () =>
      (await get<{ records: Array<{ id: string }> }>(server.url, token, '/api/blade-system/topmenu/list')).records;
    const remove = async (ids: string[]) =>
      post(server.url, token, `/api/blade-system/topmenu/remove?ids=${ids.join(',')}`, {});
    await remove((await topMenus()).map((item) => item.id));
    await post(server.url, token, '/api/blade-system/topmenu/submit', { code: 'desk', name: '看公告', sort: 3 });
    const reports = (await topMenus())[0].id;
    const routes = await get<MenuNode[]>(server.url, token, '/api/blade-system/menu/routes');
    const ids = (nodes: MenuNode[]): string[] => nodes.flatMap((node) => [node.id, ...ids(node.children ?? [])]);
    const menuIds = ids(routes.filter((node) => node.code === 'desk'));
    await post(server.url, token, '/api/blade-system/topmenu/grant', { topMenuIds: [reports], menuIds });
    await page.reload();
    await top.getByRole('menuitem', { name: '看公告' }).click();
    await expect.poll(groups).toEqual(['工作台']);
    // Its first screen is opened, as Saber does.
    await expect.poll(() => new URL(page.url()).pathname).toMatch(/^\/desk\//);

    // With no top menu configured the header shows none and the sidebar holds the whole menu.
    await remove([reports]);
    await page.reload();
    await expect.poll(groups, { timeout: 15_000 }).toContain('业务管理');
    expect(await groups()).toContain('系统管理');
    expect(await top.count()).toBe(0);
  });
});

describe('tag bar', () => {
  it('adds tabs once, opens the previous tab on close, closes others and all', async () => {
    await page.getByRole('button', { name: /更多/ }).click();
    await page.getByRole('menuitem', { name: '关闭全部' }).click();
    await expect.poll(() => tabs(page)).toEqual(['首页']);
    await openMenu(page, '系统管理', '参数管理');
    await page.waitForURL('**/system/param');
    await openMenu(page, '系统管理', '系统字典');
    await page.waitForURL('**/system/dict');
    await openMenu(page, '系统管理', '参数管理');
    await page.waitForURL('**/system/param');
    await expect.poll(async () => (await tabs(page)).sort()).toEqual(['参数管理', '系统字典', '首页'].sort());

    const before = await tabs(page);
    await page.locator('.tag-tabs .tag-tab', { hasText: '系统字典' }).click();
    await expect.poll(() => page.title()).toBe('系统字典');
    await page.locator('.tag-tabs .tag-tab', { hasText: '系统字典' }).locator('.tag-tab-close').click();
    const previous = before[before.indexOf('系统字典') - 1];
    await expect.poll(() => page.title()).toBe(previous);
    await expect.poll(() => tabs(page)).toEqual(before.filter((label) => label !== '系统字典'));
    await page.locator('.tag-tabs .tag-tab', { hasText: '参数管理' }).click();
    await page.waitForURL('**/system/param');

    await page.getByRole('button', { name: /更多/ }).click();
    await page.getByRole('menuitem', { name: '关闭其他' }).click();
    await expect.poll(() => tabs(page)).toEqual(['首页', '参数管理']);

    await page.getByRole('button', { name: /更多/ }).click();
    await page.getByRole('menuitem', { name: '关闭全部' }).click();
    await page.waitForURL('**/wel/index');
    await expect.poll(() => tabs(page)).toEqual(['首页']);
    expect(await page.locator('.tag-tabs .tag-tab-close').count()).toBe(0);
  });

  it('asks before clearing the cache and says when it is done', async () => {
    await page.getByRole('button', { name: /更多/ }).click();
    await page.getByRole('menuitem', { name: '清除缓存' }).click();
    await page.getByText('是否需要清除缓存?').waitFor();
    await page.getByRole('button', { name: /确\s*定/ }).click();
    await page.getByText('清除完毕').waitFor();
  });
});

describe('menu search', () => {
  it('finds a leaf by the start of its name, opens it and clears the box', async () => {
    const box = page.getByRole('combobox', { name: '搜索菜单' });
    await box.fill('参数');
    await page.locator('.ant-select-item-option', { hasText: '参数管理' }).click();
    await page.waitForURL('**/system/param');
    await expect.poll(() => box.inputValue()).toBe('');
  });

  it('searches in a dialog that Esc closes', async () => {
    await page.getByRole('button', { name: '菜单搜索' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByPlaceholder('搜索菜单').fill('系统');
    await dialog.getByText('系统字典').waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
  });
});

describe('language and theme', () => {
  it('switches to English and back, relabelling the menu and the page title', async () => {
    await page.goto('/system/param');
    await page.getByRole('cell', { name: 'account.initPassword' }).waitFor();
    await page.getByRole('button', { name: '语言' }).click();
    await page.getByRole('menuitem', { name: 'English' }).click();
    await page.locator('.console-sider .ant-menu-submenu-title', { hasText: 'System' }).waitFor();
    await expect.poll(() => page.title()).toBe('Parameters');
    await page.reload();
    await page.locator('.console-sider .ant-menu-submenu-title', { hasText: 'System' }).waitFor();
    await page.getByRole('button', { name: 'Language' }).click();
    expect(await page.getByRole('menuitem', { name: 'English' }).getAttribute('aria-disabled')).toBe('true');
    await page.getByRole('menuitem', { name: '中文', exact: true }).click();
    await expect.poll(() => page.title()).toBe('参数管理');
  });

  it('switches to 繁體中文: the menu, the list and its form read in Traditional characters, from files alone', async () => {
    await page.goto('/business/equ');
    await page.getByRole('columnheader', { name: '设备编号' }).waitFor();
    await page.getByRole('button', { name: '语言' }).click();
    await page.getByRole('menuitem', { name: '繁體中文' }).click();
    await page.getByRole('columnheader', { name: '裝置編號' }).waitFor();
    await page.locator('.console-sider .ant-menu-item', { hasText: '裝置管理' }).waitFor();
    await expect.poll(() => page.title()).toBe('裝置管理');
    await page.reload();
    await page.getByRole('columnheader', { name: '裝置編號' }).waitFor();
    await page.getByRole('button', { name: '新增' }).first().click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('裝置編號').first().waitFor();
    await dialog.getByRole('button', { name: '取消' }).click();
    await page.getByRole('button', { name: '語言' }).click();
    expect(await page.getByRole('menuitem', { name: '繁體中文' }).getAttribute('aria-disabled')).toBe('true');
    await page.getByRole('menuitem', { name: '中文', exact: true }).click();
    await page.getByRole('columnheader', { name: '设备编号' }).waitFor();
    await expect.poll(() => page.title()).toBe('设备管理');
  });

  it('shows dictionary labels in English on the English screen', async () => {
    await page.goto('/desk/notice');
    await page.getByRole('cell', { name: '发布通知' }).first().waitFor();
    await page.getByRole('button', { name: '语言' }).click();
    await page.getByRole('menuitem', { name: 'English' }).click();
    await page.getByRole('cell', { name: 'Announcement' }).first().waitFor();
    await page.getByRole('button', { name: 'Language' }).click();
    await page.getByRole('menuitem', { name: '中文', exact: true }).click();
    await page.getByRole('cell', { name: '发布通知' }).first().waitFor();
    await page.goto('/system/param');
    await page.getByRole('cell', { name: 'account.initPassword' }).waitFor();
  });

  it('applies a theme that changes the header and sidebar, and keeps it after a reload', async () => {
    const colours = () =>
      page.evaluate(() => ({
        header: getComputedStyle(document.querySelector('.top-bar')!).backgroundColor,
        sider: getComputedStyle(document.querySelector('.console-sider')!).backgroundColor,
      }));
    await page.locator('.console-sider').waitFor();
    const before = await colours();
    await page.getByRole('button', { name: '选择主题' }).click();
    await page.getByRole('button', { name: /LTE主题/ }).click();
    await expect.poll(colours).not.toEqual(before);
    expect((await colours()).header).toBe('rgb(47, 112, 153)');
    await page.keyboard.press('Escape');
    await page.reload();
    await page.locator('.console-sider').waitFor();
    await expect.poll(() => page.evaluate(() => document.body.className)).toBe('theme-lte');
    expect((await colours()).header).toBe('rgb(47, 112, 153)');
  });
});

describe('lock', () => {
  it('asks for a lock password, survives a reload, refuses a wrong one and unlocks to the locked page', async () => {
    const locked = new URL(page.url()).pathname;
    await page.getByRole('button', { name: '锁屏' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await dialog.getByText('锁屏密码不能为空').waitFor();
    await dialog.getByPlaceholder('请输入锁屏密码').fill('1234');
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await page.waitForURL('**/lock');
    await page.goto('/system/param');
    await page.waitForURL('**/lock');
    await page.reload();
    await page.getByPlaceholder('请输入锁屏密码').fill('9999');
    await page.getByRole('button', { name: /解\s*锁/ }).click();
    await page.getByText('解锁密码错误,请重新输入').waitFor();
    await page.getByPlaceholder('请输入锁屏密码').fill('1234');
    await page.getByRole('button', { name: /解\s*锁/ }).click();
    await page.waitForURL((url) => url.pathname === locked);
  });
});

describe('error log', () => {
  it('records an uncaught error and uploads the log to the server', async () => {
    await page.evaluate(() => {
      setTimeout(() => {
        throw new Error('stroller wheel fell off');
      });
    });
    const badge = page.locator('.top-bar .top-badge', { has: page.getByRole('button', { name: '错误日志' }) });
    await expect.poll(() => badge.locator('.top-badge-count').textContent()).toBe('1');
    await page.getByRole('button', { name: '错误日志' }).click();
    await page.getByRole('cell', { name: 'stroller wheel fell off', exact: true }).waitFor();
    const uploaded = page.waitForRequest(
      (request) => request.method() === 'POST' && request.url().includes('/api/blade-auth/oauth/logout'),
    );
    await page.getByRole('button', { name: '上传服务器' }).click();
    await page.getByText('确定上传本地日志到服务器?').waitFor();
    await page
      .getByRole('button', { name: /确\s*定/ })
      .last()
      .click();
    expect((await uploaded).postData()).toContain('stroller wheel fell off');
    await page.getByText('发送成功!').waitFor();
    await page.getByRole('button', { name: '清空本地日志' }).click();
    await page.getByText('确定清空本地日志记录?').waitFor();
    await page
      .getByRole('button', { name: /确\s*定/ })
      .last()
      .click();
    await page.getByText('清空成功!').waitFor();
  });
});

describe('personal info', () => {
  const tinyPng = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
    'base64',
  );

  it('checks the avatar and the phone, then saves the profile', async () => {
    await page.goto('/wel/index');
    await page.getByRole('button', { name: '账户' }).click();
    await page.getByRole('menuitem', { name: '个人信息' }).click();
    await page.waitForURL('**/info/index');
    await expect.poll(() => tabs(page)).toContain('个人信息');
    const upload = page.locator('input[type=file]');
    await upload.setInputFiles({ name: 'big.png', mimeType: 'image/png', buffer: Buffer.alloc(600 * 1024) });
    await page.getByText('上传头像图片大小不能超过 500KB!').waitFor();
    await upload.setInputFiles({ name: 'face.gif', mimeType: 'image/gif', buffer: tinyPng });
    await page.getByText('上传头像图片只能是 JPG 或 PNG 格式!').waitFor();
    await upload.setInputFiles({ name: 'face.png', mimeType: 'image/png', buffer: tinyPng });
    await page.locator('.ant-upload img').waitFor();

    await page.getByLabel('真实姓名').fill('王运营');
    await page.getByLabel('手机号码').fill('1381234');
    await page.getByRole('button', { name: /保\s*存/ }).click();
    await page.getByText('手机号码长度不为11位').waitFor();
    await page.getByLabel('手机号码').fill('13812345678');
    await page.getByRole('button', { name: /保\s*存/ }).click();
    await page.getByText('修改信息成功').waitFor();
    await page.reload();
    await expect.poll(() => page.getByLabel('真实姓名').inputValue()).toBe('王运营');
  });

  it('tells a password mismatch before sending, and changes the password with md5 values', async () => {
    await page.getByRole('tab', { name: '修改密码' }).click();
    const sent: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('update-password')) sent.push(request.url());
    });
    await page.getByLabel('原密码').fill('admin');
    await page.getByLabel('新密码').fill('stroller-2026');
    await page.getByLabel('确认密码').fill('stroller-2027');
    await page.getByRole('button', { name: /保\s*存/ }).click();
    await page.getByText('两次密码输入不一致').waitFor();
    expect(sent).toEqual([]);
    await page.getByLabel('确认密码').fill('stroller-2026');
    await page.getByRole('button', { name: /保\s*存/ }).click();
    await page.getByText('修改密码成功').waitFor();
    expect(sent[0]).toContain('oldPassword=21232f297a57a5a743894a0e4a801fc3');
    expect(sent[0]).not.toContain('stroller');

    await page.getByLabel('原密码').fill('stroller-2026');
    await page.getByLabel('新密码').fill('admin');
    await page.getByLabel('确认密码').fill('admin');
    await page.getByRole('button', { name: /保\s*存/ }).click();
    await expect.poll(() => page.getByText('修改密码成功').count()).toBeGreaterThan(0);
    await expect.poll(() => sent.length).toBe(2);
  });
});

describe('sign-out', () => {
  it('asks for confirmation, then clears the session', async () => {
    await page.goto('/wel/index');
    await page.getByRole('button', { name: '账户' }).click();
    await page.getByRole('menuitem', { name: '退出登录' }).click();
    await page.getByText('退出系统, 是否继续?').waitFor();
    await page.getByRole('button', { name: /确\s*定/ }).click();
    await page.waitForURL('**/login');
    expect(await storedToken(page)).toBeUndefined();
    // The error pages need no session: read alone, without the console around them.
    await page.goto('/403');
    await page.getByText('抱歉,你无权访问该页面').waitFor();
    expect(await page.getByRole('button', { name: '账户' }).count()).toBe(0);
    await page.goto('/system/param');
    await page.waitForURL((url) => url.pathname === '/login' && url.searchParams.get('redirect') === '/system/param');
  });

  it('is forced to /login when the server revokes the token', async () => {
    await signIn(page);
    const token = await storedToken(page);
    const revoked = await fetch(`${server.url}/api/blade-auth/oauth/logout`, {
      headers: { Authorization: `Basic ${btoa('saber:saber_secret')}`, 'Blade-Auth': `bearer ${token}` },
    });
    expect(revoked.status).toBe(200);
    await page.goto('/system/param');
    await page.waitForURL((url) => url.pathname === '/login');
    expect(await storedToken(page)).toBeUndefined();
    expect(await page.evaluate(() => localStorage.getItem('ride-tag-list'))).toBeNull();
  });

  it('returns to the deep link after signing in again', async () => {
    expect(new URL(page.url()).searchParams.get('redirect')).toBe('/system/param');
    await page.getByPlaceholder('请输入账号').fill('admin');
    await page.getByPlaceholder('请输入密码').fill('admin');
    await page.getByRole('button', { name: /登\s*录/ }).click();
    await page.waitForURL('**/system/param');
    await expect.poll(() => tabs(page)).toEqual(['首页', '参数管理']);
    await page.evaluate(() => localStorage.clear());
    await context.clearCookies();
  });
});

describe('third-party sign-in', () => {
  it('asks an unbound account to register, then signs out to /login', async () => {
    await openSignIn(page);
    await page.getByRole('link', { name: '模拟登录' }).click();
    await page.locator('#uuid').fill('e2e-wechat-fan');
    await page.getByRole('button', { name: /授权并登录/ }).click();
    const dialog = page.locator('.ant-modal', { hasText: '账号注册' });
    await dialog.waitFor();
    await page.keyboard.press('Escape');
    await dialog.getByRole('button', { name: /提\s*交/ }).click();
    await dialog.getByText('请先输入账号名称').waitFor();
    await dialog.getByText('请先输入密码').first().waitFor();
    await dialog.getByLabel('用户姓名').fill('微信粉丝');
    await dialog.getByLabel('账号名称').fill('fan2026');
    await dialog.getByLabel('密码', { exact: true }).fill('fan-secret');
    await dialog.getByLabel('确认密码').fill('fan-other');
    await dialog.getByRole('button', { name: /提\s*交/ }).click();
    await dialog.getByText('两次密码输入不一致').waitFor();
    await dialog.getByLabel('确认密码').fill('fan-secret');
    await dialog.getByRole('button', { name: /提\s*交/ }).click();
    await page.getByText('注册申请已提交,请耐心等待管理员通过!').waitFor();
    await page.waitForURL((url) => url.pathname === '/login');
    expect(await storedToken(page)).toBeUndefined();
  });

  it('lists the registration as 待审核 on the user screen until an administrator approves it', async () => {
    await signIn(page);
    await page.goto('/system/user');
    const row = page.locator('tr.ant-table-row', { hasText: 'fan2026' });
    await row.getByText('待审核').waitFor();
    await row.getByRole('button', { name: /^通\s*过$/ }).click();
    await page.getByText('确定通过 fan2026 的注册申请?').waitFor();
    await page
      .locator('.ant-modal-confirm')
      .getByRole('button', { name: /^确\s*定$/ })
      .click();
    await row.getByText('正常').waitFor();
    await page.locator('.ant-message-notice', { hasText: '已通过' }).waitFor();
    expect(await row.getByRole('button', { name: /^通\s*过$/ }).count()).toBe(0);
  });
});
