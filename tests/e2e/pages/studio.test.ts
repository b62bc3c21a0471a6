// The page studio (docs/studio.md) in a real browser against the real server: an analyst makes a column searchable,
// sees it in the preview, publishes, and the operator's console shows it with no restart; a bad edit is refused with
// its path and "did you mean"; a rollback brings the previous screen back; the same in English. Hovering a key shows
// its description in the person's language with the other under it; a misspelt dictionary is named under the editor
// as it is typed.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { buttonName, newPage, type OpenConsole, openConsole, root, screenshot, signIn } from '../harness';

let opened: OpenConsole;
let page: Page;
let operator: Page;

const preview = () => page.getByTestId('studio-preview');
const searchField = (scope: Page | ReturnType<typeof preview>, label: string) =>
  scope.getByLabel(label, { exact: true });

beforeAll(async () => {
  opened = await openConsole();
  page = opened.page;
  operator = (await newPage(opened.browser, opened.server)).page;
  await signIn(operator, { username: 'operator', password: 'operator' });
});

afterAll(() => opened?.close());

async function openInStudio(pageId: string, search = '搜索页面') {
  await page.goto('/system/studio');
  await page.getByRole('searchbox', { name: search }).fill(pageId);
  await page.getByText(pageId, { exact: true }).click();
  await preview().waitFor();
}

/** The shipped file's text (the editor draws only the lines in sight, so its text is not read from the screen). */
const shipped = (pageId: string) => readFileSync(join(root, 'pages', `${pageId}.json`), 'utf8');

/** Replaces the editor's whole text, as an analyst pasting a page would. */
async function replaceJson(text: string) {
  const editor = page.locator('.cm-content');
  await editor.click();
  await page.keyboard.press('Control+A');
  await page.keyboard.insertText(text);
}

/**
 * Rests the mouse on a key's name in the editor, as a person reading the page would (the editor explains a key only
 * over its text), and answers the tooltip that opens.
 */
async function hoverKey(key: string) {
  const at = await page.locator('.cm-content').evaluate((content, quoted) => {
    const lines = document.createTreeWalker(content, NodeFilter.SHOW_TEXT);
    for (let node = lines.nextNode(); node; node = lines.nextNode()) {
      const start = node.textContent?.indexOf(quoted) ?? -1;
      if (start < 0) continue;
      const letter = document.createRange();
      letter.setStart(node, start + 2);
      letter.setEnd(node, start + 3);
      const box = letter.getBoundingClientRect();
      return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
    }
    throw new Error(`no ${quoted} in sight in the editor`);
  }, `"${key}"`);
  await page.mouse.move(at.x, at.y, { steps: 2 });
  return page.locator('.cm-tooltip-hover');
}

async function publish(comment: string, button = '发布', field = '发布说明') {
  await page
    .getByRole('button', { name: buttonName(button) })
    .first()
    .click();
  const dialog = page.locator('.ant-modal').filter({ has: page.getByLabel(field) });
  await dialog.getByLabel(field).fill(comment);
  await dialog.getByRole('button', { name: buttonName(button) }).click();
}

describe('the page studio', () => {
  it('publishes a searchable column that the operator sees on the list, with no restart', async () => {
    await operator.goto('/system/param');
    await searchField(operator, '参数名称').waitFor();
    await openInStudio('system/param');
    const hover = await hoverKey('title');
    await hover
      .getByText("页面标题，显示在标签页和导出文件名中 The page's title, shown on its tab and in export file names")
      .waitFor();
    await page.getByRole('tab', { name: '列' }).click();
    await page.getByLabel('paramValue 可搜索').check();
    await searchField(preview(), '参数键值').waitFor();
    await screenshot(page, 'studio-preview');
    await publish('参数键值可搜索');
    await page.getByText('已发布第 1 版').waitFor();
    await operator.goto('/wel/index');
    await operator.goto('/system/param');
    await searchField(operator, '参数键值').waitFor();
  });

  it('refuses a bad edit with its path and the key it most likely means', async () => {
    await openInStudio('system/param');
    await replaceJson(shipped('system/param').replace('"field": "paramValue"', '"field": "paramValue", "lable": "值"'));
    await publish('写错的键');
    const problems = page.getByTestId('studio-problems');
    await problems.getByText('/blocks/0/columns/2', { exact: true }).waitFor();
    await problems.getByText(/lable/).first().waitFor();
    await problems.getByText(/label/).first().waitFor();
    await page.locator('.ant-message').getByText('是否想写 "label"', { exact: false }).waitFor();
  });

  it('names a misspelt dictionary under the editor as it is typed, before publishing', async () => {
    await openInStudio('system/post');
    const checks = page.getByTestId('studio-checks');
    await checks.getByText('检查未发现问题').waitFor();
    await replaceJson(shipped('system/post').replace('"dict": "post_category"', '"dict": "post_categry"'));
    await checks.getByText('/blocks/0/columns/0/dict', { exact: true }).waitFor();
    await checks.getByText('是否想写 "post_category"？').waitFor();
  });

  it('rolls back to the previous version, and the operator sees the previous screen', async () => {
    await openInStudio('system/param');
    await page.getByRole('tab', { name: '列' }).click();
    await page.getByLabel('paramName 隐藏').check();
    await publish('隐藏参数名称');
    await page.getByText('已发布第 2 版').waitFor();
    await operator.goto('/system/param');
    await operator.getByRole('columnheader', { name: '参数键名' }).waitFor();
    await page.getByRole('tab', { name: '历史' }).click();
    await page.getByTestId('studio-diff').getByText('"hidden": true', { exact: false }).waitFor();
    await page.locator('tr', { hasText: '参数键值可搜索' }).getByRole('button', { name: '回滚到此版本' }).click();
    await page.getByText('已回滚,成为第 3 版').waitFor();
    await operator.goto('/wel/index');
    await operator.goto('/system/param');
    await operator.getByRole('columnheader', { name: '参数名称' }).waitFor();
    await searchField(operator, '参数键值').waitFor();
  });

  it('works in English: the preview, a refused edit and publishing', async () => {
    await page.getByRole('button', { name: '语言' }).click();
    await page.getByRole('menuitem', { name: 'English' }).click();
    await openInStudio('system/post', 'Search pages');
    const hover = await hoverKey('title');
    await hover
      .getByText("The page's title, shown on its tab and in export file names 页面标题，显示在标签页和导出文件名中")
      .waitFor();
    await page.getByRole('tab', { name: 'Columns' }).click();
    await page.getByLabel('remark Searchable').check();
    await searchField(preview(), 'Description').waitFor();
    await page.getByRole('tab', { name: 'JSON' }).click();
    const text = shipped('system/post');
    await replaceJson(text.replace('"field": "remark"', '"field": "remark", "widht": 90'));
    await publish('typo', 'Publish', 'Comment');
    await page.getByTestId('studio-problems').getByText('/blocks/0/columns/4', { exact: true }).waitFor();
    await page.getByTestId('studio-problems').getByText(/widht/).first().waitFor();
    await page.locator('.ant-message').getByText('did you mean "width"', { exact: false }).waitFor();
    await replaceJson(text);
    await page.getByRole('tab', { name: 'Columns' }).click();
    await page.getByLabel('remark Searchable').check();
    await publish('Description searchable', 'Publish', 'Comment');
    await page.getByText('Version 1 published').waitFor();
    await screenshot(page, 'studio-en');
  });
});
