// Figures of the console shell for `npm run bench`: the time from pressing sign-in to the home screen being visible,
// and the weight of fresh loads (the gzipped JavaScript the browser fetched, empty cache), in headless Chromium
// against the real server. Prints nothing itself.
// - /login, then cumulative with the home screen (the dashboard, whose charts and map of China load there only), then
//   with one CRUD screen opened from it;
// - one CRUD screen on its own: its address opened fresh, signed in on the way (/login?redirect=…), as an operator
//   opening a bookmarked screen does — the goal of ≤ 400 KB is for this load, which never draws the dashboard;
// - then every menu screen the same way (screens.ts): how many exceed 400 KB, and the heaviest three; and each opened
//   signed in on a cold cache: how many dependent waves its scripts came in (waves.ts);
// - when a list screen's first page is asked for and how soon the frame after its rows comes (list-timing.ts).
import type { Browser } from 'playwright-core';
import { type ConsoleServer, launchBrowser, newPage, signIn, startServer } from '../../tests/e2e/harness';
import { benchListTiming } from './list-timing';
import { menuScreens, screenAlone, screenWaves, screenWeights, watchScripts } from './screens';
import { gzippedKb, heaviest } from './weight';

const signInRuns = 5;
/** The CRUD screen the weight is measured on. */
const crudScreen = '/system/param';
/** The heaviest screen of the business area. */
const orderScreen = '/business/order';

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

interface Loaded {
  login: Set<string>;
  home: Set<string>;
  crud: Set<string>;
}

/** Goals of issue 25: sign-in → home, /login's weight, every screen's weight; of issue 38: the script waves. */
const goals = { signInMs: 1000, loginKb: 110, screenKb: 400, wavesAfterEntry: 1 };

/** Every menu screen's script waves (waves.ts), opened at its address signed in on a cold cache. */
async function everyScreenWaves(
  browser: Browser,
  server: ConsoleServer,
): Promise<Array<{ screen: string; waves: number }>> {
  const { context, page } = await newPage(browser, server);
  await signIn(page);
  const session = await context.storageState();
  await context.close();
  const waves = [];
  for (const screen of await menuScreens(server)) {
    waves.push({ screen, waves: await screenWaves(browser, server, session, screen) });
  }
  return waves;
}

export async function benchShell(parts: {
  shell: boolean;
  everyScreen: boolean;
}): Promise<Record<string, string | number>> {
  const server = await startServer();
  const browser = await launchBrowser();
  try {
    const figures = parts.shell ? await shellFigures(browser, server) : {};
    if (!parts.everyScreen) return figures;
    const weights = await screenWeights(browser, server);
    const over = weights.filter((weight) => weight.kb > goals.screenKb);
    const waves = await everyScreenWaves(browser, server);
    const manyWaves = waves.filter((screen) => screen.waves - 1 > goals.wavesAfterEntry);
    return {
      ...figures,
      [`menu screens whose scripts come in more than ${goals.wavesAfterEntry} wave after the entry, opened signed in on a cold cache`]:
        manyWaves.length ? manyWaves.map((screen) => `${screen.screen} ${screen.waves - 1}`).join(', ') : 0,
      'most script waves after the entry of any menu screen': Math.max(...waves.map((screen) => screen.waves - 1)),
      'menu screens opened fresh, signed in on the way': weights.length,
      [`menu screens over ${goals.screenKb} KB`]: over.length
        ? over.map((weight) => `${weight.screen} ${weight.kb}`).join(', ')
        : 0,
      ...Object.fromEntries(
        weights
          .slice(0, 3)
          .map((weight, rank) => [
            `heaviest screen ${rank + 1} (gzip KB; its heaviest chunks)`,
            `${weight.screen} ${weight.kb} — ${weight.chunks}`,
          ]),
      ),
    };
  } finally {
    await browser.close();
    await server.stop();
  }
}

async function shellFigures(browser: Browser, server: ConsoleServer): Promise<Record<string, string | number>> {
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
    const crud = new Set(scripts);
    await context.close();
    loaded = { login, home, crud };
  }
  const crudAlone = await screenAlone(browser, server, crudScreen);
  // The order screen carries the most: cards, a search of lookups and dictionaries, row forms and a view.
  const orderAlone = await screenAlone(browser, server, orderScreen);
  return {
    [`sign-in pressed → home visible (ms, median of ${signInRuns}; goal ≤ ${goals.signInMs})`]: Math.round(
      median(times),
    ),
    'sign-in pressed → home visible (ms, fastest)': Math.round(Math.min(...times)),
    [`JS for /login (gzip KB; goal ≤ ${goals.loginKb})`]: gzippedKb(loaded.login),
    'JS for /login and home (gzip KB, cumulative)': gzippedKb(loaded.home),
    [`JS for /login, home and ${crudScreen} (gzip KB, cumulative)`]: gzippedKb(loaded.crud),
    [`JS for ${crudScreen} opened fresh, signed in on the way (gzip KB, cumulative; goal ≤ ${goals.screenKb})`]:
      gzippedKb(crudAlone),
    [`JS files for ${crudScreen} opened fresh`]: crudAlone.size,
    'heaviest of them (gzip KB)': heaviest(crudAlone, 6),
    [`JS for ${orderScreen} opened fresh, signed in on the way (gzip KB, cumulative; goal ≤ ${goals.screenKb})`]:
      gzippedKb(orderAlone),
    [`heaviest for ${orderScreen} (gzip KB)`]: heaviest(orderAlone, 6),
    ...(await benchListTiming(server)),
  };
}
