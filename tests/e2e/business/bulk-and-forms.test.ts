// Equipment in bulk, as an operator adds a new site's fleet: a spreadsheet of 20 devices with two bad rows — a number
// already taken and a site that does not exist, which only the server knows — previewed with their errors, the 18
// good ones imported at once and the two refused; then two of the new devices disabled together from the list, two
// put on a price plan of their own (the picker offering only their site's plans) and two moved to another site, each
// confirm naming the devices and the plan or site. And a new franchisee entered in
// one form, its department made with it, the picker offering only the units no company owns.
import ExcelJS from 'exceljs';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type OpenConsole, openConsole, screenshot } from '../harness';
import { adminToken, get } from '../pages/api';

let opened: OpenConsole;
let page: Page;

const button = (scope: Page | Locator, text: RegExp) => scope.getByRole('button', { name: text });
const row = (text: string) => page.locator('tr.ant-table-row', { hasText: text });
const modal = (title: string) =>
  page.locator('.ant-modal', { has: page.locator('.ant-modal-title', { hasText: title }) });

beforeAll(async () => {
  opened = await openConsole();
  ({ page } = opened);
});
afterAll(() => opened?.close());

async function fleet(): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('设备');
  sheet.addRow(['设备编号', '设备类型', '所属站点', '锁设备号', '设备状态', '备注']);
  for (let n = 1; n <= 20; n += 1) {
    const number = `NEW-${String(n).padStart(2, '0')}`;
    // Row 6 takes a number the demo fleet has; row 13 names a site nobody has.
    const keyPair = n === 5 ? 'SH01-0001' : number;
    const site = n === 12 ? '火星乐园' : '港汇恒隆广场';
    sheet.addRow([keyPair, '折叠婴儿推车', site, `NB990${String(n).padStart(2, '0')}`, '空闲', '新到货']);
  }
  return Buffer.from(await book.xlsx.writeBuffer());
}

describe('equipment import and batch actions', () => {
  it('imports 20 devices, showing and refusing the 2 bad rows, then disables two of them at once', async () => {
    await page.goto('/business/equ');
    await button(page, /^导\s*入$/).click();
    const dialog = modal('导入');
    const [template] = await Promise.all([page.waitForEvent('download'), button(dialog, /下载模板/).click()]);
    expect(template.suggestedFilename()).toBe('设备管理导入模板.xlsx');
    // The server's template: an example row, and a sheet of what each column takes.
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile(await template.path());
    expect(book.worksheets.map((sheet) => sheet.name)).toEqual(['设备', '可填写的值']);
    expect(book.worksheets[0].getCell('A2').value).toBe('示例-0001');
    await dialog.locator('input[type=file]').setInputFiles({
      name: 'fleet.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: await fleet(),
    });
    await dialog.getByText('共 20 行, 可导入 18 行, 有错误 2 行 (有错误的行不会导入)').waitFor();
    await button(dialog, /^导入 18 行$/).click();
    await page.getByText('导入完成: 成功 18 行, 失败 0 行').waitFor();
    // What is left on screen is what was refused, with the server's reasons.
    await dialog.getByText('设备编号已存在').waitFor();
    await dialog.getByText('所属站点不存在').waitFor();
    expect(await dialog.locator('tr.ant-table-row').count()).toBe(2);
    await screenshot(page, 'equipment-import-refused');
    await button(dialog.locator('.ant-modal-footer'), /^关\s*闭$/).click();

    // The list's own search field, not the header's record search, whose hint names device numbers too.
    await page
      .locator('main')
      .getByPlaceholder(/设备编号/)
      .first()
      .fill('NEW-');
    await page.keyboard.press('Enter');
    await row('NEW-01').waitFor();
    expect(await row('NEW-01').innerText()).toContain('港汇恒隆广场');
    for (const number of ['NEW-01', 'NEW-02']) await row(number).locator('input[type=checkbox]').check();
    await button(page, /^批量停用$/).click();
    await page.getByText('确定停用选中的 2 台设备(NEW-01, NEW-02)? 停用后不能租用和开锁').waitFor();
    await button(page.locator('.ant-modal-confirm'), /^确\s*定$/).click();
    await page.getByText('已停用').first().waitFor();
    await expect.poll(async () => row('NEW-02').innerText()).toContain('已停用');
    expect(await row('NEW-03').innerText()).toContain('空闲');
  });

  it("offers only the plans of the ticked devices' site, and each confirm names the devices and where they go", async () => {
    for (const number of ['NEW-01', 'NEW-02']) await row(number).locator('input[type=checkbox]').uncheck();
    for (const number of ['NEW-03', 'NEW-04']) await row(number).locator('input[type=checkbox]').check();
    await button(page, /^设置价格方案$/).click();
    const form = modal('给选中的设备设置价格方案');
    const plan = '港汇恒隆广场折叠婴儿推车标准价';
    const offered = page.locator('.ant-select-dropdown:visible .ant-select-item-option');
    await form.getByLabel('价格方案').click();
    await offered.first().waitFor();
    expect(await offered.allInnerTexts()).toEqual([plan]);
    // Another site's plan is not there to be picked (the server would refuse it, naming each device).
    await form.getByLabel('价格方案').fill('来福士广场');
    await page.locator('.ant-select-dropdown:visible .ant-empty').waitFor();
    await form.getByLabel('价格方案').fill('港汇');
    await offered.filter({ hasText: plan }).click();
    await button(form, /^保\s*存$/).click();
    await page.getByText(`确定让选中的 2 台设备(NEW-03, NEW-04)按价格方案「${plan}」计费?`).waitFor();
    await button(page.locator('.ant-modal-confirm'), /^确\s*定$/).click();
    await page.getByText('已设置价格方案').first().waitFor();
    await expect.poll(async () => row('NEW-04').innerText()).toContain(plan);
    expect(await row('NEW-06').innerText()).not.toContain('标准价');

    for (const number of ['NEW-03', 'NEW-04']) await row(number).locator('input[type=checkbox]').uncheck();
    for (const number of ['NEW-06', 'NEW-07']) await row(number).locator('input[type=checkbox]').check();
    await button(page, /^搬到站点$/).click();
    const move = modal('把选中的设备搬到站点');
    await move.getByLabel('所属站点').fill('来福士');
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option[title="来福士广场"]').click();
    await button(move, /^保\s*存$/).click();
    await page.getByText('确定把选中的 2 台设备(NEW-06, NEW-07)搬到站点「来福士广场」?').waitFor();
    await screenshot(page, 'equipment-move-confirm');
    await button(page.locator('.ant-modal-confirm'), /^确\s*定$/).click();
    await page.getByText('已搬到新站点').first().waitFor();
    await expect.poll(async () => row('NEW-07').innerText()).toContain('来福士广场');
  });
});

