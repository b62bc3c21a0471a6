// The page studio (docs/studio.md) in a real browser against the real server: an analyst makes a column searchable,
// sees it in the preview, publishes, and the operator's console shows it with no restart; a bad edit is refused with
// its path and "did you mean"; a rollback brings the previous screen back; the same in English. Hovering a key shows
// its description in the person's language with the other under it; a misspelt dictionary is named under the editor
// as it is typed. A page drafted from a resource with no screen, published and added with the menu screen, opens for
// the operator; a tab kept open shows a publish on its next showing and when the window regains focus.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { buttonName, newPage, type OpenConsole, openConsole, screenshot, signIn } from '../harness';
import { adminToken, get, post } from './api';
import * as studio from './studio-steps';

let opened: OpenConsole;
let page: Page;
let operator: Page;

const preview = () => studio.studioPreview(page);
const searchField = (scope: Page | ReturnType<typeof preview>, label: string) =>
  scope.getByLabel(label, { exact: true });

beforeAll(async () => {
  opened = await openConsole();
  page = opened.page;
  operator = (await newPage(opened.browser, opened.server)).page;
  await signIn(operator, { username: 'operator', password: 'operator' });
});

afterAll(() => opened?.close());

const openInStudio = (pageId: string, search?: string) => studio.openInStudio(page, pageId, search);
const shipped = studio.shippedText;
const replaceJson = (text: string) => studio.replaceJson(page, text);
const publish = (comment: string, button?: string, field?: string) => studio.publish(page, comment, button, field);

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
    const started = performance.now();
    await page.getByLabel('paramValue 可搜索').check();
    await searchField(preview(), '参数键值').waitFor();
    const previewed = performance.now();
    await publish('参数键值可搜索');
    await page.getByText('已发布第 1 版').waitFor();
    await operator.goto('/wel/index');
    await operator.goto('/system/param');
    await searchField(operator, '参数键值').waitFor();
    // A figure for the docs, not a pass mark: the screenshot is taken outside the measured span.
    console.log(
      `edit → preview ${(previewed - started).toFixed(0)} ms; edit → preview → publish → visible to the operator ${(performance.now() - started).toFixed(0)} ms`,
    );
    await screenshot(page, 'studio-preview');
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

  it("checks the preview's forms as the draft says, before it is saved", async () => {
    await openInStudio('system/post');
    const rule =
      '"postName": { "required": true, "pattern": "^岗位", ' +
      '"messages": { "pattern": { "zh": "岗位全称须以岗位开头", "en": "The name starts with 岗位" } } }';
    await replaceJson(
      shipped('system/post')
        .replace('"postName": { "required": true }', rule)
        .replace('"label": { "zh": "岗位名称", "en": "Name" }', '"label": { "zh": "岗位全称", "en": "Name" }'),
    );
    // The preview draws the draft once its forms' validators are here.
    await preview().getByRole('columnheader', { name: '岗位全称' }).waitFor();
    await preview()
      .getByRole('button', { name: buttonName('新增') })
      .click();
    const dialog = page.locator('.ant-modal').filter({ has: page.getByLabel('岗位全称') });
    await dialog.getByLabel('岗位全称').fill('店长');
    await dialog.getByRole('button', { name: buttonName('保存') }).click();
    // The draft's own rule, compiled on the server for the preview, refuses it in the dialog: no call is tried.
    await dialog.getByText('岗位全称须以岗位开头').waitFor();
    await page.keyboard.press('Escape');
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

  it('draws a page published for a menu path with no shipped screen, once the menu screen adds it', async () => {
    const token = await adminToken(opened.server.url);
    const { resources } = await get<{ resources: Array<{ prefix: string; title: string; hasScreen: boolean }> }>(
      opened.server.url,
      token,
      '/api/blade-system/studio/pages',
    );
    const resource = resources.find((entry) => !entry.hasScreen);
    if (!resource) throw new Error('every resource has a screen: nothing to draft');
    const drafted = await get<{
      pageId: string;
      definition: { blocks: Array<{ columns: Array<{ label: { zh: string } }> }> };
    }>(
      opened.server.url,
      token,
      `/api/blade-system/studio/resource-draft?prefix=${encodeURIComponent(resource.prefix)}`,
    );
    const path = `/${drafted.pageId}`;
    const firstColumn = drafted.definition.blocks[0].columns[0].label.zh;

    await page.goto('/system/studio');
    await page.getByRole('combobox', { name: '按服务资源起草页面' }).click();
    await page.keyboard.insertText(resource.prefix);
    await page.keyboard.press('Enter');
    await preview().getByRole('columnheader', { name: firstColumn }).waitFor();
    await publish('新页面');
    await page.getByText('已发布第 1 版').waitFor();

    await page.goto('/system/menu');
    await page
      .getByRole('button', { name: buttonName('新增') })
      .first()
      .click();
    const dialog = page.locator('.ant-modal').last();
    await dialog.getByLabel('菜单名称').fill('新页面');
    await dialog.getByLabel('路由地址').fill(path);
    await dialog.getByLabel('菜单编号').fill('studio_new_page');
    await dialog.getByLabel('菜单排序').fill('99');
    await dialog.getByRole('button', { name: buttonName('保存') }).click();
    await dialog.waitFor({ state: 'hidden' });

    // The operator's role is given the new menu, as 角色管理 → 权限设置 would.
    const [role] = await get<Array<{ id: string }>>(
      opened.server.url,
      token,
      '/api/blade-system/role/list?roleAlias=operator',
    );
    const menus = await get<Array<{ id: string; code: string }>>(
      opened.server.url,
      token,
      '/api/blade-system/menu/list?code=studio_new_page',
    );
    const menu = menus.find((entry) => entry.code === 'studio_new_page');
    if (!menu) throw new Error('the menu screen did not add the menu');
    const held = await get<{ menu: string[]; dataScope: string[]; apiScope: string[] }>(
      opened.server.url,
      token,
      `/api/blade-system/menu/role-tree-keys?roleIds=${role.id}`,
    );
    await post(opened.server.url, token, '/api/blade-system/role/grant', {
      roleIds: [role.id],
      menuIds: [...held.menu, menu.id],
      dataScopeIds: held.dataScope,
      apiScopeIds: held.apiScope,
    });
    await operator.goto(path);
    await operator.getByRole('columnheader', { name: firstColumn }).waitFor();
  });

  it('shows a publish in a tab kept open, on its next showing and when the window regains focus', async () => {
    const token = await adminToken(opened.server.url);
    const tab = (name: string) => operator.locator('.tag-tabs .tag-tab', { hasText: name });
    const publishTip = async (label: string, comment: string) => {
      const definition = JSON.parse(shipped('business/tip'));
      definition.blocks[0].columns[0].label.zh = label;
      await post(opened.server.url, token, '/api/blade-system/studio/publish', {
        pageId: 'business/tip',
        definition,
        comment,
      });
    };
    await operator.goto('/business/tip');
    await operator.getByRole('columnheader', { name: '标题' }).waitFor();
    await tab('首页').click();
    await publishTip('提示标题', '标题改名');
    await tab('提示管理').click();
    await operator.getByRole('columnheader', { name: '提示标题' }).waitFor();
    await publishTip('提示的标题', '再改名');
    await operator.evaluate(() => window.dispatchEvent(new Event('focus')));
    await operator.getByRole('columnheader', { name: '提示的标题' }).waitFor();
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
