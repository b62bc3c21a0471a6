// The parameter screen, a page definition, in a real browser against the real server: add (with the blur message
// for a missing name), edit, view, delete and multi-delete.
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type OpenConsole, openConsole } from '../harness';
import { adminToken, post } from './api';

let opened: OpenConsole;
let page: Page;

const dialog = () => page.locator('.ant-modal').last();
const row = (text: string) => page.locator('tr.ant-table-row', { hasText: text });
const button = (scope: Page | Locator, text: RegExp) => scope.getByRole('button', { name: text });

async function searchKey(key: string) {
  await page.locator('.crud-search').getByPlaceholder('请输入参数键名').fill(key);
  await button(page, /^搜\s*索$/).click();
}

beforeAll(async () => {
  opened = await openConsole({
    prepare: async (server) => {
      const token = await adminToken(server.url);
      for (const n of [1, 2]) {
        await post(server.url, token, '/api/blade-system/param/submit', {
          paramName: `批量参数${n}`,
          paramKey: `e2e.bulk.${n}`,
          paramValue: String(n),
        });
      }
      await post(server.url, token, '/api/blade-system/param/submit', {
        paramName: '<b>脚本参数</b>',
        paramKey: 'e2e.script',
        paramValue: '<img src=x onerror="window.__injected=1">',
      });
    },
  });
  ({ page } = opened);
  await page.goto('/system/param');
  await page.locator('.ant-table-row').first().waitFor();
});

afterAll(() => opened?.close());

describe('parameter screen', () => {
  it('adds a parameter, after saying 请输入参数名称 when the name is left empty', async () => {
    await button(page, /^新\s*增$/).click();
    const name = dialog().getByLabel('参数名称');
    await name.focus();
    await name.blur();
    await expect.poll(() => dialog().getByText('请输入参数名称').count()).toBe(1);
    await name.fill('测试参数');
    await dialog().getByLabel('参数键名').fill('e2e.sample');
    await dialog().getByLabel('参数键值').fill('one');
    await button(dialog(), /^保\s*存$/).click();
    await page.getByText('新增成功').last().waitFor();
    await searchKey('e2e.sample');
    await row('e2e.sample').waitFor();
  });

  it('edits it with 更新成功', async () => {
    await button(row('e2e.sample'), /^编\s*辑$/).click();
    const value = dialog().getByLabel('参数键值');
    await expect.poll(() => value.inputValue()).toBe('one');
    await value.fill('two');
    await button(dialog(), /^保\s*存$/).click();
    await page.getByText('更新成功').last().waitFor();
    await row('two').waitFor();
  });

  it('views it read-only', async () => {
    await button(row('e2e.sample'), /^查\s*看$/).click();
    const value = dialog().getByLabel('参数键值');
    await expect.poll(() => value.inputValue()).toBe('two');
    expect(await value.isDisabled()).toBe(true);
    expect(await button(dialog(), /^保\s*存$/).count()).toBe(0);
    await button(dialog().locator('.ant-modal-footer'), /^关\s*闭$/).click();
  });

  it('deletes it after 确定将选择数据删除?', async () => {
    await button(row('e2e.sample'), /^删\s*除$/).click();
    await page.getByText('确定将选择数据删除?').waitFor();
    await button(page.locator('.ant-modal-confirm'), /^确\s*定$/).click();
    await page.getByText('删除成功').last().waitFor();
    await row('e2e.sample').waitFor({ state: 'detached' });
  });

  it('says 请选择至少一条数据, then deletes two selected rows', async () => {
    await searchKey('e2e.bulk');
    await row('e2e.bulk.2').waitFor();
    await button(page, /^删\s*除$/)
      .first()
      .click();
    await page.getByText('请选择至少一条数据').last().waitFor();
    await row('e2e.bulk.1').getByRole('checkbox').check();
    await row('e2e.bulk.2').getByRole('checkbox').check();
    await button(page, /^删\s*除$/)
      .first()
      .click();
    await page.getByText('确定将选择数据删除?').waitFor();
    await button(page.locator('.ant-modal-confirm'), /^确\s*定$/).click();
    await page.getByText('删除成功').last().waitFor();
    await expect.poll(() => page.locator('tr.ant-table-row', { hasText: 'e2e.bulk' }).count()).toBe(0);
  });
});

describe('stored markup', () => {
  it('shows <img src=x onerror=…> as text in the list and the view dialog, never running it', async () => {
    await searchKey('e2e.script');
    await row('e2e.script').getByText('<img src=x onerror="window.__injected=1">').waitFor();
    await row('e2e.script').getByText('<b>脚本参数</b>').waitFor();
    await button(row('e2e.script'), /^查\s*看$/).click();
    const value = dialog().getByLabel('参数键值');
    await expect.poll(() => value.inputValue()).toBe('<img src=x onerror="window.__injected=1">');
    expect(await page.locator('img[src="x"], b:text("脚本参数")').count()).toBe(0);
    expect(await page.evaluate(() => (window as { __injected?: number }).__injected)).toBeUndefined();
    await button(dialog().locator('.ant-modal-footer'), /^关\s*闭$/).click();
  });
});
