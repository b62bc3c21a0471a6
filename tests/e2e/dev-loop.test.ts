// `npm run dev`: Vite's dev server (the page validator compiled for the browser, no `require`) in front of the real
// API server renders a screen, and editing its page file redraws it in place, without a reload: the search typed, the
// dialog open and what was typed in it are still there. The file edited is the clients screen's, on a label no other
// test reads, as the other suites may be reading the page files while this one runs; it is restored afterwards.
import { readFileSync, writeFileSync } from 'node:fs';
import { createServer as listen } from 'node:net';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { createServer, type ViteDevServer } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ConsoleServer, launchBrowser, root, startServer } from './harness';

const clientFile = join(root, 'pages', 'system', 'client.json');
const original = readFileSync(clientFile, 'utf8');

let api: ConsoleServer;
let vite: ViteDevServer;
let browser: Browser;
let page: Page;

const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = listen().listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });

beforeAll(async () => {
  api = await startServer();
  vite = await createServer({
    root,
    configFile: join(root, 'vite.config.ts'),
    logLevel: 'warn',
    server: { host: '127.0.0.1', port: await freePort(), strictPort: true, proxy: { '/api': api.url } },
  });
  await vite.listen();
  browser = await launchBrowser();
  const context = await browser.newContext({
    baseURL: vite.resolvedUrls?.local[0],
    viewport: { width: 1366, height: 800 },
  });
  page = await context.newPage();
  // The dev server transforms the console module by module on its first load, which takes a while on a busy machine.
  await page.goto('/login', { timeout: 120000 });
  await page.getByPlaceholder('请输入账号').fill('admin');
  await page.getByPlaceholder('请输入密码').fill('admin');
  await page.getByRole('button', { name: /登\s*录/ }).click();
  await page.waitForURL('**/wel/index', { timeout: 60000 });
});

afterAll(async () => {
  writeFileSync(clientFile, original);
  await browser?.close();
  await vite?.close();
  await api?.stop();
});

describe('npm run dev', () => {
  it('renders a screen from its page definition, not the error panel', async () => {
    await page.goto('/system/client');
    await page.getByRole('columnheader', { name: '令牌秒数', exact: true }).waitFor({ timeout: 60000 });
    expect(await page.getByText('页面出错了').count()).toBe(0);
  });

  it('redraws the open screen when its page file is edited, keeping its search, its dialog and the window', async () => {
    // A mark on the window, gone if the console reloaded or navigated.
    await page.evaluate(() => Object.assign(window, { beforeTheEdit: true }));
    const address = page.url();
    const search = page.getByPlaceholder('请输入应用id').first();
    await search.fill('saber');
    await page.getByRole('button', { name: /^新\s*增$/ }).click();
    // The dev server transforms the form's modules when it first opens.
    const dialog = page.locator('.ant-modal').last();
    await dialog.getByLabel('令牌秒数', { exact: true }).waitFor({ timeout: 60000 });
    await dialog.getByLabel('应用id', { exact: true }).fill('kept-client');

    writeFileSync(clientFile, original.replace('"zh": "令牌秒数"', '"zh": "令牌有效秒数"'));
    // No reload by the test: the new label comes from the dev server alone, into the dialog still open.
    await dialog.getByLabel('令牌有效秒数', { exact: true }).waitFor({ timeout: 30000 });
    expect(await dialog.getByLabel('令牌秒数', { exact: true }).count()).toBe(0);
    expect(await dialog.getByLabel('应用id', { exact: true }).inputValue()).toBe('kept-client');
    expect(await search.inputValue()).toBe('saber');
    expect(await page.evaluate(() => 'beforeTheEdit' in window)).toBe(true);
    expect(page.url()).toBe(address);

    await dialog.getByRole('button', { name: /^取\s*消$/ }).click();
    await page.getByRole('columnheader', { name: '令牌有效秒数', exact: true }).waitFor({ timeout: 20000 });
    expect(await page.getByRole('columnheader', { name: '令牌秒数', exact: true }).count()).toBe(0);
  });
});
