// The official account screens in a real browser against the real server, its demo account and the platform
// simulator: a QR code made from the account list, its fans of the last seven days, the fans synced, a fan's question
// answered, and the account menu saved and published, with the platform's refusal of an unfinished button shown
// before it is fixed.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buttonName, type OpenConsole, openConsole, screenshot } from '../harness';

let opened: OpenConsole;
let page: Page;

const row = (text: string) => page.locator('tr.ant-table-row', { hasText: text });
const dialog = () => page.locator('.ant-modal').last();

beforeAll(async () => {
  opened = await openConsole();
  ({ page } = opened);
});

afterAll(() => opened?.close());

describe('official account', () => {
  it('makes a follow QR code for the account and shows its address', async () => {
    await page.goto('/mp/wxaccount');
    const account = row('乐行租赁');
    await account.waitFor();
    await account.getByRole('button', { name: buttonName('生成二维码') }).click();
    await dialog().getByLabel('场景值').fill('site-wanda');
    await dialog()
      .getByRole('button', { name: buttonName('保存') })
      .click();
    await page.locator('.ant-modal', { hasText: '二维码地址' }).getByText('showqrcode?ticket=').waitFor();
    await screenshot(page, 'mp-account-qr');
  });

  it("shows the account's last seven days of fans as a table, with no success toast for reading them", async () => {
    await page.goto('/mp/wxaccount');
    await row('乐行租赁')
      .getByRole('button', { name: buttonName('数据统计') })
      .click();
    const table = page.locator('.ant-modal', { hasText: '粉丝增长 (最近7天)' });
    await expect.poll(() => table.locator('tr.ant-table-row').count()).toBe(7);
    expect(await page.locator('.ant-message-notice').count()).toBe(0);
    await table
      .locator('.ant-modal-footer')
      .getByRole('button', { name: buttonName('关闭') })
      .click();
  });

  it('syncs the fans from the platform', async () => {
    await page.goto('/mp/wxaccountfans');
    await row('oLx').first().waitFor();
    await page.getByRole('button', { name: buttonName('同步粉丝') }).click();
    await dialog().getByLabel('公众号').click();
    await page.locator('.ant-select-item-option', { hasText: '乐行租赁' }).click();
    await dialog()
      .getByRole('button', { name: buttonName('保存') })
      .click();
    await page.getByText('同步完成: 36 位粉丝').waitFor();
  });

  it('replies to a fan’s question, and the message shows as answered', async () => {
    await page.goto('/mp/wxfansmsg');
    const question = row('押金可以免吗');
    // The state's name comes from its dictionary: the rows wait for it, so the name is there with them.
    expect(await question.innerText()).toContain('待回复');
    await question.getByRole('button', { name: buttonName('回复') }).click();
    await dialog().getByLabel('回复内容').fill('信用良好的用户可使用微信支付分免押金租借');
    await dialog()
      .getByRole('button', { name: buttonName('保存') })
      .click();
    await page.getByText('回复成功').waitFor();
    await expect.poll(() => question.innerText()).toContain('已回复');
  });

  it('saves the menu, shows the platform refusing a button without its link, then publishes it', async () => {
    await page.goto('/mp/wxmenu');
    const account = row('乐行租赁');
    await account.waitFor();
    await account.getByRole('button', { name: buttonName('编辑菜单') }).click();
    const editor = page.locator('.ant-modal', { hasText: '编辑菜单' });
    await editor.getByText('已发布').waitFor();
    const help = editor.locator('.ant-card', { has: page.locator('input[value="帮助"]') });
    await help.getByRole('button', { name: buttonName('添加子菜单') }).click();
    await editor.getByRole('button', { name: buttonName('发布') }).click();
    await editor.getByText('40017 invalid button type').waitFor();
    await screenshot(page, 'mp-menu-refused');
    await help.getByLabel('网页链接').last().fill('https://rent.example.com/help/invoice');
    await editor.getByRole('button', { name: buttonName('发布') }).click();
    await page.getByText('发布成功').waitFor();
    await editor.getByText('已发布').waitFor();
    expect(await editor.getByText('40017').count()).toBe(0);
  });
});
