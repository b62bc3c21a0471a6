// Custom dialogs of the system area in a real browser: granting menus and app menus to a role, roles to a user and
// menus to a top menu (asking before a save that clears it), and resetting a user's password.
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { type ConsoleServer, type OpenConsole, openConsole } from '../harness';
import { adminToken, get, post } from './api';

let opened: OpenConsole;
let server: ConsoleServer;
let page: Page;

const button = (scope: Page | Locator, text: RegExp) => scope.getByRole('button', { name: text });
const row = (text: string) => page.locator('tr.ant-table-row', { hasText: text });

beforeAll(async () => {
  opened = await openConsole();
  ({ server, page } = opened);
  const token = await adminToken(server.url);
  await post(server.url, token, '/api/blade-system/app/submit', {
    appName: '陪护床巡房H5',
    appKey: 'h5-ward-round',
    appKind: 3,
  });
  const apps = await get<{ records: { id: string }[] }>(
    server.url,
    token,
    '/api/blade-system/app/list?appKey=h5-ward-round',
  );
  for (const [code, menuName] of [
    ['checkBed', '查床'],
    ['cleaning', '清洁登记'],
  ]) {
    await post(server.url, token, '/api/blade-system/app-menu/submit', {
      appId: apps.records[0].id,
      code,
      menuName,
      path: `/ward/${code}`,
    });
  }
});

afterAll(() => opened?.close());

describe('grant dialogs', () => {
  it('grants menus, data scopes and API scopes to the chosen role', async () => {
    await page.goto('/authority/role');
    await row('运营人员').getByRole('checkbox').check();
    await button(page, /权限设置/).click();
    const dialog = page.locator('.ant-modal', { hasText: '角色权限配置' });
    await dialog.getByRole('tab', { name: '数据权限' }).waitFor();
    const firstNode = dialog.locator('.ant-tree-treenode:not([aria-hidden="true"]) .ant-tree-checkbox').first();
    await firstNode.waitFor();
    await firstNode.click();
    await button(dialog, /^确\s*定$/).click();
    await page.getByText('操作成功').last().waitFor();
  });

  it('grants an app menu to the role, still ticked when the dialog opens again', async () => {
    const openAppMenus = async () => {
      await page.goto('/authority/role');
      await row('运营人员').getByRole('checkbox').check();
      await button(page, /权限设置/).click();
      const dialog = page.locator('.ant-modal', { hasText: '角色权限配置' });
      await dialog.getByRole('tab', { name: '应用菜单' }).click();
      return dialog;
    };
    const dialog = await openAppMenus();
    const node = (scope: Locator, text: string) =>
      scope.getByRole('tabpanel').getByRole('treeitem').filter({ hasText: text });
    await node(dialog, '清洁登记').locator('.ant-tree-checkbox').click();
    await button(dialog, /^确\s*定$/).click();
    await page.getByText('操作成功').last().waitFor();
    await dialog.waitFor({ state: 'hidden' });
    const reopened = await openAppMenus();
    await node(reopened, '清洁登记').and(reopened.locator('[aria-checked="true"]')).waitFor();
    await node(reopened, '查床').and(reopened.locator('[aria-checked="false"]')).waitFor();
  });

  it('lists an app’s menus in the app screen’s drawer', async () => {
    await page.goto('/business/app');
    await button(row('陪护床巡房H5'), /^菜\s*单$/).click();
    const drawer = page.locator('.ant-drawer', { hasText: '应用菜单' });
    await drawer.locator('tr.ant-table-row', { hasText: '清洁登记' }).waitFor();
    await drawer.locator('tr.ant-table-row', { hasText: '/ward/checkBed' }).getByText('启用').waitFor();
  });

  it('gives the ticked user a role, starting from the roles it holds', async () => {
    await page.goto('/system/user');
    await row('operator').getByRole('checkbox').check();
    await button(page, /角色配置/).click();
    const dialog = page.locator('.ant-modal', { hasText: '用户角色配置' });
    await dialog.locator('.ant-tree-checkbox-checked').first().waitFor();
    await button(dialog, /^确\s*定$/).click();
    await page.getByText('操作成功').last().waitFor();
    await dialog.waitFor({ state: 'hidden' });
  });

  it('asks before clearing a top menu, and leaves the dialog open when the question is declined', async () => {
    await page.goto('/system/topmenu');
    await button(row('业务运营'), /菜单配置/).click();
    const dialog = page.locator('.ant-modal', { hasText: '顶部菜单配置' });
    const ticked = dialog.locator('.ant-tree-treenode:not([aria-hidden="true"]) .ant-tree-checkbox-checked');
    await ticked.first().waitFor();
    while ((await ticked.count()) > 0) await ticked.first().click();
    await button(dialog, /^确\s*定$/).click();
    const question = page.locator('.ant-modal-confirm', {
      hasText: '未勾选任何菜单,确定清空该顶部菜单下的全部菜单吗?',
    });
    await question.waitFor();
    await button(question, /^取\s*消$/).click();
    await question.waitFor({ state: 'hidden' });
    await dialog.locator('.ant-tree-checkbox').first().click();
    await button(dialog, /^确\s*定$/).click();
    await page.getByText('操作成功').last().waitFor();
  });

  it("resets the chosen user's password after asking", async () => {
    await page.goto('/system/user');
    await row('operator').getByRole('checkbox').check();
    await button(page, /密码重置/).click();
    await page.getByText('确定将账号 operator 的密码重置为123456?').waitFor();
    await button(page.locator('.ant-modal-confirm'), /^确\s*定$/).click();
    await page.getByText('操作成功').last().waitFor();
  });
});
