// Figures of the console shell for `npm run bench`: the gzipped JavaScript the browser loads for /login and for the
// first screen after sign-in (from the built dist/), and the time from pressing sign-in to the home screen being
// visible, in headless Chromium against the real server. Prints nothing itself.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import { launchBrowser, newPage, root, startServer } from '../../tests/e2e/harness';

const signInRuns = 5;

/** Records every script the page loads from the built console. */
function watchScripts(page: Page): Set<string> {
  const scripts = new Set<string>();
  page.on('response', (response) => {
    const path = new URL(response.url()).pathname;
    if (path.startsWith('/assets/') && path.endsWith('.js')) scripts.add(path);
  });
  return scripts;
}

const gzippedKb = (paths: Iterable<string>): number => {
  let bytes = 0;
  for (const path of paths) bytes += gzipSync(readFileSync(join(root, 'dist', path))).length;
  return Math.round(bytes / 102.4) / 10;
};

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

export async function benchShell(): Promise<Record<string, string | number>> {
  const server = await startServer();
  const browser = await launchBrowser();
  try {
    const times: number[] = [];
    let loginScripts = new Set<string>();
    let homeScripts = new Set<string>();
    for (let run = 0; run < signInRuns; run += 1) {
      const { context, page } = await newPage(browser, server);
      const scripts = watchScripts(page);
      await page.goto('/login', { waitUntil: 'networkidle' });
      loginScripts = new Set(scripts);
      await page.getByPlaceholder('请输入账号').fill('admin');
      await page.getByPlaceholder('请输入密码').fill('admin');
      const pressed = performance.now();
      await page.getByRole('button', { name: /登\s*录/ }).click();
      await page.locator('.console-sider .ant-menu-submenu-title').first().waitFor();
      await page.getByText('首页').first().waitFor();
      times.push(performance.now() - pressed);
      await page.waitForLoadState('networkidle');
      homeScripts = new Set(scripts);
      await context.close();
    }
    return {
      'JS for /login (gzip, KB)': gzippedKb(loginScripts),
      'JS for /login, goal': '< 200 KB',
      'JS files for /login': loginScripts.size,
      'JS for the first screen after sign-in (gzip, KB, incl. /login)': gzippedKb(homeScripts),
      [`sign-in pressed → home visible (ms, median of ${signInRuns})`]: Math.round(median(times)),
      'sign-in pressed → home visible (ms, fastest)': Math.round(Math.min(...times)),
    };
  } finally {
    await browser.close();
    await server.stop();
  }
}
