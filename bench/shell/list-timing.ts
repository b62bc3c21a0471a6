// When a list screen's data is asked for and how soon its rows are on screen, in headless Chromium against the real
// server, on a warm session (signed in, the screen's code and definition already in the browser's cache):
// - navigation → the list call leaving, for the screen's address opened (a reload, or a bookmark) and for a move
//   inside the console (the sidebar's way);
// - the first 200 rows: navigation → the rows in the page, for the address opened; the list's answer → the rows in the
//   page, for a move (a reload's answer may come before the screen's code); the rows → the frame after them;
// - a search that redraws the list with fewer rows: the answer → the rows → the frame after them;
// - the same rows drawn first, the screen opened searched from its address, so a redraw compares with a first render
//   of as many rows in one run;
// - navigation → the 200th row on a cold cache (a fresh browser context holding only the session: an operator's first
//   visit of a new build) and on the second visit in that context (its build cached, the operator's usual case), with
//   the dependent waves its scripts came in (waves.ts).
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { type ConsoleServer, launchBrowser, newPage, signIn } from '../../tests/e2e/harness';
import { adminToken, post } from '../../tests/e2e/pages/api';
import { coldContext, watchWaves } from './waves';

const screen = '/system/param';
const listCall = '/api/blade-system/param/list';
const ROWS = 200;
/** The bench's parameters are named 压测参数 0 … 199; searching 压测参数 1 finds 1, 10–19 and 100–199. */
const searched = { text: '压测参数 1', rows: 111 };
const rounds = 5;

declare global {
  interface Window {
    /** Resolves when the list shows `count` rows: when they came and when the frame after them ran. */
    rowsDrawn: (count: number) => Promise<{ rowsAt: number; frameAt: number }>;
  }
}

/**
 * Installed before the console's own scripts, so a reload's first rows are seen too. A string, as the bench runs
 * through tsx, whose compiled functions name themselves with a helper the page does not have.
 */
const watchRows = `
window.rowsDrawn = (count) =>
  new Promise((resolve) => {
    const shown = () => document.querySelectorAll('.console-content tr.ant-table-row').length === count;
    const observer = new MutationObserver(() => {
      if (!shown()) return;
      observer.disconnect();
      const rowsAt = performance.now();
      // The frame after the rows: its animation callback, then the task after its paint.
      requestAnimationFrame(() => {
        const channel = new MessageChannel();
        channel.port1.onmessage = () => resolve({ rowsAt, frameAt: performance.now() });
        channel.port2.postMessage(undefined);
      });
    });
    observer.observe(document, { childList: true, subtree: true });
  });
`;

async function addParameters(server: ConsoleServer): Promise<void> {
  const token = await adminToken(server.url);
  for (let n = 0; n < ROWS; n += 1) {
    await post(server.url, token, '/api/blade-system/param/submit', {
      paramName: `压测参数 ${n}`,
      paramKey: `bench.list.${n}`,
      paramValue: `第 ${n} 个参数的值，长一些，好让省略号有字可省：${'值'.repeat(40)}`,
    });
  }
}

/** The list call's start (ms after `from`) and its answer's end, from the page's resource timing. */
async function listTiming(page: Page, from: number, after: number): Promise<{ leaves: number; answered: number }> {
  return page.evaluate(
    ({ call, from, after }) => {
      const entry = performance
        .getEntriesByType('resource')
        .filter((timing) => timing.name.includes(call) && timing.startTime >= after)
        .at(-1) as PerformanceResourceTiming | undefined;
      if (!entry) throw new Error(`no ${call} call`);
      return { leaves: entry.startTime - from, answered: entry.responseEnd };
    },
    { call: listCall, from, after },
  );
}

const median = (values: number[]): number =>
  Math.round([...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]);

/** Navigation → the 200th row, cold and then warm, in a fresh context per round; the cold visits' script waves. */
async function firstVisits(
  browser: Browser,
  server: ConsoleServer,
  session: Awaited<ReturnType<BrowserContext['storageState']>>,
): Promise<{ cold: number[]; warm: number[]; waves: number[] }> {
  const visits = { cold: [] as number[], warm: [] as number[], waves: [] as number[] };
  for (let round = 0; round < rounds; round += 1) {
    const context = await coldContext(browser, server, session);
    try {
      const page = await context.newPage();
      await page.addInitScript(watchRows);
      const { waves } = watchWaves(page);
      await page.goto(screen, { waitUntil: 'commit' });
      visits.cold.push((await page.evaluate((count) => window.rowsDrawn(count), ROWS)).rowsAt);
      visits.waves.push(await waves());
      await page.goto('/wel/index', { waitUntil: 'networkidle' });
      await page.goto(screen, { waitUntil: 'commit' });
      visits.warm.push((await page.evaluate((count) => window.rowsDrawn(count), ROWS)).rowsAt);
    } finally {
      await context.close();
    }
  }
  return visits;
}

