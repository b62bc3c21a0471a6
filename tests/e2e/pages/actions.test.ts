// Actions written as JSON, in a real browser against the real server: the SMS test message and a user's platform
// settings (forms of their pages, not custom dialogs), and the Excel import of posts.
import ExcelJS from 'exceljs';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ConsoleServer, type OpenConsole, openConsole, screenshot } from '../harness';
import { adminToken, post } from './api';

let opened: OpenConsole;
let server: ConsoleServer;
let page: Page;

const button = (scope: Page | Locator, text: RegExp) => scope.getByRole('button', { name: text });
const row = (text: string) => page.locator('tr.ant-table-row', { hasText: text });
const modal = (title: string) =>
  page.locator('.ant-modal', { has: page.locator('.ant-modal-title', { hasText: title }) });

beforeAll(async () => {
  opened = await openConsole();
  ({ server, page } = opened);
});

afterAll(() => opened?.close());

// A button whose loading icon is still fading out is named "loading 保 存", so the name is matched at its end.
describe('SMS test message', () => {
  it("checks the phone numbers, keeps the input when the server refuses, and shows the server's 发送成功", async () => {
    const token = await adminToken(server.url);
    const config = { category: 3, smsCode: 'e2e-test', templateId: 'SMS_1', accessKey: 'key', signName: '骑乐' };
    await post(server.url, token, '/api/blade-resource/sms/submit', config);
    await page.goto('/resource/sms');
    await button(row('e2e-test'), /发送测试/).click();
    const dialog = modal('发送测试');
    await dialog.getByLabel('手机号码').fill('1380013');
    await button(dialog, /保\s*存$/).click();
    await dialog.getByText('手机号码为11位数字,多个用英文逗号分隔').waitFor();
    await dialog.getByLabel('手机号码').fill('13800138000');
    await dialog.getByLabel('短信参数').fill('not json');
    await button(dialog, /保\s*存$/).click();
    await dialog.getByText('params 必须是 JSON 对象, 例如 {"code":"123456"}').waitFor();
    expect(await dialog.getByLabel('手机号码').inputValue()).toBe('13800138000');
    await dialog.getByLabel('短信参数').fill('{"code":"1234"}');
    await button(dialog, /保\s*存$/).click();
    await page.getByText('发送成功').last().waitFor();
    await dialog.waitFor({ state: 'hidden' });
  });
});

describe('platform settings', () => {
  it("loads the user's platform, saves a change, and shows it when opened again", async () => {
    await page.goto('/system/user');
    await button(row('operator'), /平台配置/).click();
    let dialog = modal('平台配置');
    await dialog.getByLabel('用户拓展').waitFor();
    await dialog.locator('.ant-select').click();
    await page.locator('.ant-select-item-option', { hasText: 'APP' }).click();
    await dialog.getByLabel('用户拓展').fill('{"team":"east"}');
    await button(dialog, /保\s*存$/).click();
    await page.getByText('操作成功').last().waitFor();
    await dialog.waitFor({ state: 'hidden' });
    await button(row('operator'), /平台配置/).click();
    dialog = modal('平台配置');
    await dialog.getByText('APP').waitFor();
    expect(await dialog.getByLabel('用户拓展').inputValue()).toBe('{"team":"east"}');
    await button(dialog, /^取\s*消$/).click();
  });
});

describe('Excel import of posts', () => {
  it('previews the rows with their errors, imports the valid ones and lists them', async () => {
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('岗位');
    sheet.addRow(['岗位类型', '岗位编号', '岗位名称', '岗位排序', '岗位描述']);
    sheet.addRow(['基层', 'e2e-keeper', '仓库管理员', 7, '管理仓库']);
    sheet.addRow(['中层', 'e2e-lead', '站点主管', 8, '']);
    sheet.addRow(['外包', 'e2e-temp', '临时工', 9, '']);
    const buffer = Buffer.from(await book.xlsx.writeBuffer());

    await page.goto('/system/post');
    await button(page, /^导\s*入$/).click();
    const dialog = modal('导入');
    const [template] = await Promise.all([page.waitForEvent('download'), button(dialog, /下载模板/).click()]);
    expect(template.suggestedFilename()).toBe('岗位管理导入模板.xlsx');
    await dialog.locator('input[type=file]').setInputFiles({
      name: 'posts.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer,
    });
    await dialog.getByText('共 3 行, 可导入 2 行, 有错误 1 行 (有错误的行不会导入)').waitFor();
    await dialog.getByText('岗位类型没有选项“外包”').waitFor();
    await screenshot(page, 'post-import-preview');
    await button(dialog, /^导入 2 行$/).click();
    await page.getByText('导入完成: 成功 2 行, 失败 0 行').waitFor();
    await button(dialog.locator('.ant-modal-footer'), /^关\s*闭$/).click();
    await row('e2e-keeper').waitFor();
    expect(await row('e2e-lead').textContent()).toContain('中层');
  });
});
