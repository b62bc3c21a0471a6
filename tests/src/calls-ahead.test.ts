// The calls a reload sends before the console's code has loaded (src/ahead/): for every definition screen the list
// call sent ahead is the one the screen's own list then asks for, so its answer is taken and not asked for again.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { listQuery, openingState } from '../../runtime/crud/controller/listQuery';
import { searchFieldsOf } from '../../runtime/crud/fields';
import { buildUrl, request } from '../../runtime/http/client';
import { loadDefinition } from '../../runtime/page/definitions';
import { screenListOf } from '../../runtime/page/screen-list';
import { setSessionUser } from '../../runtime/permissions';
import type { PageDefinition } from '../../runtime/schema/types';
import { aheadTable } from '../../scripts/calls-ahead';
import { callsAhead } from '../../src/ahead/send-ahead';
import { takeSentAhead } from '../../src/ahead/take-ahead';
import { publishedCall } from '../../src/config/published-call';
import { settings } from '../../src/config/settings';
import { setUpHttp } from '../../src/session/http-setup';
import { session } from '../../src/session/session-store';
import { setStore } from '../../src/session/storage';

const table = aheadTable();

function signIn(token = 'token-1'): void {
  setStore('token', token);
  setStore('user-info', { account: 'admin' });
  setSessionUser('admin');
}

/** What the console asks for as the screen at `path` opens, with what this browser keeps. */
async function consoleCalls(path: string): Promise<string[]> {
  const pageId = table.screens[path].page;
  const own = screenListOf((await loadDefinition(pageId)) as PageDefinition);
  if (!own) throw new Error(`${pageId} has no list`);
  const fields = searchFieldsOf(own.list.columns);
  const state = openingState(own.list, fields, settings.listPageSize, { address: true });
  return [buildUrl(publishedCall, { pageId }), buildUrl(own.list.api.list, listQuery(own.list, fields, state))];
}

/** The answer a console takes for `url`, if the page sent that call ahead. */
function taken(sent: string[], url: string, token = 'token-1'): boolean {
  window.rideSentAhead = sent.map((sentUrl) => ({
    url: sentUrl,
    token: 'token-1',
    at: performance.now(),
    answer: Promise.resolve(new Response('{}')),
  }));
  return takeSentAhead(url, token) !== undefined;
}

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  window.rideSentAhead = undefined;
});

afterEach(() => window.history.pushState({}, '', '/'));

describe('the calls a reload sends ahead', () => {
  it('covers every screen whose definition has a list', () => {
    expect(Object.keys(table.screens).length).toBeGreaterThan(50);
    expect(table.screens['/system/param']).toEqual({
      page: 'system/param',
      url: '/api/blade-system/param/list',
      filters: {},
      paged: true,
    });
  });

  it('sends each screen its list call as the console asks for it, in the page size the person chose', async () => {
    signIn();
    const screens = Object.keys(table.screens);
    for (const [index, path] of screens.entries()) {
      // Every other list has a page size of its own, kept as the list's page-size menu keeps it.
      if (index % 2) localStorage.setItem(`ride-console-columns:admin:${table.screens[path].page}`, '{"pageSize":50}');
      window.history.pushState({}, '', path);
      const ahead = callsAhead(table)?.urls ?? [];
      const [published, list] = await consoleCalls(path);
      expect(ahead.slice(-2), path).toEqual([published, expect.any(String)]);
      expect(taken(ahead, list), `${path}: ${ahead.at(-1)} for ${list}`).toBe(true);
    }
  });

  it('sends the menu first on any address, and a top-level page by its /index address', async () => {
    signIn();
    window.history.pushState({}, '', '/wel/index');
    const urls = callsAhead(table)?.urls ?? [];
    expect(urls.slice(0, 3)).toEqual([
      '/api/blade-system/menu/routes',
      '/api/blade-system/menu/top-menu',
      '/api/blade-system/menu/buttons',
    ]);
    window.history.pushState({}, '', '/no/such/screen');
    expect(callsAhead(table)?.urls).toEqual(urls.slice(0, 3));
  });

  it('leaves a list searched from its address to the console', () => {
    signIn();
    window.history.pushState({}, '', '/system/param?paramName=x');
    expect(callsAhead(table)?.urls.at(-1)).toBe(buildUrl(publishedCall, { pageId: 'system/param' }));
  });

  it('sends nothing signed out or locked, and the headers the console sends', () => {
    window.history.pushState({}, '', '/system/param');
    expect(callsAhead(table)).toBeUndefined();
    signIn();
    setStore('language', 'en');
    expect(callsAhead(table)?.headers).toEqual({
      Authorization: `Basic ${btoa('saber:saber_secret')}`,
      'Accept-Language': 'en',
      'Blade-Auth': 'bearer token-1',
    });
    setStore('is-lock', true, 'session');
    expect(callsAhead(table)).toBeUndefined();
  });
});

describe('taking what was sent ahead', () => {
  const url = '/api/blade-system/param/list?current=1&size=10';

  it('gives an answer once, whatever the order of its parameters', () => {
    expect(taken([url], '/api/blade-system/param/list?size=10&current=1')).toBe(true);
    expect(takeSentAhead(url, 'token-1')).toBeUndefined();
    expect(taken([url], '/api/blade-system/param/list?current=1&size=30')).toBe(false);
  });

  it('gives none for another token, or half a minute after it was sent', () => {
    expect(taken([url], url, 'token-2')).toBe(false);
    window.rideSentAhead = [
      { url, token: 'token-1', at: performance.now() - 30_001, answer: Promise.resolve(new Response()) },
    ];
    expect(takeSentAhead(url, 'token-1')).toBeUndefined();
  });
});

describe('the request client', () => {
  const envelope = (data: unknown, code = 200) =>
    new Response(JSON.stringify({ code, success: code === 200, data, msg: code === 200 ? '操作成功' : '请求未授权' }), {
      status: code,
      headers: { 'Content-Type': 'application/json' },
    });
  const sendAhead = (answer: Response) => {
    window.rideSentAhead = [
      { url: '/api/x', token: 'token-1', at: performance.now(), answer: Promise.resolve(answer) },
    ];
  };

  beforeEach(() => {
    setUpHttp();
    session.signedIn({ access_token: 'token-1', refresh_token: 'r', account: 'admin' });
  });
  afterEach(() => vi.restoreAllMocks());

  it('takes the answer sent ahead instead of asking again', async () => {
    const fetched = vi.spyOn(globalThis, 'fetch');
    sendAhead(envelope({ rows: 'ahead' }));
    expect(await request({ url: '/api/x' })).toEqual({ rows: 'ahead' });
    expect(fetched).not.toHaveBeenCalled();
  });

  it('asks again when the call sent ahead was refused for its token, and keeps the session on the new answer', async () => {
    const fetched = vi.spyOn(globalThis, 'fetch').mockResolvedValue(envelope({ rows: 'asked' }));
    sendAhead(envelope(null, 401));
    expect(await request({ url: '/api/x' })).toEqual({ rows: 'asked' });
    expect(fetched).toHaveBeenCalledOnce();
    expect(session.get().token).toBe('token-1');
  });
});