describe('a company in one step', () => {
  it('creates the company and its department from one form', async () => {
    await page.goto('/business/company');
    await button(page, /^新\s*增$/)
      .first()
      .click();
    const dialog = page.locator('.ant-modal', { hasText: '公司管理 - 新增' }).last();
    await dialog.getByLabel('公司名称').fill('杭州星星推车有限公司');
    await dialog.getByLabel('公司简称').fill('星星推车');
    await dialog.getByLabel('公司类型', { exact: true }).click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: '加盟' }).first().click();
    await dialog.getByText('留空则新建与公司同名的机构').waitFor();
    // The department picker offers only the units no company owns; the head office's unit, owned, is shown only to
    // lead to them, and the franchisees' units are not there at all.
    await dialog.getByLabel('所属机构', { exact: true }).click();
    const dropdown = page.locator('.ant-select-dropdown:visible');
    const offered = dropdown.locator('.ant-select-tree-treenode:not(.ant-select-tree-treenode-disabled)');
    // The virtual list measures with a blank node of its own.
    await expect
      .poll(async () => (await offered.allInnerTexts()).filter(Boolean))
      .toEqual(['儿童医院站点', '万达广场站点']);
    expect((await dropdown.locator('.ant-select-tree-treenode-disabled').allInnerTexts()).filter(Boolean)).toEqual([
      '乐行租赁',
    ]);
    await dialog.locator('.ant-modal-title').click();
    await button(dialog, /^保\s*存$/).click();
    await page.locator('.ant-message').getByText('新增成功').last().waitFor();
    await row('杭州星星推车有限公司').waitFor();
    // Its department is there for its sites and staff.
    const token = await adminToken(opened.server.url);
    const depts = await get<Array<{ deptName: string; fullName: string }>>(
      opened.server.url,
      token,
      `/api/blade-system/dept/list?deptName=${encodeURIComponent('星星推车')}`,
    );
    expect(depts).toEqual(
      expect.arrayContaining([expect.objectContaining({ deptName: '星星推车', fullName: '杭州星星推车有限公司' })]),
    );
  });
});