export async function benchListTiming(server: ConsoleServer): Promise<Record<string, string | number>> {
  await addParameters(server);
  const browser = await launchBrowser();
  try {
    const { context, page } = await newPage(browser, server);
    await page.addInitScript(watchRows);
    await signIn(page);
    // The list shows 200 rows a page, as its page-size menu lets an operator choose.
    await page.evaluate((pageId) => {
      localStorage.setItem(`ride-console-columns:admin:${pageId}`, JSON.stringify({ pageSize: 200 }));
    }, screen.slice(1));
    const visits = await firstVisits(browser, server, await context.storageState());
    await page.goto(screen);
    await page.locator('.ant-table-row').first().waitFor();

    const figures = {
      reload: [] as number[],
      reloadRows: [] as number[],
      move: [] as number[],
      rows: [] as number[],
      frame: [] as number[],
    };
    const search = { rows: [] as number[], frame: [] as number[] };
    const searchedFirst = { rows: [] as number[], frame: [] as number[] };
    for (let round = 0; round < rounds; round += 1) {
      // The address opened again, from a settled page: the navigation starts the page's clock.
      await page.goto('/wel/index', { waitUntil: 'networkidle' });
      await page.goto(screen, { waitUntil: 'commit' });
      const first = await page.evaluate((count) => window.rowsDrawn(count), ROWS);
      figures.reload.push((await listTiming(page, 0, 0)).leaves);
      // The answer may come before the screen's code (sent ahead), so the rows' own cost is taken from the move below.
      figures.reloadRows.push(first.rowsAt);
      figures.frame.push(first.frameAt - first.rowsAt);

      // A move inside the console, from the home screen drawn in full, as a click in the sidebar makes it.
      await page.goto('/wel/index', { waitUntil: 'networkidle' });
      await page.locator('.console-sider .ant-menu-submenu-title').first().waitFor();
      const moved = await page.evaluate((path) => {
        const at = performance.now();
        history.pushState({}, '', path);
        dispatchEvent(new PopStateEvent('popstate'));
        return at;
      }, screen);
      const movedRows = await page.evaluate((count) => window.rowsDrawn(count), ROWS);
      const movedList = await listTiming(page, moved, moved);
      figures.move.push(movedList.leaves);
      figures.rows.push(movedRows.rowsAt - movedList.answered);

      // A search redraws the list with fewer rows.
      const before = await page.evaluate(() => performance.now());
      const drawn = page.evaluate((count) => window.rowsDrawn(count), searched.rows);
      const bar = page.locator('.crud-search');
      await bar.getByPlaceholder('请输入参数名称').fill(searched.text);
      await bar.getByRole('button', { name: /^搜\s*索$/ }).click();
      const redrawn = await drawn;
      const answered = (await listTiming(page, 0, before)).answered;
      search.rows.push(redrawn.rowsAt - answered);
      search.frame.push(redrawn.frameAt - redrawn.rowsAt);

      // The same rows as a first render: the screen opened from home with the search in its address.
      await page.goto('/wel/index', { waitUntil: 'networkidle' });
      await page.locator('.console-sider .ant-menu-submenu-title').first().waitFor();
      const openedAt = await page.evaluate(
        (path) => {
          const at = performance.now();
          history.pushState({}, '', path);
          dispatchEvent(new PopStateEvent('popstate'));
          return at;
        },
        `${screen}?paramName=${encodeURIComponent(searched.text)}`,
      );
      const firstOfSearched = await page.evaluate((count) => window.rowsDrawn(count), searched.rows);
      searchedFirst.rows.push(firstOfSearched.rowsAt - (await listTiming(page, openedAt, openedAt)).answered);
      searchedFirst.frame.push(firstOfSearched.frameAt - firstOfSearched.rowsAt);
    }
    await context.close();
    return {
      [`navigation → the ${ROWS}th row, the address opened on a cold cache (ms, median of ${rounds})`]: median(
        visits.cold,
      ),
      [`navigation → the ${ROWS}th row, the second visit, its build cached (ms; goal < 300 on a quiet machine)`]:
        median(visits.warm),
      [`script waves after the entry, the address opened on a cold cache (the most of ${rounds} rounds; goal ≤ 1)`]:
        Math.max(...visits.waves) - 1,
      [`navigation → ${listCall} leaving, the address opened (ms, median of ${rounds}; goal ≤ 100)`]: median(
        figures.reload,
      ),
      [`navigation → ${ROWS} rows in the page, the address opened (ms)`]: median(figures.reloadRows),
      'navigation → the list call leaving, a move inside the console (ms; goal ≤ 100)': median(figures.move),
      [`${ROWS} rows: the answer → the rows in the page, a move (ms)`]: median(figures.rows),
      [`${ROWS} rows: the rows → the frame after them (ms; goal ≤ 100)`]: median(figures.frame),
      [`search redraw of ${searched.rows} rows: the answer → the rows (ms)`]: median(search.rows),
      [`search redraw of ${searched.rows} rows: the rows → the frame after them (ms)`]: median(search.frame),
      [`first render of the same ${searched.rows} rows, opened searched: the answer → the rows (ms)`]: median(
        searchedFirst.rows,
      ),
      [`first render of the same ${searched.rows} rows: the rows → the frame after them (ms)`]: median(
        searchedFirst.frame,
      ),
      'search redraw / first render of as many rows, the answer → the frame (goal ≤ 1)': (
        median(search.rows.map((rows, round) => rows + search.frame[round])) /
        median(searchedFirst.rows.map((rows, round) => rows + searchedFirst.frame[round]))
      ).toFixed(2),
    };
  } finally {
    await browser.close();
  }
}
