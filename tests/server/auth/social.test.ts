import { md5 } from 'js-md5';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, liveIdOf, signIn, startTestServer, type TestServer } from '../harness.js';
import { setParam } from './fixtures.js';

let server: TestServer;

/** Walks the simulator as a browser would: consent page, authorise, back to /login with a code. */
async function authorise(uuid: string, state = 'st-1'): Promise<URLSearchParams> {
  const page = await call(server, 'GET', '/api/blade-auth/oauth/render/simulator', { query: { state } });
  expect(page.headers['content-type']).toContain('text/html');
  expect(page.body).toContain('/api/blade-auth/oauth/callback/simulator');
  const back = await call(server, 'GET', '/api/blade-auth/oauth/callback/simulator', { query: { uuid, state } });
  expect(back.statusCode).toBe(302);
  const location = String(back.headers.location);
  expect(location.startsWith('/login?')).toBe(true);
  return new URLSearchParams(location.split('?')[1]);
}

const socialToken = (params: URLSearchParams) =>
  call(server, 'POST', '/api/blade-auth/oauth/token', {
    query: {
      source: params.get('source') ?? '',
      code: params.get('code') ?? '',
      state: params.get('state') ?? '',
      grant_type: 'social',
      scope: 'all',
    },
  });

beforeAll(async () => {
  server = await startTestServer({ SOCIAL_PROVIDERS: 'simulator' });
});
afterAll(async () => server?.close());

describe('the simulator is off unless configured', () => {
  it('offers no provider and refuses the simulator without SOCIAL_PROVIDERS', async () => {
    const plain = await startTestServer({ NODE_ENV: 'production' });
    try {
      expect((await call(plain, 'GET', '/api/blade-auth/oauth/providers')).json()).toEqual([]);
      const render = await call(plain, 'GET', '/api/blade-auth/oauth/render/simulator');
      expect([render.statusCode, render.json().msg]).toEqual([400, '不支持的登录方式: simulator']);
      const callback = await call(plain, 'GET', '/api/blade-auth/oauth/callback/simulator', { query: { uuid: 'x' } });
      expect(callback.statusCode).toBe(400);
      const grant = await call(plain, 'POST', '/api/blade-auth/oauth/token', {
        query: { source: 'simulator', code: 'c', grant_type: 'social', scope: 'all' },
      });
      expect(grant.json().error_description).toBe('不支持的登录方式: simulator');
    } finally {
      await plain.close();
    }
  });
});

