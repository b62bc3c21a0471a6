import crypto from 'node:crypto';
import { md5 } from 'js-md5';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signToken } from '../../../server/system/auth/jwt.js';
import { call, signIn, startTestServer, type TestServer } from '../harness.js';
import { addUser, setParam } from './fixtures.js';

let server: TestServer;

const token = (query: Record<string, string>, headers: Record<string, string> = {}) =>
  call(server, 'POST', '/api/blade-auth/oauth/token', {
    query: { tenantId: '000000', scope: 'all', ...query },
    headers,
  });

const password = (username: string, plain: string) =>
  token({ grant_type: 'password', username, password: md5(plain), type: 'account' });

beforeAll(async () => {
  server = await startTestServer();
  await addUser(server, { account: 'lisi', password: 'lisi-pass' });
});
afterAll(async () => server?.close());

describe('password grant', () => {
  it('answers the flat token of the contract', async () => {
    const response = await password('admin', 'admin');
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(Object.keys(body).sort()).toEqual(
      [
        'tenant_id',
        'user_id',
        'dept_id',
        'post_id',
        'role_id',
        'oauth_id',
        'account',
        'user_name',
        'nick_name',
        'role_name',
        'avatar',
        'access_token',
        'refresh_token',
        'token_type',
        'expires_in',
        'detail',
      ].sort(),
    );
    expect(body).toMatchObject({
      tenant_id: '000000',
      account: 'admin',
      user_name: 'admin',
      token_type: 'bearer',
      expires_in: 3600,
      detail: { type: 'web' },
    });
    expect(body.role_name.split(',')).toContain('administrator');
    expect(typeof body.user_id).toBe('string');
  });

  it('gives the same answer for an unknown account and a wrong password', async () => {
    const unknown = await password('nobody', 'whatever');
    const wrong = await password('lisi', 'not-it');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({ error_code: 400, error_description: '用户名或密码不正确' });
    expect(wrong.json()).toEqual(unknown.json());
  });

  it('names a missing field and refuses an unknown grant type', async () => {
    const missing = await token({ grant_type: 'password', password: md5('x') });
    expect(missing.json()).toEqual({ error_code: 400, error_description: 'username 不能为空' });
    const noGrant = await token({ username: 'admin' });
    expect(noGrant.json().error_description).toBe('grant_type 不能为空');
    const odd = await token({ grant_type: 'implicit' });
    expect(odd.json().error_description).toBe('不支持的授权类型: implicit');
  });

  it('refuses a wrong or missing client with 401', async () => {
    const bad = `Basic ${Buffer.from('saber:wrong').toString('base64')}`;
    const wrongSecret = await token(
      { grant_type: 'password', username: 'admin', password: md5('admin') },
      { authorization: bad },
    );
    expect(wrongSecret.statusCode).toBe(401);
    expect(wrongSecret.json()).toEqual({ error_code: 401, error_description: '客户端认证失败' });
    const noClient = await server.app.inject({
      method: 'POST',
      url: '/api/blade-auth/oauth/token?grant_type=password&username=admin',
    });
    expect(noClient.statusCode).toBe(401);
  });

  it('accepts a legacy BladeX sha1(md5) password and upgrades it', async () => {
    const legacy = crypto.createHash('sha1').update(md5('old-pass')).digest('hex');
    const id = await addUser(server, { account: 'legacy', storedPassword: legacy });
    expect((await password('legacy', 'old-pass')).statusCode).toBe(200);
    const row = await server.ctx.db
      .selectFrom('blade_user')
      .select('password')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.password.startsWith('scrypt$')).toBe(true);
    expect((await password('legacy', 'old-pass')).statusCode).toBe(200);
  });

  it('refuses a disabled account once its password is right', async () => {
    await addUser(server, { account: 'paused', password: 'paused-pass', status: 0 });
    expect((await password('paused', 'paused-pass')).json().error_description).toBe('账号已停用,请联系管理员');
  });

  it('locks an account after account.failCount failures, even for the right password', async () => {
    await setParam(server, 'account.failCount', '3');
    await addUser(server, { account: 'wangwu', password: 'wangwu-pass' });
    for (let i = 0; i < 3; i++)
      expect((await password('wangwu', 'bad')).json().error_description).toBe('用户名或密码不正确');
    const locked = await password('wangwu', 'wangwu-pass');
    expect(locked.json()).toEqual({ error_code: 400, error_description: '登录错误次数过多,请稍后再试' });
    await server.ctx.db
      .updateTable('blade_login_failure')
      .set({ lockUntil: '2000-01-01 00:00:00' })
      .where('loginName', '=', 'wangwu')
      .execute();
    expect((await password('wangwu', 'wangwu-pass')).statusCode).toBe(200);
    await setParam(server, 'account.failCount', '5');
  });
});

