// What an analyst does in 页面工作室, step by step, for the studio's browser tests.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { buttonName, root } from '../harness';

export const studioPreview = (page: Page) => page.getByTestId('studio-preview');

/** Opens a page in the studio from its list, searched by id. */
export async function openInStudio(page: Page, pageId: string, search = '搜索页面') {
  await page.goto('/system/studio');
  await page.getByRole('searchbox', { name: search }).fill(pageId);
  await page.getByText(pageId, { exact: true }).click();
  await studioPreview(page).waitFor();
}

/** The shipped file's text (the editor draws only the lines in sight, so its text is not read from the screen). */
export const shippedText = (pageId: string) => readFileSync(join(root, 'pages', `${pageId}.json`), 'utf8');

/** Replaces the editor's whole text, as an analyst pasting a page would. */
export async function replaceJson(page: Page, text: string) {
  await page.locator('.cm-content').click();
  await page.keyboard.press('Control+A');
  await page.keyboard.insertText(text);
}

/** Presses 发布, writes the comment and confirms. */
export async function publish(page: Page, comment: string, button = '发布', field = '发布说明') {
  await page
    .getByRole('button', { name: buttonName(button) })
    .first()
    .click();
  const dialog = page.locator('.ant-modal').filter({ has: page.getByLabel(field) });
  await dialog.getByLabel(field).fill(comment);
  await dialog.getByRole('button', { name: buttonName(button) }).click();
}
