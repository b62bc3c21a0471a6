// Tree screens after a save: the opened rows stay open, the page keeps its scroll position, and a row moved under
// another parent shows there.
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type OpenConsole, openConsole } from '../harness';

let opened: OpenConsole;
let page: Page;

const dialog = () => page.locator('.ant-modal').last();
const row = (text: string) => page.locator('tr.ant-table-row', { hasText: text }).first();
const button = (scope: Page | Locator, text: RegExp) => scope.getByRole('button', { name: text });
const scrolled = () =>
  page.evaluate(
    () => (document.scrollingElement?.scrollTop ?? 0) + (document.querySelector('.console-content')?.scrollTop ?? 0),
  );

async function open(text: string) {
  await row(text).locator('.ant-table-row-expand-icon').click();
}

async function saveUnchanged(text: string) {
  await button(row(text), /^编\s*辑$/).click();
  await dialog().locator('input').first().waitFor();
  await page.waitForLoadState('networkidle');
  await button(dialog(), /^保\s*存$/).click();
  await page.getByText('更新成功').last().waitFor();
  await dialog().waitFor({ state: 'hidden' });
  await page.waitForLoadState('networkidle');
}

beforeAll(async () => {
  opened = await openConsole();
  ({ page } = opened);
});

afterAll(() => opened?.close());

describe('tree screens keep their state after a save', () => {
  it('menus: the opened groups stay open and the scroll position stays', async () => {
    await page.goto('/system/menu');
    await open('/system');
    await row('/system/param').waitFor();
    await open('/authority');
    await row('/authority/role').waitFor();
    await row('/authority/role').scrollIntoViewIfNeeded();
    const before = await scrolled();
    expect(before).toBeGreaterThan(0);
    await saveUnchanged('/authority/role');
    expect(await row('/system/param').isVisible()).toBe(true);
    expect(await row('/authority/role').isVisible()).toBe(true);
    expect(await scrolled()).toBe(before);
  });

  it('departments: a saved department stays shown under its opened parent', async () => {
    await page.goto('/system/dept');
    await open('乐行租赁');
    await row('万达广场站点').waitFor();
    await saveUnchanged('万达广场站点');
    expect(await row('万达广场站点').isVisible()).toBe(true);
  });
});
