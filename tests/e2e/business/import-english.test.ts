// Importing equipment on the English screen: the template comes in English with its example row and its sheet of
// allowed values; a file filled in from it, states written in English (Idle, Fault), is previewed with the example row
// refused, and the two devices are imported.
import ExcelJS from 'exceljs';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type OpenConsole, openConsole, screenshot } from '../harness';

let opened: OpenConsole;
let page: Page;

const button = (scope: Page | Locator, text: RegExp) => scope.getByRole('button', { name: text });
const row = (text: string) => page.locator('tr.ant-table-row', { hasText: text });

beforeAll(async () => {
  opened = await openConsole();
  ({ page } = opened);
});
afterAll(() => opened?.close());

describe('equipment import in English', () => {
  it('hands out an English template and takes English state labels', async () => {
    const chinese = page.getByRole('button', { name: '语言' });
    if (await chinese.count()) {
      await chinese.click();
      await page.getByRole('menuitem', { name: 'English' }).click();
    }
    await page.goto('/business/equ');
    await button(page, /^Import$/).click();
    const dialog = page.locator('.ant-modal', { has: page.locator('.ant-modal-title', { hasText: 'Import' }) });
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      button(dialog, /Download the template/).click(),
    ]);
    expect(download.suggestedFilename()).toBe('Equipment import template.xlsx');
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile(await download.path());
    expect(book.worksheets.map((sheet) => sheet.name)).toEqual(['Equipment', 'Allowed values']);
    const [sheet, values] = book.worksheets;
    expect(sheet.getCell('A2').value).toBe('EXAMPLE-0001');
    expect(values.getColumn(7).values).toEqual(expect.arrayContaining(['Idle', 'Fault', 'Offline', 'Disabled']));

    // Filled in below the example row, which is left in by mistake; numbers of this attempt's own, so a retry is not
    // refused for the first attempt's devices.
    const prefix = `EN${Date.now().toString(36).slice(-5).toUpperCase()}`;
    // Rows 3 and 4, as a person types them (the drop-down cells below make addRow start further down).
    sheet.getRow(3).values = [`${prefix}-1`, '折叠婴儿推车', '港汇恒隆广场', `${prefix}-L1`, null, null, 'Idle'];
    sheet.getRow(4).values = [`${prefix}-2`, '折叠婴儿推车', '港汇恒隆广场', `${prefix}-L2`, null, null, 'Fault'];
    await dialog.locator('input[type=file]').setInputFiles({
      name: 'fleet-en.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: Buffer.from(await book.xlsx.writeBuffer()),
    });
    await dialog.getByText('3 rows: 2 can be imported, 1 have errors (rows with errors are not imported)').waitFor();
    await dialog.getByText("This is the template's example row: change or delete it").waitFor();
    expect(await dialog.locator('tr.ant-table-row td:first-child').allInnerTexts()).toEqual(['2', '3', '4']);
    await screenshot(page, 'equipment-import-en');
    await button(dialog, /^Import 2 rows$/).click();
    await page.getByText('Import finished: 2 rows saved, 0 refused').waitFor();
    await button(dialog.locator('.ant-modal-footer'), /^Close$/).click();

    await page
      .locator('main')
      .getByPlaceholder(/equipment no/i)
      .first()
      .fill(prefix);
    await page.keyboard.press('Enter');
    await expect.poll(async () => row(`${prefix}-2`).innerText()).toContain('Fault');
    expect(await row(`${prefix}-1`).innerText()).toContain('Idle');
  });
});