describe('tokens', () => {
  it('rotates the refresh token: the new one works, the old one is refused', async () => {
    const first = (await password('admin', 'admin')).json();
    const second = await token({ grant_type: 'refresh_token', refresh_token: first.refresh_token });
    expect(second.statusCode).toBe(200);
    const rotated = second.json();
    expect(rotated.refresh_token).not.toBe(first.refresh_token);
    expect(rotated.account).toBe('admin');
    const reused = await token({ grant_type: 'refresh_token', refresh_token: first.refresh_token });
    expect(reused.json()).toEqual({ error_code: 400, error_description: '刷新令牌无效或已过期' });
    const viaRefresh = await call(server, 'POST', '/api/blade-auth/oauth/token/refresh', {
      query: { refresh_token: rotated.refresh_token },
    });
    expect(viaRefresh.statusCode).toBe(200);
    expect(viaRefresh.json().access_token).toBeTruthy();
    const missing = await call(server, 'POST', '/api/blade-auth/oauth/token/refresh');
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error_description).toContain('refresh_token');
  });

  it('answers user-info for the caller, and 401 without, with a forged, an expired or a refresh token', async () => {
    const access = await signIn(server);
    const info = await call(server, 'GET', '/api/blade-auth/oauth/user-info', { token: access });
    expect(info.json()).toMatchObject({ code: 200, success: true, data: { account: 'admin', tenantId: '000000' } });

    const none = await call(server, 'GET', '/api/blade-auth/oauth/user-info');
    expect(none.statusCode).toBe(401);
    expect(none.json()).toEqual({ code: 401, success: false, data: null, msg: '缺失令牌,鉴权失败' });

    const forged = signToken(
      { sid: '1', typ: 'access', jti: 'x', iat: 0, exp: Math.floor(Date.now() / 1000) + 60 },
      'not-the-secret',
    );
    const forgedAnswer = await call(server, 'GET', '/api/blade-auth/oauth/user-info', { token: forged });
    expect(forgedAnswer.statusCode).toBe(401);
    expect(forgedAnswer.json().msg).toBe('请求未授权');
    const garbage = await call(server, 'GET', '/api/blade-auth/oauth/user-info', { token: 'abc.def' });
    expect(garbage.json().msg).toBe('请求未授权');

    const [, payload] = access.split('.');
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
    const expired = signToken({ ...claims, exp: Math.floor(Date.now() / 1000) - 1 }, server.app.tokenSecret);
    const expiredAnswer = await call(server, 'GET', '/api/blade-auth/oauth/user-info', { token: expired });
    expect(expiredAnswer.statusCode).toBe(401);
    expect(expiredAnswer.json().msg).toBe('令牌已失效');

    const refresh = (await password('admin', 'admin')).json().refresh_token;
    const asAccess = await call(server, 'GET', '/api/blade-auth/oauth/user-info', { token: refresh });
    expect(asAccess.json().msg).toBe('请求未授权');
  });

  it('revokes the access and refresh token at logout', async () => {
    const signedIn = (await password('admin', 'admin')).json();
    const logout = await call(server, 'GET', '/api/blade-auth/oauth/logout', { token: signedIn.access_token });
    expect(logout.json()).toMatchObject({ code: 200, msg: '操作成功' });
    const after = await call(server, 'GET', '/api/blade-auth/oauth/user-info', { token: signedIn.access_token });
    expect(after.statusCode).toBe(401);
    expect(after.json().msg).toBe('令牌已失效');
    const refresh = await token({ grant_type: 'refresh_token', refresh_token: signedIn.refresh_token });
    expect(refresh.json().error_description).toBe('刷新令牌无效或已过期');
    const again = await call(server, 'GET', '/api/blade-auth/oauth/logout', { token: signedIn.access_token });
    expect(again.json().code).toBe(200);
  });

  it('clears the cache for a signed-in caller only', async () => {
    const access = await signIn(server);
    expect((await call(server, 'GET', '/api/blade-auth/oauth/clear-cache', { token: access })).json().msg).toBe(
      '操作成功',
    );
    expect((await call(server, 'GET', '/api/blade-auth/oauth/clear-cache')).statusCode).toBe(401);
  });
});
