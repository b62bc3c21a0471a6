// 审计日志 in a real browser against the real server: a role's change is listed with its person, kind and action in
// words, found by its subject, and its view shows the role before and after, one key a line.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type OpenConsole, openConsole } from '../harness';
import { adminToken, get, post } from './api';

let opened: OpenConsole;
let page: Page;

const row = (text: string) => page.locator('tr.ant-table-row', { hasText: text });

beforeAll(async () => {
  opened = await openConsole({
    prepare: async (server) => {
      const token = await adminToken(server.url);
      await post(server.url, token, '/api/blade-system/role/submit', { roleName: '巡检员', roleAlias: 'e2e_patrol' });
      const roles = await get<Array<{ id: string; roleAlias: string }>>(
        server.url,
        token,
        '/api/blade-system/role/list',
      );
      const id = roles.find((role) => role.roleAlias === 'e2e_patrol')?.id;
      await post(server.url, token, '/api/blade-system/role/submit', { id, roleName: '夜间巡检员' });
    },
  });
  ({ page } = opened);
  await page.goto('/monitor/log/audit');
  await page.locator('.ant-table-row').first().waitFor();
});

afterAll(() => opened?.close());

describe('audit trail screen', () => {
  it('lists a change with its person and its kind and action in words, and finds it by subject', async () => {
    const edited = row('夜间巡检员');
    await edited.waitFor();
    await expect.poll(() => edited.textContent()).toContain('管理员');
    expect(await edited.textContent()).toContain('角色');
    expect(await edited.textContent()).toContain('修改');
    await page.locator('.crud-search').getByPlaceholder('请输入对象').fill('巡检员');
    await page.getByRole('button', { name: /^搜\s*索$/ }).click();
    await expect.poll(() => page.locator('tr.ant-table-row').count()).toBe(2);
  });

  it('shows the role before and after in the view', async () => {
    await row('夜间巡检员')
      .getByRole('button', { name: /^查\s*看$/ })
      .click();
    const dialog = page.locator('.ant-modal').last();
    const before = dialog.getByLabel('变更前');
    await before.waitFor();
    expect(await before.inputValue()).toContain('\n  "roleName": "巡检员",\n');
    expect(await dialog.getByLabel('变更后').inputValue()).toContain('\n  "roleName": "夜间巡检员",\n');
  });
});
