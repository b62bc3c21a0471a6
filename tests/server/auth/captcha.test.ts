import { md5 } from 'js-md5';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startTestServer, type TestServer } from '../harness.js';

let server: TestServer;

const captcha = async (): Promise<{ key: string; image: string; code: string }> => {
  const body = (await call(server, 'GET', '/api/blade-auth/oauth/captcha')).json() as { key: string; image: string };
  const row = await server.ctx.db
    .selectFrom('blade_captcha')
    .select('code')
    .where('captchaKey', '=', body.key)
    .executeTakeFirstOrThrow();
  return { ...body, code: row.code };
};

const signIn = (grantType: string, key?: string, code?: string) =>
  call(server, 'POST', '/api/blade-auth/oauth/token', {
    query: {
      tenantId: '000000',
      username: 'admin',
      password: md5('admin'),
      grant_type: grantType,
      scope: 'all',
      type: 'account',
    },
    headers: {
      'tenant-id': '000000',
      ...(key ? { 'captcha-key': key } : {}),
      ...(code ? { 'captcha-code': code } : {}),
    },
  });

beforeAll(async () => {
  server = await startTestServer({ CAPTCHA_ENABLED: 'true' });
});
afterAll(async () => server?.close());

describe('captcha', () => {
  it('answers a flat key and an SVG image whose markup does not contain the answer', async () => {
    const response = await call(server, 'GET', '/api/blade-auth/oauth/captcha');
    expect(response.statusCode).toBe(200);
    const { key, image } = response.json();
    expect(key).toMatch(/^[0-9a-f-]{36}$/);
    expect(image.startsWith('data:image/svg+xml;base64,')).toBe(true);
    const svg = Buffer.from(image.split(',')[1], 'base64').toString();
    expect(svg).toContain('<svg');
    expect(svg).not.toContain('<text');
    const { code } = await captcha();
    expect(code).toMatch(/^[2-9A-Z]{5}$/);
  });

  it('signs in with the right answer, in any letter case', async () => {
    const first = await captcha();
    expect((await signIn('captcha', first.key, first.code.toLowerCase())).json().access_token).toBeTruthy();
  });

  it('refuses a wrong answer and uses the captcha up', async () => {
    const { key, code } = await captcha();
    expect((await signIn('captcha', key, 'WRONG')).json()).toEqual({
      error_code: 400,
      error_description: '验证码不正确',
    });
    expect((await signIn('captcha', key, code)).json().error_description).toBe('验证码不正确');
  });

  it('refuses a captcha used twice', async () => {
    const { key, code } = await captcha();
    expect((await signIn('captcha', key, code)).statusCode).toBe(200);
    expect((await signIn('captcha', key, code)).json().error_description).toBe('验证码不正确');
  });

  it('refuses an expired captcha', async () => {
    const { key, code } = await captcha();
    await server.ctx.db
      .updateTable('blade_captcha')
      .set({ expireTime: '2000-01-01 00:00:00' })
      .where('captchaKey', '=', key)
      .execute();
    expect((await signIn('captcha', key, code)).json().error_description).toBe('验证码不正确');
  });

  it('requires the captcha on the password grant too while captchas are on', async () => {
    expect((await signIn('password')).json().error_description).toBe('验证码不正确');
    const { key, code } = await captcha();
    expect((await signIn('password', key, code)).statusCode).toBe(200);
  });
});
