// Session rules of spec §4 with a fetch double standing in for the server.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { http } from '../../runtime/http/client';
import { settings } from '../../src/config/settings';
import { setUpI18n } from '../../src/i18n';
import { getTokenCookie } from '../../src/session/cookie';
import { setUpHttp } from '../../src/session/http-setup';
import { session } from '../../src/session/session-store';
import { storageKey } from '../../src/session/storage';
import { checkToken, isRefreshing } from '../../src/session/token-refresh';
import { tagStore } from '../../src/tags/tag-store';

const answer = (token: string) => ({
  user_id: '1',
  account: 'admin',
  user_name: 'admin',
  nick_name: '管理员',
  role_name: 'administrator',
  access_token: token,
  refresh_token: `refresh-${token}`,
});

function respond(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

beforeEach(() => {
  setUpI18n();
  setUpHttp();
  session.signedIn(answer('first'));
});

afterEach(() => {
  vi.unstubAllGlobals();
  session.clear();
});

describe('stored session', () => {
  it('keeps each value under the prefix as {content, dataType, datetime}', () => {
    const record = JSON.parse(localStorage.getItem(storageKey('token')) ?? '{}');
    expect(storageKey('token')).toBe(`${settings.storagePrefix}-token`);
    expect(record.content).toBe('first');
    expect(record.dataType).toBe('string');
    expect(typeof record.datetime).toBe('number');
    expect(getTokenCookie()).toBe('first');
  });

  it('clears tokens, the person and the tabs on sign-out', () => {
    tagStore.open({ key: '/system/param', fullPath: '/system/param', label: '参数管理', closable: true });
    session.clear();
    expect(session.get().token).toBeUndefined();
    expect(session.get().user).toBeUndefined();
    expect(localStorage.getItem(storageKey('token'))).toBeNull();
    expect(getTokenCookie()).toBeUndefined();
    expect(tagStore.get().map((tag) => tag.key)).toEqual([settings.homePath]);
  });

  it('signs out when any call answers 401', async () => {
    vi.stubGlobal('fetch', async () => respond(401, { code: 401, success: false, data: null, msg: '请求未授权' }));
    await expect(http.get('/api/blade-system/param/list')).rejects.toThrow('请求未授权');
    expect(session.get().token).toBeUndefined();
  });

  it('sends the bearer token and the Basic client header', async () => {
    const seen: Headers[] = [];
    vi.stubGlobal('fetch', async (_url: string, init: RequestInit) => {
      seen.push(new Headers(init.headers));
      return respond(200, { code: 200, success: true, data: [], msg: '操作成功' });
    });
    await http.get('/api/blade-system/menu/buttons');
    expect(seen[0].get('Blade-Auth')).toBe('bearer first');
    expect(seen[0].get('Authorization')).toBe(`Basic ${btoa('saber:saber_secret')}`);
  });
});

describe('token refresh', () => {
  it('waits until the token is tokenTime seconds old, then refreshes once', async () => {
    const calls: string[] = [];
    let release: () => void = () => {};
    vi.stubGlobal('fetch', (url: string) => {
      calls.push(url);
      return new Promise<Response>((resolve) => {
        release = () => resolve(respond(200, answer('second')));
      });
    });
    const storedAt = session.tokenTime()!;
    await checkToken(storedAt + (settings.tokenTime - 1) * 1000);
    expect(calls).toHaveLength(0);

    const first = checkToken(storedAt + settings.tokenTime * 1000);
    void checkToken(storedAt + settings.tokenTime * 1000 + 1000);
    expect(isRefreshing()).toBe(true);
    release();
    await first;
    expect(calls).toHaveLength(1);
    expect(calls[0]).toContain('grant_type=refresh_token');
    expect(calls[0]).toContain('refresh_token=refresh-first');
    expect(session.get().token).toBe('second');
    expect(isRefreshing()).toBe(false);
  });

  it('releases the guard when the refresh fails', async () => {
    vi.stubGlobal('fetch', async () => respond(400, { error_code: 400, error_description: '令牌已失效' }));
    const storedAt = session.tokenTime()!;
    await checkToken(storedAt + settings.tokenTime * 1000);
    expect(isRefreshing()).toBe(false);
    expect(session.get().token).toBe('first');
  });
});
