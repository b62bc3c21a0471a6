// Time to show 200 rows: the runtime's CrudPage from a definition against the hand-written antd page, alternating
// in one jsdom, each answered by the same in-memory fetch. Medians of several rounds after a warm-up. The same list
// once more with its definition published in the studio: asked of the server through the console's own client and
// checked as data only before it draws (runtime/page/published.ts), against the built-in definition.
import { performance } from 'node:perf_hooks';
import { JSDOM } from 'jsdom';
import type { ListScreen } from '../../runtime/schema/types';
import { definition, orders, ROWS, stateItems } from './fixtures';

function installDom(): void {
  const dom = new JSDOM('<!doctype html><html><body></body></html>', {
    url: 'http://console.test/',
    pretendToBeVisual: true,
  });
  const { window } = dom;
  const computedStyle = window.getComputedStyle.bind(window);
  // Every DOM class jsdom defines (SVGElement, KeyboardEvent …) that Node lacks, then the few that need binding.
  for (const key of Object.getOwnPropertyNames(window)) {
    if (key in globalThis) continue;
    const value = (window as unknown as Record<string, unknown>)[key];
    if (typeof value === 'function' && /^[A-Z]/.test(key))
      Object.defineProperty(globalThis, key, { value, configurable: true, writable: true });
  }
  const globals: Record<string, unknown> = {
    window,
    document: window.document,
    navigator: window.navigator,
    localStorage: window.localStorage,
    // jsdom has no pseudo-element styles; antd only asks them for scrollbar sizes.
    getComputedStyle: (element: Element) => computedStyle(element),
    requestAnimationFrame: (callback: FrameRequestCallback) => setTimeout(() => callback(performance.now()), 0),
    cancelAnimationFrame: (id: number) => clearTimeout(id),
    IS_REACT_ACT_ENVIRONMENT: false,
  };
  for (const [key, value] of Object.entries(globals)) {
    Object.defineProperty(globalThis, key, { value, configurable: true, writable: true });
  }
  window.getComputedStyle = globals.getComputedStyle as typeof window.getComputedStyle;
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      addListener() {},
      removeListener() {},
      addEventListener() {},
      removeEventListener() {},
    }) as unknown as MediaQueryList;
  class ResizeObserver {
    observe() {}
    unobserve() {}
    disconnect() {}
  }
  Object.assign(window, { ResizeObserver });
  Object.assign(globalThis, { ResizeObserver });
}

function answer(data: unknown): Response {
  return new Response(JSON.stringify({ code: 200, success: true, data, msg: '操作成功' }), {
    headers: { 'Content-Type': 'application/json' },
  });
}

function installFetch(): void {
  globalThis.fetch = async (input: RequestInfo | URL) => {
    const url = String(input);
    if (url.includes('/dict/dictionary')) return answer(stateItems);
    // What the server answers for a page published in the studio: the definition, as JSON over the wire.
    if (url.includes('/page-definition/published'))
      return answer({ pageId: definition.id, version: 1, definition: JSON.parse(JSON.stringify(definition)) });
    return answer(orders);
  };
}

/** Resolves when the table shows all rows. */
function rowsShown(container: HTMLElement): Promise<void> {
  return new Promise((resolve) => {
    const done = () => container.querySelectorAll('tr.ant-table-row').length >= ROWS;
    if (done()) return resolve();
    const observer = new MutationObserver(() => {
      if (done()) {
        observer.disconnect();
        resolve();
      }
    });
    observer.observe(container, { childList: true, subtree: true });
  });
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

export async function renderFigures(rounds = 5): Promise<Record<string, string | number>> {
  installDom();
  installFetch();
  const React = await import('react');
  const { createRoot } = await import('react-dom/client');
  const { App } = await import('antd');
  const { SWRConfig } = await import('swr');
  const { i18n } = await import('../../runtime/i18n/texts');
  const zhRuntime = (await import('../../locales/zh/runtime.json')).default;
  const { builtins } = await import('../../runtime/builtins');
  (await import('../../runtime/registry')).registry.add(builtins);
  // Over HTTP, as the console hands it in, so the runtime's calls take the same path as the hand-written page's.
  const { createHttpProvider } = await import('../../runtime/data/httpProvider');
  (await import('../../runtime/config')).configureRuntime({ provider: createHttpProvider() });
  const { CrudPage } = await import('../../runtime/crud/CrudPage');
  const { HandWrittenPage } = await import('./HandWrittenPage');
  const { request } = await import('../../runtime/http/client');
  const { loadPublished, setPublishedSource } = await import('../../runtime/page/published');
  type PublishedAnswer = import('../../runtime/page/published').PublishedAnswer;
  setPublishedSource({
    published: (pageId) =>
      request<PublishedAnswer>({ url: '/api/blade-system/page-definition/published', params: { pageId }, quiet: true }),
    failed: async () => undefined,
  });
  const { clearDictionaries } = await import('../../runtime/data/dictionary');

  i18n.init({
    lng: 'zh',
    interpolation: { escapeValue: false },
    initAsync: false,
    resources: { zh: { runtime: zhRuntime } },
  });

  const h = React.createElement;
  const screens = {
    runtime: async () => h(App, null, h(CrudPage, { page: definition })),
    served: async () =>
      h(App, null, h(CrudPage, { page: (await loadPublished(definition.id))?.definition as ListScreen })),
    handWritten: async () => h(HandWrittenPage),
  };

  async function once(which: keyof typeof screens): Promise<number> {
    clearDictionaries();
    const container = document.createElement('div');
    document.body.appendChild(container);
    const root = createRoot(container);
    const started = performance.now();
    const screen = await screens[which]();
    root.render(h(SWRConfig, { value: { provider: () => new Map() } }, screen));
    await rowsShown(container);
    const elapsed = performance.now() - started;
    root.unmount();
    container.remove();
    return elapsed;
  }

  await once('runtime');
  await once('served');
  await once('handWritten');
  const times = { runtime: [] as number[], served: [] as number[], handWritten: [] as number[] };
  // The two definitions take turns at going first, so neither always runs in the other's wake (its garbage).
  for (let round = 0; round < rounds; round++) {
    const order = round % 2 ? (['served', 'runtime'] as const) : (['runtime', 'served'] as const);
    for (const which of order) times[which].push(await once(which));
    times.handWritten.push(await once('handWritten'));
  }
  const runtime = median(times.runtime);
  const served = median(times.served);
  const handWritten = median(times.handWritten);
  return {
    [`${ROWS}-row list, runtime (median of ${rounds}, jsdom)`]: `${runtime.toFixed(0)} ms`,
    [`${ROWS}-row list, hand-written antd page`]: `${handWritten.toFixed(0)} ms`,
    'runtime / hand-written': `${(runtime / handWritten).toFixed(2)} (goal ≤ 1.05)`,
    [`${ROWS}-row list, definition published in the studio`]: `${served.toFixed(0)} ms`,
    'published / built-in definition': `${(served / runtime).toFixed(2)} (goal ≤ 1.20)`,
  };
}
