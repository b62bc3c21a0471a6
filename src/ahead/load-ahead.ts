// Runs in the page before the console's code, beside send-ahead.ts: for a signed-in console opened or reloaded on an
// address, asks at once for every script (and style sheet) the address will need, from the table the build writes
// (scripts/preload-table.ts). Otherwise each part is found only once the part before it has arrived and run (the entry,
// then the layout, then the definition screen, then its page file and blocks): three or four waves one after another
// instead of one. The module preloads are the ones the console's own loader would add later (Vite's preload helper
// skips a file already linked), so nothing is fetched twice. It is compiled with send-ahead.ts and must stay small.
import type { CodeTable } from './code-table';
import { stored } from './stored';

export function loadAhead(code: CodeTable, prefix: string): void {
  const token = stored(localStorage, `${prefix}-token`);
  // Signed out or locked, the console shows the sign-in or lock page, which need none of this.
  if (typeof token !== 'string' || token === '' || stored(sessionStorage, `${prefix}-is-lock`) === true) return;
  const path = window.location.pathname;
  // The console's root opens its home screen.
  const screen =
    path === '/' ? code.screens['/wel/index'] : (code.screens[path] ?? code.screens[path.replace(/\/index$/, '')]);
  const language = stored(localStorage, `${prefix}-language`);
  const wanted = [
    ...code.console,
    ...(code.texts[typeof language === 'string' && language in code.texts ? language : 'zh'] ?? []),
    ...(screen?.definition ? code.definition : []),
    ...(screen?.files ?? []),
  ];
  for (const index of new Set(wanted)) {
    const file = `/assets/${code.files[index]}`;
    const link = document.createElement('link');
    // A style sheet is only fetched: the console's loader applies it in its own order.
    if (file.endsWith('.css')) {
      link.rel = 'preload';
      link.as = 'style';
    } else link.rel = 'modulepreload';
    link.crossOrigin = '';
    // Marked as the early script's, which asked for it before any of the console's code ran (the bench's waves).
    link.dataset.ahead = '';
    link.href = file;
    document.head.appendChild(link);
  }
}