describe('social sign-in through the simulator', () => {
  it('lists the simulator as a provider', async () => {
    const response = await call(server, 'GET', '/api/blade-auth/oauth/providers');
    expect(response.json()).toEqual([{ source: 'simulator', name: '模拟登录' }]);
  });

  it('refuses an unknown provider', async () => {
    const response = await call(server, 'GET', '/api/blade-auth/oauth/render/github');
    expect(response.statusCode).toBe(400);
    expect(response.json().msg).toBe('不支持的登录方式: github');
  });

  it('gives an unbound account user_id -1 and a session that can only register', async () => {
    const first = await socialToken(await authorise('zhao'));
    expect(first.statusCode).toBe(200);
    const unbound = first.json();
    expect(unbound.user_id).toBe('-1');
    expect(unbound.oauth_id).toMatch(/^\d+$/);
    expect(unbound.user_name).toBe('zhao');

    for (const [method, url] of [
      ['GET', '/api/blade-user/info'],
      ['GET', '/api/blade-system/dept/tree'],
      ['GET', '/api/blade-system/role/tree'],
      ['GET', '/api/blade-system/menu/routes'],
      ['POST', '/api/blade-resource/oss/endpoint/put-file'],
    ] as const) {
      const answer = await call(server, method, url, { token: unbound.access_token });
      expect([url, answer.statusCode, answer.json().msg]).toEqual([url, 403, '请先注册或绑定账号']);
    }

    const register = (query: Record<string, string>, token = unbound.access_token) =>
      call(server, 'POST', '/api/blade-user/register-guest', { query, token });
    const form = { name: '赵六', account: 'zhaoliu', password: 'zhao-pass', oauthId: unbound.oauth_id };
    await setParam(server, 'account.registerUser', 'false');
    const closed = await register(form);
    expect(closed.statusCode).toBe(400);
    expect(closed.json().msg).toBe('当前系统未开启注册功能');

    await setParam(server, 'account.registerUser', 'true');
    const missing = await register({ name: '赵六', account: 'zhaoliu', oauthId: unbound.oauth_id });
    expect(missing.json().msg).toBe('请输入密码');
    const opened = await register(form);
    expect(opened.json()).toMatchObject({ code: 200, msg: '注册申请已提交,请耐心等待管理员通过!' });
    expect((await register(form)).json().msg).toBe('该第三方账号已绑定用户');

    const byPassword = () =>
      call(server, 'POST', '/api/blade-auth/oauth/token', {
        query: { username: 'zhaoliu', password: md5('zhao-pass'), grant_type: 'password', scope: 'all' },
      });
    expect((await byPassword()).json().error_description).toBe('注册申请正在等待管理员审核');
    expect((await socialToken(await authorise('zhao'))).json().error_description).toBe('注册申请正在等待管理员审核');

    const admin = await signIn(server);
    const pending = await call(server, 'GET', '/api/blade-user/page', { token: admin, query: { status: 2 } });
    const row = pending.json().data.records.find((user: { account: string }) => user.account === 'zhaoliu');
    expect(row).toMatchObject({ account: 'zhaoliu', status: 2 });
    const approve = await call(server, 'POST', '/api/blade-user/approve-registration', {
      token: admin,
      query: { userIds: row.id },
    });
    expect(approve.json().success).toBe(true);

    const again = (await socialToken(await authorise('zhao'))).json();
    expect(again.account).toBe('zhaoliu');
    expect(again.user_id).not.toBe('-1');
    expect(again.role_name).toBe('');
    expect((await byPassword()).json().account).toBe('zhaoliu');
  });

  it('registers only the outside account of the caller’s own social session', async () => {
    await setParam(server, 'account.registerUser', 'true');
    const mine = (await socialToken(await authorise('sun'))).json();
    const theirs = (await socialToken(await authorise('li'))).json();
    const form = { name: '孙七', account: 'sunqi', password: 'sun-pass' };
    const anonymous = await call(server, 'POST', '/api/blade-user/register-guest', {
      query: { ...form, oauthId: theirs.oauth_id },
    });
    expect([anonymous.statusCode, anonymous.json().msg]).toEqual([401, '请先完成第三方登录']);
    const hijack = await call(server, 'POST', '/api/blade-user/register-guest', {
      query: { ...form, oauthId: theirs.oauth_id },
      token: mine.access_token,
    });
    expect([hijack.statusCode, hijack.json().msg]).toEqual([403, '只能注册本人登录的第三方账号']);
    const admin = await signIn(server);
    const asAdmin = await call(server, 'POST', '/api/blade-user/register-guest', {
      query: { ...form, oauthId: theirs.oauth_id },
      token: admin,
    });
    expect(asAdmin.statusCode).toBe(401);
  });

  it('rejecting a registration removes it and lets the outside account register again', async () => {
    await setParam(server, 'account.registerUser', 'true');
    const guest = (await socialToken(await authorise('zhou'))).json();
    const form = { name: '周八', account: 'zhouba', password: 'zhou-pass', oauthId: guest.oauth_id };
    await call(server, 'POST', '/api/blade-user/register-guest', { query: form, token: guest.access_token });
    const admin = await signIn(server);
    const id = await liveIdOf(server, 'blade_user', 'account', 'zhouba');
    const operator = await signIn(server, 'operator', 'operator');
    const refused = await call(server, 'POST', '/api/blade-user/reject-registration', {
      token: operator,
      query: { userIds: id },
    });
    expect(refused.statusCode).toBe(403);
    const reject = await call(server, 'POST', '/api/blade-user/reject-registration', {
      token: admin,
      query: { userIds: id },
    });
    expect(reject.json().success).toBe(true);
    expect(await liveIdOf(server, 'blade_user', 'account', 'zhouba').catch(() => null)).toBeNull();
    const retry = (await socialToken(await authorise('zhou'))).json();
    expect(retry.user_id).toBe('-1');
    const second = await call(server, 'POST', '/api/blade-user/register-guest', {
      query: { ...form, oauthId: retry.oauth_id },
      token: retry.access_token,
    });
    expect(second.json().success).toBe(true);
  });

  it('refuses a code used twice, for another state, or unknown', async () => {
    const params = await authorise('qian', 'state-a');
    expect((await socialToken(params)).statusCode).toBe(200);
    expect((await socialToken(params)).json().error_description).toBe('第三方授权已失效,请重新登录');

    const other = await authorise('qian', 'state-b');
    other.set('state', 'state-x');
    expect((await socialToken(other)).json().error_description).toBe('第三方授权已失效,请重新登录');

    const missing = await call(server, 'POST', '/api/blade-auth/oauth/token', {
      query: { source: 'simulator', grant_type: 'social', scope: 'all' },
    });
    expect(missing.json().error_description).toBe('code 不能为空');
  });

  it('refuses a malformed simulated account name', async () => {
    const response = await call(server, 'GET', '/api/blade-auth/oauth/callback/simulator', { query: { uuid: 'a b<' } });
    expect(response.statusCode).toBe(400);
    expect(response.json().msg).toContain('uuid');
  });
});
