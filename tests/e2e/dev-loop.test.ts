// `npm run dev`: Vite's dev server (the page validator compiled for the browser, no `require`) in front of the real
// API server renders a screen, and editing its page file refreshes it.
import { readFileSync, writeFileSync } from 'node:fs';
import { createServer as listen } from 'node:net';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { createServer, type ViteDevServer } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ConsoleServer, launchBrowser, root, startServer } from './harness';

const paramFile = join(root, 'pages', 'system', 'param.json');
const original = readFileSync(paramFile, 'utf8');

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
  await page.goto('/login');
  await page.getByPlaceholder('请输入账号').fill('admin');
  await page.getByPlaceholder('请输入密码').fill('admin');
  await page.getByRole('button', { name: /登\s*录/ }).click();
  await page.waitForURL('**/wel/index', { timeout: 60000 });
});

afterAll(async () => {
  writeFileSync(paramFile, original);
  await browser?.close();
  await vite?.close();
  await api?.stop();
});

describe('npm run dev', () => {
  it('renders a screen from its page definition, not the error panel', async () => {
    await page.goto('/system/param');
    await page.getByRole('columnheader', { name: '参数键名' }).waitFor({ timeout: 60000 });
    expect(await page.getByText('页面出错了').count()).toBe(0);
  });

  it('refreshes the screen when its page file is edited', async () => {
    writeFileSync(paramFile, original.replace('"zh": "参数键名"', '"zh": "参数键"'));
    // No reload by the test: the new label comes from the dev server alone.
    await page.getByRole('columnheader', { name: '参数键', exact: true }).waitFor({ timeout: 20000 });
    expect(await page.getByRole('columnheader', { name: '参数键名' }).count()).toBe(0);
  });
});
