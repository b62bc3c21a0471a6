// How many dependent waves a screen's scripts arrive in, opened at its address by a signed-in operator on a cold
// cache (a fresh browser context holding only the session), from the browser's request log.
//
// A wave is a set of the console's script requests that the page could ask for only once a script of the wave before
// had arrived. Wave 1 is what the document itself asks for: the entry and its module preloads, and what the early
// scripts in the head ask for (the files src/ahead/load-ahead.ts links, which it marks `data-ahead`). The early scripts
// themselves (assets/send-ahead-*.js, a plain script the document names, and assets/load-ahead-*.js, which that one
// writes into the document) are the document's and count in no wave. Any other script request's wave is 1 + the
// highest wave among the console's scripts that had finished before it was asked for, in the order the browser reports
// its requests and their ends (Playwright's `request` and `requestfinished` events). A file the early script linked is
// told by its address, not by its timing: it may be asked for after an unrelated small file of the entry's arrived, and
// would otherwise read as waiting for it. The request log, not resource timing, because a request's start in resource
// timing is when a connection took it: with six connections to one host, requests asked for together start in turns,
// which would read as waves that no code made.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { ConsoleServer } from '../../tests/e2e/harness';

const isScript = (path: string): boolean =>
  path.startsWith('/assets/') &&
  path.endsWith('.js') &&
  !path.startsWith('/assets/send-ahead-') &&
  !path.startsWith('/assets/load-ahead-');

/** Starts recording the page's script requests; `waves()` says how many waves those so far arrived in. */
export function watchWaves(page: Page): { waves: () => Promise<number> } {
  /** Script requests and their ends, in the order the browser reported them; replayed once the early links are known. */
  const log: Array<{ request: object; path?: string }> = [];
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname;
    if (isScript(path)) log.push({ request, path });
  });
  const ended = (request: object) => log.push({ request });
  page.on('requestfinished', ended);
  page.on('requestfailed', ended);
  return {
    waves: async () => {
      const ahead = new Set(
        await page.evaluate(() =>
          [...document.querySelectorAll<HTMLLinkElement>('link[data-ahead]')].map(
            (link) => new URL(link.href).pathname,
          ),
        ),
      );
      const waveOf = new Map<object, number>();
      const finished: number[] = [];
      for (const { request, path } of log) {
        if (path !== undefined) waveOf.set(request, ahead.has(path) ? 1 : 1 + Math.max(0, ...finished));
        else if (waveOf.has(request)) finished.push(waveOf.get(request) as number);
      }
      return Math.max(0, ...waveOf.values());
    },
  };
}

/** A fresh context (empty cache) that holds the signed-in admin's session of `state`. */
export const coldContext = (
  browser: Browser,
  server: ConsoleServer,
  state: Awaited<ReturnType<BrowserContext['storageState']>>,
): Promise<BrowserContext> =>
  browser.newContext({ baseURL: server.url, viewport: { width: 1366, height: 800 }, storageState: state });
