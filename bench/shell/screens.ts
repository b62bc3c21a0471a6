// The weight of every menu screen opened fresh (empty cache) at its address, signed in on the way, as an operator
// opening a bookmarked screen does: the gzipped JavaScript fetched from /login to the screen drawn. The goal is
// ≤ 400 KB for every screen; the bench prints the heaviest three with their heaviest chunks.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { type ConsoleServer, newPage } from '../../tests/e2e/harness';
import { adminHeaders } from '../server/sign-in';
import { coldContext, watchWaves } from './waves';
import { gzippedKb, heaviest } from './weight';

interface Route {
  path: string;
  children?: Route[];
}

/** The admin's menu screens (the leaves of menu/routes), as the sidebar offers them. */
export async function menuScreens(server: ConsoleServer): Promise<string[]> {
  const response = await fetch(`${server.url}/api/blade-system/menu/routes`, {
    headers: await adminHeaders(server.url),
  });
  const { data } = (await response.json()) as { data: Route[] };
  const leaves = (routes: Route[]): string[] =>
    routes.flatMap((route) => (route.children?.length ? leaves(route.children) : [route.path]));
  // Addresses of other sites (an external link) are no screens of the console.
  return leaves(data).filter((path) => path.startsWith('/'));
}

/** Records every script the page loads from the built console. */
export function watchScripts(page: Page): Set<string> {
  const scripts = new Set<string>();
  page.on('response', (response) => {
    const path = new URL(response.url()).pathname;
    if (path.startsWith('/assets/') && path.endsWith('.js')) scripts.add(path);
  });
  return scripts;
}

/**
 * What a drawn screen shows inside the content area, whichever kind of screen it is; only what is visible counts (a tree
 * keeps a hidden node to measure its rows).
 */
const DRAWN = [
  '.ant-table-row',
  '.ant-table-placeholder',
  '.ant-tree-treenode',
  '.ant-form-item',
  '.ant-card-body',
  '.stat-card',
  '.ant-result',
  '.ant-empty',
  'iframe',
  'canvas',
]
  .map((drawn) => `.console-content ${drawn}`)
  .join(', ');

/** Waits until no script has been fetched for `quietMs`: a route change is no navigation, so no load state says so. */
async function scriptsSettled(page: Page, scripts: Set<string>, quietMs = 800): Promise<void> {
  let count = -1;
  while (count !== scripts.size) {
    count = scripts.size;
    await page.waitForTimeout(quietMs);
  }
}

/** The scripts of a fresh load of `screen`'s address, through the sign-in it redirects to, until it is drawn. */
export async function screenAlone(browser: Browser, server: ConsoleServer, screen: string): Promise<Set<string>> {
  const { context, page } = await newPage(browser, server);
  try {
    const scripts = watchScripts(page);
    await page.goto(screen);
    await page.getByPlaceholder('请输入账号').fill('admin');
    await page.getByPlaceholder('请输入密码').fill('admin');
    await page.getByRole('button', { name: /登\s*录/ }).click();
    await page.waitForURL((url) => url.pathname !== '/login');
    // Whatever the screen draws (a list, a tree, a form, charts), then its lazily loaded parts.
    await page.locator(DRAWN).filter({ visible: true }).first().waitFor();
    await scriptsSettled(page, scripts);
    return scripts;
  } finally {
    await context.close();
  }
}

/**
 * The dependent waves of script requests of `screen`'s address opened signed in on a cold cache (waves.ts), until it
 * is drawn with its lazily loaded parts.
 */
export async function screenWaves(
  browser: Browser,
  server: ConsoleServer,
  session: Awaited<ReturnType<BrowserContext['storageState']>>,
  screen: string,
): Promise<number> {
  const context = await coldContext(browser, server, session);
  try {
    const page = await context.newPage();
    const scripts = watchScripts(page);
    const { waves } = watchWaves(page);
    await page.goto(screen);
    await page.locator(DRAWN).filter({ visible: true }).first().waitFor();
    await scriptsSettled(page, scripts);
    return await waves();
  } finally {
    await context.close();
  }
}

/** Every screen's weight, heaviest first. */
export async function screenWeights(
  browser: Browser,
  server: ConsoleServer,
): Promise<Array<{ screen: string; kb: number; chunks: string }>> {
  const weights = [];
  for (const screen of await menuScreens(server)) {
    const scripts = await screenAlone(browser, server, screen);
    weights.push({ screen, kb: gzippedKb(scripts), chunks: heaviest(scripts, 4) });
  }
  return weights.sort((a, b) => b.kb - a.kb);
}
