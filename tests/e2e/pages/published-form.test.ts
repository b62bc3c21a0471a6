// A form rule published in the studio checks the operator's form in a real browser: the console imports the
// version's compiled validators from our own origin under the Content-Security-Policy without 'unsafe-eval' (the
// suite fails on any refused script), and the definition's own message shows, in Chinese and in English.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { type OpenConsole, openConsole, root } from '../harness';
import { adminToken, post } from './api';

let opened: OpenConsole;

beforeAll(async () => {
  opened = await openConsole();
});

afterAll(() => opened?.close());

describe('a form rule published in the studio', () => {
  it("checks the operator's form with the published version's validators and says the definition's message", async () => {
    const definition = JSON.parse(readFileSync(join(root, 'pages', 'system', 'param.json'), 'utf8'));
    definition.blocks[0].form.fields.paramKey = {
      required: true,
      pattern: '^[a-z.]+$',
      messages: { pattern: { zh: '参数键名只能是小写字母和点', en: 'Only lower-case letters and dots' } },
    };
    const token = await adminToken(opened.server.url);
    await post(opened.server.url, token, '/api/blade-system/studio/publish', {
      pageId: 'system/param',
      definition,
      comment: '参数键名的格式',
    });
    const { page } = opened;
    const validators = page.waitForResponse((response) =>
      response.url().includes('/api/blade-system/page-definition/form-validators?'),
    );
    await page.goto('/system/param');
    await page.getByRole('button', { name: /^新\s*增$/ }).click();
    const dialog = page.locator('.ant-modal').last();
    const key = dialog.getByLabel('参数键名');
    await key.fill('Account Key');
    await key.blur();
    await dialog.getByText('参数键名只能是小写字母和点').waitFor();
    const answer = await validators;
    if (answer.status() !== 200 || !answer.headers()['content-type']?.startsWith('text/javascript'))
      throw new Error(`the validators module answered ${answer.status()} ${answer.headers()['content-type']}`);
    await key.fill('account.key');
    await key.blur();
    await dialog.getByText('参数键名只能是小写字母和点').waitFor({ state: 'detached' });
  });
});
