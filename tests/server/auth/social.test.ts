import { md5 } from 'js-md5';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startTestServer, type TestServer } from '../harness.js';
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
  server = await startTestServer();
});
afterAll(async () => server?.close());

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

  it('gives an unbound account user_id -1, registers it, then signs it in as the new user', async () => {
    const first = await socialToken(await authorise('zhao'));
    expect(first.statusCode).toBe(200);
    const unbound = first.json();
    expect(unbound.user_id).toBe('-1');
    expect(unbound.oauth_id).toMatch(/^\d+$/);
    expect(unbound.user_name).toBe('zhao');

    const menus = await call(server, 'GET', '/api/blade-user/info', { token: unbound.access_token });
    expect(menus.statusCode).toBe(403);

    const register = (query: Record<string, string>) =>
      call(server, 'POST', '/api/blade-user/register-guest', { query });
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

    const again = (await socialToken(await authorise('zhao'))).json();
    expect(again.account).toBe('zhaoliu');
    expect(again.user_id).not.toBe('-1');
    expect(again.role_name).toBe('');

    const byPassword = await call(server, 'POST', '/api/blade-auth/oauth/token', {
      query: { username: 'zhaoliu', password: md5('zhao-pass'), grant_type: 'password', scope: 'all' },
    });
    expect(byPassword.json().account).toBe('zhaoliu');
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
