// The console on a phone (375×812, screen class 0), drawn from the same page definitions: the site manager's day —
// the equipment of its site on cards with the search folded behind 搜索, an unlock, a running order ended — then the
// head office's today's takings and a refund from a card's 更多 menu, in dialogs over the whole screen with labels
// above values; the header keeps the menu, the record search and the account; no menu screen the admin sees is wider
// than the phone, and the cards and the detail pass the accessibility audit.
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextId } from '../../server/platform/db/ids';
import { openDatabase } from '../../server/platform/db/index';
import { formatDateTime, now } from '../../server/platform/db/time';
import { FRANCHISEE_DEPT } from '../../server/seed/site-manager';
import { seriousViolations } from './a11y/axe';
import {
  answerConfirm,
  type ConsoleServer,
  cspViolations,
  type OpenConsole,
  openConsole,
  screenshot,
  signIn,
} from './harness';
import { adminToken, get, post } from './pages/api';

const WIDTH = 375;
const BASE = '/api/blade-system';

interface Paged<T> {
  records: T[];
}
type Row = Record<string, unknown>;
interface MenuEntry {
  path: string;
  children?: MenuEntry[];
}

let opened: OpenConsole;
let server: ConsoleServer;
let browser: Browser;
let siteName = '';

/** A rental paid through the payment sandbox at the franchisee's site: running (state 1) or settled (3). */
async function rental(server: ConsoleServer, outTradeNo: string, state: 1 | 3, site: Row): Promise<void> {
  const { db, close } = openDatabase(server.databaseFile);
  try {
    const start = formatDateTime(new Date(Date.now() - 95 * 60_000));
    const transactionId = `42${outTradeNo.replace(/\D/g, '')}`;
    await db
      .insertInto('biz_pay_sim')
      .values({
        id: nextId(),
        kind: 'pay',
        outNo: outTradeNo,
        outTradeNo,
        providerNo: transactionId,
        amount: 9900,
        state: 'SUCCESS',
        outcome: 'SUCCESS',
        dueTime: start,
        notified: 1,
        createTime: start,
      })
      .execute();
    const ended = state === 1 ? {} : { endTime: now(), description: '1小时35分钟', actAmount: 2000 };
    await db
      .insertInto('biz_order')
      .values({
        id: nextId(),
        outTradeNo,
        transactionId,
        customerId: nextId(),
        nickname: '小明妈妈',
        phoneNumber: '13800138000',
        equId: 0,
        keyPair: `TC-${outTradeNo}`,
        siteId: Number(site.id),
        siteName: String(site.siteName),
        deptId: Number(site.deptId),
        deptName: FRANCHISEE_DEPT,
        typeId: 0,
        payMode: 1,
        freeMinutes: 5,
        firstMinutes: 60,
        firstPrice: 1000,
        unitMinutes: 30,
        unitPrice: 500,
        dailyCap: 5000,
        amount: 9900,
        totalAmount: 9900,
        state,
        startTime: start,
        successTime: start,
        createTime: start,
        ...ended,
      })
      .execute();
  } finally {
    await close();
  }
}

/** A page as a phone shows it: 375×812, touch, in Chinese. */
async function phonePage(): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    baseURL: server.url,
    viewport: { width: WIDTH, height: 812 },
    isMobile: true,
    hasTouch: true,
    reducedMotion: 'reduce',
  });
  const page = await context.newPage();
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) cspViolations.push(`${page.url()}: ${message.text()}`);
  });
  return { context, page };
}

const scrollWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);
const card = (page: Page, text: string) => page.locator('.console-content article.console-card', { hasText: text });
const button = (scope: Locator | Page, name: RegExp) => scope.getByRole('button', { name });
const confirmDialog = (page: Page) => page.locator('.ant-modal-confirm');
const toast = (page: Page, text: string) => page.locator('.ant-message').getByText(text).last();

/** The box of an element, measured in the page. */
const box = async (locator: Locator) => {
  const found = await locator.boundingBox();
  if (!found) throw new Error('not on screen');
  return found;
};

/** Each label of a record view stands above its value, not beside it. */
async function labelsAboveValues(drawer: Locator): Promise<void> {
  const label = drawer.locator('.ant-descriptions-item-label').first();
  const value = drawer.locator('.ant-descriptions-item-content').first();
  await value.waitFor();
  const [above, below] = [await box(label), await box(value)];
  expect(above.y + above.height).toBeLessThanOrEqual(below.y + 1);
  expect(below.width).toBeGreaterThan(WIDTH / 2);
}

