// Screens that read the BladeX answer shapes, in a real browser: the top-menu grant dialog ({menu: [...]} trees and
// keys, saved and re-opened with the same ticks, asking before clearing everything), and a menu and a department
// shown as soon as they are added; posts chosen by name in the user form.
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerConfirm, type OpenConsole, openConsole } from '../harness';

let opened: OpenConsole;
let page: Page;

const button = (scope: Page | Locator, text: RegExp) => scope.getByRole('button', { name: text });
const row = (text: string) => page.locator('tr.ant-table-row', { hasText: text });
const dialog = () => page.locator('.ant-modal').last();
const grantDialog = () => page.locator('.ant-modal', { hasText: '顶部菜单配置' });
const treeNode = (title: string) =>
  grantDialog().locator('.ant-tree-treenode', {
    has: page.locator('.ant-tree-title', { hasText: new RegExp(`^${title}$`) }),
  });
const isTicked = async (title: string) =>
  (await treeNode(title).getAttribute('class'))?.includes('ant-tree-treenode-checkbox-checked') ?? false;

async function openTopMenuGrant() {
  await page.goto('/system/topmenu');
  await button(row('系统运维'), /菜单配置/).click();
  await treeNode('系统管理').waitFor();
}

beforeAll(async () => {
  opened = await openConsole();
  ({ page } = opened);
});

afterAll(() => opened?.close());

describe('top-menu grant', () => {
  it('shows the menu tree with the top menu ticks, saves a change and re-opens with the same ticks', async () => {
    await openTopMenuGrant();
    expect(await isTicked('系统管理')).toBe(true);
    expect(await isTicked('岗位管理')).toBe(true);
    expect(await isTicked('工作台')).toBe(true);
    expect(await isTicked('业务管理')).toBe(false);
    await treeNode('工作台').locator('.ant-tree-checkbox').click();
    expect(await isTicked('工作台')).toBe(false);
    await button(grantDialog(), /^确\s*定$/).click();
    await page.getByText('操作成功').last().waitFor();
    await grantDialog().waitFor({ state: 'detached' });

    await button(row('系统运维'), /菜单配置/).click();
    await treeNode('系统管理').waitFor();
    expect(await isTicked('工作台')).toBe(false);
    expect(await isTicked('通知公告')).toBe(false);
    expect(await isTicked('系统管理')).toBe(true);
    expect(await isTicked('岗位管理')).toBe(true);
    expect(await isTicked('权限管理')).toBe(true);
  });

  it('asks before saving with nothing ticked, and keeps the grants when the answer is no', async () => {
    for (const group of ['系统管理', '权限管理', '资源管理', '系统监控']) {
      await treeNode(group).locator('.ant-tree-checkbox').click();
    }
    await button(grantDialog(), /^确\s*定$/).click();
    await page.locator('.ant-modal-confirm').getByText('未勾选任何菜单,确定清空该顶部菜单下的全部菜单吗?').waitFor();
    await answerConfirm(page, /^取\s*消$/);
    await button(grantDialog().locator('.ant-modal-footer'), /^取\s*消$/).click();
    await grantDialog().waitFor({ state: 'detached' });
    await openTopMenuGrant();
    expect(await isTicked('系统管理')).toBe(true);
    await button(grantDialog().locator('.ant-modal-footer'), /^取\s*消$/).click();
  });
});

describe('tree screens show a new row at once', () => {
  it('adds a menu and shows it in the menu list', async () => {
    await page.goto('/system/menu');
    await row('/system').first().waitFor();
    await button(page, /^新\s*增$/).click();
    await dialog().getByLabel('菜单名称').fill('租赁看板');
    await dialog().getByLabel('路由地址').fill('/rental-board');
    await dialog().getByLabel('菜单编号').fill('rental_board');
    await dialog().getByLabel('菜单排序').fill('99');
    await button(dialog(), /^保\s*存$/).click();
    await page.getByText('新增成功').last().waitFor();
    await row('/rental-board').waitFor();
  });

  it('adds a department and shows it in the department list', async () => {
    await page.goto('/system/dept');
    await row('乐行租赁').first().waitFor();
    await button(page, /^新\s*增$/).click();
    await dialog().getByLabel('机构名称').fill('火车站站点');
    await dialog().getByLabel('机构全称').fill('乐行租赁火车站站点');
    await dialog().getByLabel('机构类型').click();
    await page.locator('.ant-select-item-option', { hasText: '部门' }).click();
    await dialog().getByLabel('排序').fill('3');
    await button(dialog(), /^保\s*存$/).click();
    await page.getByText('新增成功').last().waitFor();
    await row('乐行租赁火车站站点').waitFor();
  });
});

describe('posts in the user form', () => {
  it("shows a user's post by name and offers every post by name", async () => {
    await page.goto('/system/user');
    await row('admin').first().waitFor();
    // The administrator's own row: the demo's finance lead holds the administrator role too.
    const admin = page
      .locator('tr.ant-table-row')
      .filter({ has: page.getByRole('cell', { name: 'admin', exact: true }) });
    await button(admin, /^查\s*看$/).click();
    await dialog().getByText('总经理').waitFor();
    await button(dialog().locator('.ant-modal-footer'), /^关\s*闭$/).click();
    await button(page, /^新\s*增$/).click();
    await dialog().getByLabel('所属岗位').click();
    await page.locator('.ant-select-tree-node-content-wrapper', { hasText: '站点主管' }).click();
    await page.locator('.ant-select-tree-node-content-wrapper', { hasText: '客服专员' }).click();
    const chosen = dialog().locator('.ant-select-selection-item', { hasText: /站点主管|客服专员/ });
    await expect.poll(() => chosen.count()).toBe(2);
    await button(dialog().locator('.ant-modal-footer'), /^取\s*消$/).click();
  });
});
