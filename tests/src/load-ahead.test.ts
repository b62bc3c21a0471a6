// The early script's module preloads (src/ahead/load-ahead.ts): on a signed-in console's address it asks at once for
// the layout, the texts of the stored language, and the screen's own code; signed out or locked, for nothing.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { CodeTable } from '../../src/ahead/code-table';
import { loadAhead } from '../../src/ahead/load-ahead';
import { settings } from '../../src/config/settings';
import { setStore } from '../../src/session/storage';

const code: CodeTable = {
  files: [
    'MainLayout-a.js',
    'MainLayout-a.css',
    'runtime-zh.js',
    'runtime-en.js',
    'DefinitionPage-b.js',
    'param-c.js',
    'index-d.js',
    'StudioView-e.js',
  ],
  console: [0, 1],
  texts: { zh: [2], en: [2, 3] },
  definition: [4],
  screens: {
    '/system/param': { definition: true, files: [5] },
    '/wel/index': { definition: true, files: [6] },
    '/system/studio': { definition: false, files: [7, 0] },
  },
};

/** What the page was told to fetch, in order: `modulepreload /assets/…` or `preload(style) /assets/…`. */
function linked(): string[] {
  return [...document.head.querySelectorAll('link')].map((link) => {
    expect(link.crossOrigin).toBe('');
    return `${link.rel}${link.as ? `(${link.as})` : ''} ${link.getAttribute('href')}`;
  });
}

function open(path: string): string[] {
  window.history.pushState({}, '', path);
  loadAhead(code, settings.storagePrefix);
  return linked();
}

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  document.head.innerHTML = '';
});
afterEach(() => window.history.pushState({}, '', '/'));

describe('the code a reload asks for ahead', () => {
  it("asks for the layout, the Chinese texts, the definition screens' code and the page's own at once", () => {
    setStore('token', 'token-1');
    expect(open('/system/param')).toEqual([
      'modulepreload /assets/MainLayout-a.js',
      // Fetched, not applied: the console's loader applies its style sheets in their order.
      'preload(style) /assets/MainLayout-a.css',
      'modulepreload /assets/runtime-zh.js',
      'modulepreload /assets/DefinitionPage-b.js',
      'modulepreload /assets/param-c.js',
    ]);
  });

  it("asks for a custom view's code without the definition screens', each file once", () => {
    setStore('token', 'token-1');
    expect(open('/system/studio')).toEqual([
      'modulepreload /assets/MainLayout-a.js',
      'preload(style) /assets/MainLayout-a.css',
      'modulepreload /assets/runtime-zh.js',
      'modulepreload /assets/StudioView-e.js',
    ]);
  });

  it('finds a top-level page by its /index address and home at the root, in the stored language', () => {
    setStore('token', 'token-1');
    setStore('language', 'en');
    expect(open('/system/param/index')).toContain('modulepreload /assets/param-c.js');
    document.head.innerHTML = '';
    const home = open('/');
    expect(home).toContain('modulepreload /assets/index-d.js');
    expect(home).toContain('modulepreload /assets/runtime-en.js');
  });

  it('asks only for the layout on an address with no screen of its own', () => {
    setStore('token', 'token-1');
    expect(open('/no/such/screen')).toEqual([
      'modulepreload /assets/MainLayout-a.js',
      'preload(style) /assets/MainLayout-a.css',
      'modulepreload /assets/runtime-zh.js',
    ]);
  });

  it('asks for nothing signed out (the sign-in page stays light) or locked', () => {
    expect(open('/system/param')).toEqual([]);
    expect(open('/login')).toEqual([]);
    setStore('token', 'token-1');
    setStore('is-lock', true, 'session');
    expect(open('/system/param')).toEqual([]);
  });
});
