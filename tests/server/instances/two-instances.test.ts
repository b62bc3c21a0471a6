// Two servers on one PostgreSQL database behave as one: nothing about sign-in lives in a process.
import { md5 } from 'js-md5';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, dayOf } from '../../../server/money/bills/days.js';
import { reconcileBills } from '../../../server/money/bills/pass.js';
import { setParam } from '../auth/fixtures.js';
import { call, freshDatabaseUrl, startTestServer, type TestServer } from '../harness.js';

const onPostgres = Boolean(process.env.TEST_PG_URL);
if (!onPostgres) console.log('two-instances: skipped, it needs PostgreSQL (run `npm run test:pg`)');

let first: TestServer;
let second: TestServer;

const password = (server: TestServer, username: string, plain: string, captcha?: { key: string; code: string }) =>
  call(server, 'POST', '/api/blade-auth/oauth/token', {
    query: { username, password: md5(plain), grant_type: captcha ? 'captcha' : 'password', scope: 'all' },
    headers: captcha ? { 'captcha-key': captcha.key, 'captcha-code': captcha.code } : {},
  });

describe.skipIf(!onPostgres)('two instances on one PostgreSQL', () => {
  beforeAll(async () => {
    const databaseUrl = await freshDatabaseUrl();
    first = await startTestServer({ DATABASE_URL: databaseUrl, CAPTCHA_ENABLED: 'true' });
    second = await startTestServer({ DATABASE_URL: databaseUrl, CAPTCHA_ENABLED: 'true' });
  });
  afterAll(async () => {
    await first?.close();
    await second?.close();
  });

  const captchaFrom = async (server: TestServer) => {
    const { key } = (await call(server, 'GET', '/api/blade-auth/oauth/captcha')).json() as { key: string };
    const row = await server.ctx.db
      .selectFrom('blade_captcha')
      .select('code')
      .where('captchaKey', '=', key)
      .executeTakeFirstOrThrow();
    return { key, code: row.code };
  };

  it('accepts on one instance a captcha the other issued, once', async () => {
    const captcha = await captchaFrom(first);
    const signedIn = await password(second, 'admin', 'admin', captcha);
    expect(signedIn.json().account).toBe('admin');
    expect((await password(first, 'admin', 'admin', captcha)).json().error_description).toBe('验证码不正确');
  });

  it('refuses on one instance a token revoked on the other', async () => {
    const token = (await password(first, 'admin', 'admin', await captchaFrom(first))).json().access_token as string;
    expect((await call(second, 'GET', '/api/blade-auth/oauth/user-info', { token })).statusCode).toBe(200);
    await call(first, 'GET', '/api/blade-auth/oauth/logout', { token });
    const after = await call(second, 'GET', '/api/blade-auth/oauth/user-info', { token });
    expect(after.statusCode).toBe(401);
    expect(after.json().msg).toBe('令牌已失效');
  });

  it('holds on one instance a lockout reached on the other', async () => {
    await setParam(first, 'account.failCount', '2');
    for (const server of [first, second]) {
      expect((await password(server, 'operator', 'wrong', await captchaFrom(server))).json().error_description).toBe(
        '用户名或密码不正确',
      );
    }
    const locked = await password(first, 'operator', 'operator', await captchaFrom(second));
    expect(locked.json().error_description).toBe('登录错误次数过多,请稍后再试');
    const alsoLocked = await password(second, 'operator', 'operator', await captchaFrom(first));
    expect(alsoLocked.json().error_description).toBe('登录错误次数过多,请稍后再试');
  });

  it("downloads a day's bills on one instance only when both passes run at once", async () => {
    const today = dayOf(new Date());
    // Tomorrow after ten, when WeChat Pay has made today's bills.
    const at = new Date(`${addDays(today, 1)}T11:00:00`);
    const passes = await Promise.all([reconcileBills(first.ctx, at), reconcileBills(second.ctx, at)]);
    expect(passes.flatMap((pass) => pass.reconciled)).toEqual([{ day: today, differences: 0 }]);
    expect(passes.flatMap((pass) => pass.failures)).toEqual([]);
    // One claim, one download.
    const day = await first.ctx.db.selectFrom('biz_bill_day').selectAll().where('day', '=', today).executeTakeFirst();
    expect(day).toMatchObject({ state: 'done', attempts: 1 });
  });
});
