// Figures of the console shell for `npm run bench`: the time from pressing sign-in to the home screen being visible,
// and the weight of a fresh load (the gzipped JavaScript the browser fetched, cumulative from /login through the home
// screen to one CRUD screen), in headless Chromium against the real server. Prints nothing itself.
import type { Page } from 'playwright-core';
import { launchBrowser, newPage, startServer } from '../../tests/e2e/harness';
import { gzippedKb, heaviest } from './weight';

const signInRuns = 5;
/** The CRUD screen the weight is measured on. */
const crudScreen = '/system/param';

/** Records every script the page loads from the built console. */
function watchScripts(page: Page): Set<string> {
  const scripts = new Set<string>();
  page.on('response', (response) => {
    const path = new URL(response.url()).pathname;
    if (path.startsWith('/assets/') && path.endsWith('.js')) scripts.add(path);
  });
  return scripts;
}

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

interface Loaded {
  login: Set<string>;
  home: Set<string>;
  crud: Set<string>;
}

export async function benchShell(): Promise<Record<string, string | number>> {
  const server = await startServer();
  const browser = await launchBrowser();
  try {
    const times: number[] = [];
    let loaded: Loaded = { login: new Set(), home: new Set(), crud: new Set() };
    for (let run = 0; run < signInRuns; run += 1) {
      // A new context per run: an empty cache, as on an operator's first visit.
      const { context, page } = await newPage(browser, server);
      const scripts = watchScripts(page);
      await page.goto('/login', { waitUntil: 'networkidle' });
      const login = new Set(scripts);
      await page.getByPlaceholder('请输入账号').fill('admin');
      await page.getByPlaceholder('请输入密码').fill('admin');
      const pressed = performance.now();
      await page.getByRole('button', { name: /登\s*录/ }).click();
      await page.locator('.console-sider .ant-menu-submenu-title').first().waitFor();
      await page.getByText('首页').first().waitFor();
      times.push(performance.now() - pressed);
      await page.waitForLoadState('networkidle');
      const home = new Set(scripts);
      await page.goto(crudScreen, { waitUntil: 'networkidle' });
      await page.locator('.ant-table-row').first().waitFor();
      loaded = { login, home, crud: new Set(scripts) };
      await context.close();
    }
    return {
      [`sign-in pressed → home visible (ms, median of ${signInRuns})`]: Math.round(median(times)),
      'sign-in pressed → home visible (ms, fastest)': Math.round(Math.min(...times)),
      'JS for /login (gzip KB; goal ≤ 110)': gzippedKb(loaded.login),
      'JS for /login and home (gzip KB, cumulative)': gzippedKb(loaded.home),
      [`JS for /login, home and ${crudScreen} (gzip KB, cumulative; goal ≤ 450)`]: gzippedKb(loaded.crud),
      [`JS files for ${crudScreen} (cumulative)`]: loaded.crud.size,
      'heaviest of them (gzip KB)': heaviest(loaded.crud, 6),
    };
  } finally {
    await browser.close();
    await server.stop();
  }
}