let manager: Page;
let admin: Page;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  opened = await openConsole({
    env: { LOCK_SIMULATOR_DELAY_MS: '20', PAY_SANDBOX_DELAY_MS: '200' },
    signIn: false,
    prepare: async (started) => {
      const token = await adminToken(started.url);
      const companies = await get<Paged<Row>>(started.url, token, `${BASE}/company/list?shortName=${FRANCHISEE_DEPT}`);
      const sites = await get<Paged<Row>>(started.url, token, `${BASE}/site/list?size=100`);
      const site = sites.records.find((each) => String(each.companyId) === String(companies.records[0].id));
      if (!site) throw new Error('the franchisee has no site');
      siteName = String(site.siteName);
      const [type] = (await get<Paged<Row>>(started.url, token, `${BASE}/type/list?size=1`)).records;
      await post(started.url, token, `${BASE}/equ/submit`, {
        keyPair: 'PH-0001',
        lockNo: 'PH-LOCK-1',
        typeId: type.id,
        siteId: site.id,
      });
      await rental(started, 'PH7701', 1, site);
      await rental(started, 'PH7702', 3, site);
    },
  });
  ({ server, browser } = opened);
  for (const [account, target] of [
    ['manager', 'manager'],
    ['admin', 'admin'],
  ] as const) {
    const { context, page } = await phonePage();
    contexts.push(context);
    await signIn(page, { username: account, password: account });
    if (target === 'manager') manager = page;
    else admin = page;
  }
});

afterAll(async () => {
  for (const context of contexts) await context.close();
  await opened?.close();
});

describe("the site manager's day", () => {
  it('finds the equipment of its site on cards, the search folded behind 搜索', async () => {
    await manager.goto('/business/equ');
    const search = manager.locator('.console-content form.crud-search');
    // The toolbar's 搜索 (after its icon's name).
    const unfold = button(manager.locator('.console-content'), /^search 搜\s*索$/);
    await unfold.waitFor();
    expect(await search.count()).toBe(0);
    await unfold.click();
    const keyPair = search.getByLabel('设备编号', { exact: true });
    // Labels stand above their fields, and a field is as wide as the screen allows.
    expect((await box(keyPair)).width).toBeGreaterThan(WIDTH * 0.7);
    await keyPair.fill('PH-0001');
    await button(search, /^搜\s*索$/).click();
    await expect.poll(() => search.count()).toBe(0);
    const equipment = card(manager, 'PH-0001');
    await expect.poll(() => equipment.innerText()).toContain(siteName);
    expect(await equipment.innerText()).toContain('空闲');
    expect(await manager.locator('.console-content .ant-table').count()).toBe(0);
    expect(await scrollWidth(manager)).toBeLessThanOrEqual(WIDTH);
    expect(await seriousViolations(manager, 'phone /business/equ', '.console-content')).toEqual([]);
    await screenshot(manager, 'phone-equ-cards');
  });

  it("unlocks from the card's first button", async () => {
    const equipment = card(manager, 'PH-0001');
    await button(equipment, /^开\s*锁$/).click();
    await confirmDialog(manager).getByText('确定远程开锁设备 PH-0001?').waitFor();
    await answerConfirm(manager, /^确\s*定$/);
    await toast(manager, '开锁成功').waitFor();
  });

  it("opens the equipment's detail over the whole screen, each label above its value", async () => {
    await button(card(manager, 'PH-0001'), /^更多$/).click();
    await manager.getByRole('menuitem', { name: '查看' }).click();
    const drawer = manager.locator('.ant-drawer-content-wrapper').last();
    await drawer.locator('.ant-descriptions').first().waitFor();
    expect(Math.round((await box(drawer)).width)).toBe(WIDTH);
    await labelsAboveValues(drawer);
    expect(await seriousViolations(manager, 'phone equipment detail', '.ant-drawer')).toEqual([]);
    await screenshot(manager, 'phone-equ-detail');
    await button(manager.locator('.ant-drawer-footer'), /^关\s*闭$/).click();
  });

  it('ends a running order from its card', async () => {
    await manager.goto('/business/order?outTradeNo=PH7701');
    const order = card(manager, 'PH7701');
    await expect.poll(() => order.innerText()).toContain('使用中');
    expect(await order.innerText()).toContain(siteName);
    await button(order, /^结束订单$/).click();
    await confirmDialog(manager).getByText('确定结束订单 PH7701?').waitFor();
    await answerConfirm(manager, /^确\s*定$/);
    await manager.getByText('订单已结束').waitFor();
    await expect
      .poll(async () => {
        await manager.locator('.console-content').getByLabel('刷新').click();
        return order.innerText();
      })
      .toContain('已完成');
  });
});

