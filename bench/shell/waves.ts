// How many dependent waves a screen's scripts arrive in, opened at its address by a signed-in operator on a cold
// cache (a fresh browser context holding only the session), from the browser's request log.
//
// A wave is a set of the console's script requests that the page could ask for only once a script of the wave before
// had arrived. Precisely, in the order the browser reports its requests and their ends (Playwright's `request` and
// `requestfinished` events, in the order the browser sent them): a script request's wave is 1 + the highest wave among
// the console's scripts that had finished before it was asked for, and 1 when none had. Wave 1 is thus what the
// document itself asks for (the entry, its module preloads, and what the early script in the head asks for); every
// later wave waited for code to arrive and run. The early script itself (assets/send-ahead-*.js, a plain script the
// document names) is the document's and counts in no wave. The request log, not resource timing, because a
// request's start in resource timing is when a connection took it: with six connections to one host, requests asked
// for together start in turns, which would read as waves that no code made.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { ConsoleServer } from '../../tests/e2e/harness';

const isScript = (url: string): boolean => {
  const path = new URL(url).pathname;
  return path.startsWith('/assets/') && path.endsWith('.js') && !path.startsWith('/assets/send-ahead-');
};

/** Starts recording the page's script requests; `waves()` says how many waves those so far arrived in. */
export function watchWaves(page: Page): { waves: () => number } {
  const finished: number[] = [];
  const waveOf = new Map<object, number>();
  page.on('request', (request) => {
    if (isScript(request.url())) waveOf.set(request, 1 + Math.max(0, ...finished));
  });
  const ended = (request: object) => {
    const wave = waveOf.get(request);
    if (wave !== undefined) finished.push(wave);
  };
  page.on('requestfinished', ended);
  page.on('requestfailed', ended);
  return { waves: () => Math.max(0, ...waveOf.values()) };
}

/** A fresh context (empty cache) that holds the signed-in admin's session of `state`. */
export const coldContext = (
  browser: Browser,
  server: ConsoleServer,
  state: Awaited<ReturnType<BrowserContext['storageState']>>,
): Promise<BrowserContext> =>
  browser.newContext({ baseURL: server.url, viewport: { width: 1366, height: 800 }, storageState: state });
