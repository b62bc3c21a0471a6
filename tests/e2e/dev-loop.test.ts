// `npm run dev`: Vite's dev server (the page validator compiled for the browser, no `require`) in front of the real
// API server renders a screen, and editing its page file refreshes it. The file edited is the clients screen's, on a
// label no other test reads, as the other suites may be reading the page files while this one runs.
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

  it('refreshes the screen when its page file is edited', async () => {
    writeFileSync(clientFile, original.replace('"zh": "令牌秒数"', '"zh": "令牌有效秒数"'));
    // No reload by the test: the new label comes from the dev server alone.
    await page.getByRole('columnheader', { name: '令牌有效秒数', exact: true }).waitFor({ timeout: 20000 });
    expect(await page.getByRole('columnheader', { name: '令牌秒数', exact: true }).count()).toBe(0);
  });
});