describe('the head office on a phone', () => {
  it("reads today's takings on the home screen", async () => {
    await admin.goto('/wel/index');
    const takings = admin.locator('.console-content .ant-statistic', { hasText: '今日收入' }).first();
    await takings.locator('.ant-statistic-content').waitFor();
    expect(await takings.locator('.ant-statistic-content').innerText()).toMatch(/\d/);
    const right = (await box(takings)).x + (await box(takings)).width;
    expect(right).toBeLessThanOrEqual(WIDTH);
    expect(await scrollWidth(admin)).toBeLessThanOrEqual(WIDTH);
  });

  it("refunds part of a settled order from its card's 更多 menu, in a dialog over the whole screen", async () => {
    await admin.goto('/business/order?outTradeNo=PH7702');
    const order = card(admin, 'PH7702');
    await expect.poll(() => order.innerText()).toContain('已完成');
    // The count under the cards reads as the table's does.
    await admin.locator('.console-content').getByText('共 1 条', { exact: true }).waitFor();
    await screenshot(admin, 'phone-order-cards');
    await button(order, /^更多$/).click();
    await admin.getByRole('menuitem', { name: /^退\s*款$/ }).click();
    const dialog = admin.locator('.ant-modal', { hasText: '订单退款' });
    await dialog.getByText('可退金额').waitFor();
    expect(Math.round((await box(dialog.locator('.ant-modal-container'))).width)).toBe(WIDTH);
    await screenshot(admin, 'phone-refund-dialog');
    await dialog.getByRole('spinbutton').last().fill('10');
    await button(dialog, /^保\s*存$/).click();
    await confirmDialog(admin).getByText('确定给 小明妈妈 退款 ¥10.00(订单 PH7702)?').waitFor();
    await answerConfirm(admin, /^确\s*定$/);
    await admin.getByText('退款已提交,等待支付平台处理').waitFor();
  });

  it("shows an order's detail with labels above values, passing the audit", async () => {
    await button(card(admin, 'PH7702'), /^查\s*看$/).click();
    const drawer = admin.locator('.ant-drawer-content-wrapper').last();
    await drawer.locator('.ant-descriptions').first().waitFor();
    expect(Math.round((await box(drawer)).width)).toBe(WIDTH);
    await labelsAboveValues(drawer);
    expect(await seriousViolations(admin, 'phone order detail', '.ant-drawer')).toEqual([]);
    await screenshot(admin, 'phone-order-detail');
    await button(admin.locator('.ant-drawer-footer'), /^关\s*闭$/).click();
  });

  it('keeps the menu, the record search and the account in the header', async () => {
    await admin.goto('/business/order');
    await card(admin, '').first().waitFor();
    const header = admin.locator('.top-bar');
    for (const name of [/^展开菜单$/, /订单号 \/ 手机号 \/ 设备编号/, /账户$/]) {
      const found = await box(button(header, name));
      expect(found.x).toBeGreaterThanOrEqual(0);
      expect(found.x + found.width).toBeLessThanOrEqual(WIDTH);
    }
    expect(await scrollWidth(admin)).toBeLessThanOrEqual(WIDTH);
    await screenshot(admin, 'phone-header');
    // The record search opens under the header and finds an order.
    await button(header, /订单号 \/ 手机号 \/ 设备编号/).click();
    const find = admin.locator('.ant-popover').getByPlaceholder('订单号 / 手机号 / 设备编号');
    await find.fill('PH7702');
    await find.press('Enter');
    await admin.waitForURL('**/business/order?outTradeNo=PH7702');
    // The menu opens as a drawer over a shade.
    await button(header, /^展开菜单$/).click();
    await admin.locator('.console-sider .ant-menu-submenu-title', { hasText: '系统管理' }).waitFor();
    await screenshot(admin, 'phone-menu');
    // A tap on the shade beside it folds it away.
    await admin.locator('.console-shade').click({ position: { x: WIDTH - 20, y: 400 } });
    await expect.poll(() => admin.locator('.console-shade').count()).toBe(0);
  });

  it('shows no menu screen wider than the phone', async () => {
    const token = await adminToken(server.url);
    const leaves = (entries: MenuEntry[]): string[] =>
      entries.flatMap((entry) => (entry.children?.length ? leaves(entry.children) : [entry.path]));
    const screens = [
      '/wel/index',
      ...leaves(await get<MenuEntry[]>(server.url, token, `${BASE}/menu/routes`)).filter(
        (path) => path.startsWith('/') && !/html/.test(path),
      ),
    ];
    expect(screens.length).toBeGreaterThan(40);
    const wide: string[] = [];
    for (const path of screens) {
      await admin.goto(path);
      await admin.locator('.console-content > *').first().waitFor();
      await admin.waitForLoadState('networkidle');
      const width = await scrollWidth(admin);
      if (width > WIDTH) wide.push(`${path}: ${width}`);
    }
    expect(wide).toEqual([]);
  }, 900_000);
});
