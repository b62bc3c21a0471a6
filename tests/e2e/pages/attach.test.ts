// The attachment screen in a real browser against the real server: 上传 sends files through put-file, which records
// them; 下载 saves a listed file; a file whose content is not what its name says is refused with the server's message.
import fs from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type OpenConsole, openConsole, screenshot } from '../harness';

let opened: OpenConsole;
let page: Page;

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 1)]);
const dialog = () => page.locator('.ant-modal').last();
const closeDialog = () =>
  dialog()
    .locator('.ant-modal-footer')
    .getByRole('button', { name: /^关\s*闭$/ })
    .click();
const row = (text: string) => page.locator('tr.ant-table-row', { hasText: text });

beforeAll(async () => {
  opened = await openConsole();
  ({ page } = opened);
  await page.goto('/resource/attach');
  await page.locator('.ant-table').waitFor();
});

afterAll(() => opened?.close());

describe('attachment screen', () => {
  it('uploads a file without ticking rows and lists it when the dialog closes', async () => {
    await page.getByRole('button', { name: /^上\s*传$/ }).click();
    await dialog().getByText('点击或将文件拖到此处上传').waitFor();
    await dialog()
      .locator('input[type=file]')
      .setInputFiles({ name: 'site-map.png', mimeType: 'image/png', buffer: PNG });
    await page.getByText('上传成功').last().waitFor();
    await screenshot(page, 'attach-upload');
    await closeDialog();
    await row('site-map.png').waitFor();
    expect(await row('site-map.png').textContent()).toContain(String(PNG.length));
  });

  it('downloads a listed file under its original name', async () => {
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      row('site-map.png')
        .getByRole('button', { name: /^下\s*载$/ })
        .click(),
    ]);
    expect(download.suggestedFilename()).toBe('site-map.png');
    expect(fs.readFileSync(await download.path())).toEqual(PNG);
  });

  it('shows the refusal of a file whose content does not match its name', async () => {
    await page.getByRole('button', { name: /^上\s*传$/ }).click();
    await dialog()
      .locator('input[type=file]')
      .setInputFiles({ name: 'fake.pdf', mimeType: 'application/pdf', buffer: Buffer.from('not a pdf') });
    await page.getByText('file 内容与扩展名 .pdf 不符').first().waitFor();
    await closeDialog();
    expect(await row('fake.pdf').count()).toBe(0);
  });
});
