// The dictionary screen, a parent-and-child definition, in a real browser against the real server: a new dictionary,
// then an item in its child tree that inherits the dictionary's code.
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type OpenConsole, openConsole } from '../harness';

let opened: OpenConsole;
let page: Page;

const dialog = () => page.locator('.ant-modal').last();
const drawer = () => page.locator('.ant-drawer');
const button = (scope: Page | Locator, text: RegExp) => scope.getByRole('button', { name: text });

beforeAll(async () => {
  opened = await openConsole();
  ({ page } = opened);
  await page.goto('/system/dict');
  await page.locator('.ant-table-row').first().waitFor();
});

afterAll(() => opened?.close());

describe('dictionary screen', () => {
  it('adds a dictionary with the messages of the spec', async () => {
    await button(page, /^新\s*增$/).click();
    await button(dialog(), /^保\s*存$/).click();
    await dialog().getByText('请输入字典编号').waitFor();
    expect(await dialog().getByText('请输入字典名称').count()).toBe(1);
    await dialog().getByLabel('字典编号').fill('e2e_colour');
    await dialog().getByLabel('字典名称').fill('颜色');
    await dialog().getByLabel('字典排序').fill('1');
    await button(dialog(), /^保\s*存$/).click();
    await page.getByText('新增成功').last().waitFor();
    await page.locator('.crud-search').first().getByPlaceholder('请输入字典编号').fill('e2e_colour');
    await button(page, /^搜\s*索$/).click();
    await page.locator('tr.ant-table-row', { hasText: 'e2e_colour' }).waitFor();
  });

  it('adds an item in the child tree that inherits the code, which cannot be changed', async () => {
    await button(page.locator('tr.ant-table-row', { hasText: 'e2e_colour' }), /字典配置/).click();
    await drawer().waitFor();
    await button(drawer(), /^新\s*增$/).click();
    const code = dialog().getByLabel('字典编号');
    await expect.poll(() => code.inputValue()).toBe('e2e_colour');
    expect(await code.isDisabled()).toBe(true);
    await dialog().getByLabel('字典名称').fill('红色');
    await dialog().getByLabel('字典键值').fill('1');
    await dialog().getByLabel('字典排序').fill('1');
    await button(dialog(), /^保\s*存$/).click();
    await page.getByText('新增成功').last().waitFor();
    await drawer().locator('tr.ant-table-row', { hasText: '红色' }).waitFor();
  });
});
