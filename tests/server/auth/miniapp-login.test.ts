// The customer app's sign-in through WeChat (MINIAPP_LOGIN=wechat): the real client against a double of
// jscode2session, stable_token and getuserphonenumber. A code signs a customer in (made on the first sign-in, the
// same on the next), WeChat's refusals reach the customer in Chinese or English with the status of their kind, the
// getPhoneNumber code binds the phone, the AppSecret and the session key are in no answer and no log, and the
// start checks. The sandbox (the default) binds a phone too.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MiniAppDouble, startMiniAppDouble } from '../../../scripts/doubles/wechat-miniapp.js';
import { loadConfig } from '../../../server/platform/config.js';
import { issueSandboxPhoneCode } from '../../../server/system/auth/miniapp/phone.js';
import { openSessionKey } from '../../../server/system/auth/miniapp/seal.js';
import { checkMiniAppStart, MiniAppStartRefused } from '../../../server/system/auth/miniapp/start-check.js';
import { flushLogs } from '../../../server/system/logs/queue.js';
import { call, RIDER, signIn, signInCustomer, startTestServer, type TestServer } from '../harness.js';
import { startServerProcess } from '../http/server-process.js';

const root = path.join(import.meta.dirname, '..', '..', '..');
let double: MiniAppDouble;
let server: TestServer;
/** Every answer the tests received, to look for the secrets in. */
const answers: string[] = [];

const miniAppEnv = (d: MiniAppDouble) => ({
  MINIAPP_LOGIN: 'wechat',
  MINIAPP_APPID: d.appId,
  MINIAPP_SECRET: d.appSecret,
  MINIAPP_API_BASE: d.url,
});

beforeAll(async () => {
  double = await startMiniAppDouble();
  server = await startTestServer(miniAppEnv(double));
}, 60_000);
afterAll(async () => {
  await server?.close();
  await double?.close();
});

async function signInWith(code: string, language?: string) {
  const response = await call(server, 'POST', '/api/blade-auth/oauth/token', {
    headers: { authorization: RIDER, ...(language ? { 'accept-language': language } : {}) },
    query: { grant_type: 'wechat_app', code },
  });
  answers.push(response.body);
  return { status: response.statusCode, body: response.json() as Record<string, string> };
}

async function bindPhone(token: string, code: string, language?: string) {
  const response = await call(server, 'POST', '/api/blade-auth/app/phone', {
    token,
    body: { code },
    headers: language ? { 'accept-language': language } : {},
  });
  answers.push(response.body);
  return { status: response.statusCode, body: response.json() as { success: boolean; msg: string; data: unknown } };
}

const customerRow = (openId: string) =>
  server.ctx.db.selectFrom('biz_customer').selectAll().where('openId', '=', openId).executeTakeFirst();

describe('signing in with a wx.login code', () => {
  it('makes the customer of a new openid and signs the same customer in the next time', async () => {
    expect(await customerRow('oRider01')).toBeUndefined();
    const first = await signInWith(double.loginCode('oRider01', 'uRider01'));
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ token_type: 'bearer' });
    const made = await customerRow('oRider01');
    expect(made).toMatchObject({ nickName: '微信用户' });
    expect(first.body.customer_id).toBe(String(made?.id));

    const second = await signInWith(double.loginCode('oRider01'));
    expect(second.body.customer_id).toBe(first.body.customer_id);
    const customers = await server.ctx.db
      .selectFrom('biz_customer')
      .select('id')
      .where('openId', '=', 'oRider01')
      .execute();
    expect(customers).toHaveLength(1);

    // The customer's token works on the app's own calls.
    const orders = await call(server, 'GET', '/api/blade-system/rent/orders', { token: first.body.access_token });
    expect(orders.statusCode).toBe(200);
  });

  it('keeps the latest session key on the server only, sealed, beside the UnionID', async () => {
    const customer = await customerRow('oRider01');
    const kept = await server.ctx.db
      .selectFrom('biz_customer_session_key')
      .selectAll()
      .where('customerId', '=', Number(customer?.id))
      .executeTakeFirstOrThrow();
    const sessionKey = double.sessionKeys.get('oRider01') as string;
    expect(kept.sealedKey).not.toContain(sessionKey);
    expect(openSessionKey(double.appSecret, kept.sealedKey)).toBe(sessionKey);
    expect(openSessionKey('another-secret', kept.sealedKey)).toBeNull();
    // The second sign-in gave no UnionID: the one known is kept.
    expect(kept.unionId).toBe('uRider01');
  });

  it('refuses a used or unknown code, in Chinese and in English', async () => {
    const code = double.loginCode('oRider02');
    expect((await signInWith(code)).status).toBe(200);
    const again = await signInWith(code);
    expect(again).toEqual({
      status: 400,
      body: { error_code: 400, error_description: '登录凭证无效或已过期,请重新登录' },
    });
    const unknown = await signInWith('0'.repeat(32), 'en');
    expect(unknown.status).toBe(400);
    expect(unknown.body.error_description).toBe('The sign-in code is not valid or has expired; sign in again');
  });

  it("answers WeChat's minute quota with 429, a blocked person with 403, WeChat busy with 503", async () => {
    const cases = [
      [45011, 429, '登录过于频繁,请一分钟后再试', 'Too many sign-ins; try again in a minute'],
      [
        40226,
        403,
        '微信判定该账号存在风险,暂时无法登录',
        'WeChat considers this account at risk; it cannot sign in for now',
      ],
      [-1, 503, '微信登录暂时不可用,请稍后再试', 'WeChat sign-in is unavailable for now; try again later'],
    ] as const;
    for (const [errcode, status, chinese, english] of cases) {
      double.refuseNext('/sns/jscode2session', errcode);
      expect(await signInWith(double.loginCode('oRider03'))).toEqual({
        status,
        body: { error_code: status, error_description: chinese },
      });
      double.refuseNext('/sns/jscode2session', errcode);
      expect((await signInWith(double.loginCode('oRider03'), 'en')).body.error_description).toBe(english);
    }
    expect(await customerRow('oRider03')).toBeUndefined();
    // The refusal was WeChat's: a fresh code signs the person in.
    expect((await signInWith(double.loginCode('oRider03'))).status).toBe(200);
  });

  it('is refused when the AppSecret is wrong, without telling the customer why', async () => {
    const wrong = await startTestServer({ ...miniAppEnv(double), MINIAPP_SECRET: 'not-the-secret' });
    try {
      const response = await call(wrong, 'POST', '/api/blade-auth/oauth/token', {
        headers: { authorization: RIDER },
        query: { grant_type: 'wechat_app', code: double.loginCode('oRider04') },
      });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({ error_code: 503, error_description: '微信登录暂时不可用,请稍后再试' });
      // The operator finds WeChat's reason in the usual log, without the secret.
      await flushLogs(wrong.ctx);
      const logged = await wrong.ctx.db
        .selectFrom('blade_log_usual')
        .select(['logLevel', 'logData'])
        .where('logId', '=', 'miniapp-refused')
        .execute();
      expect(logged).toEqual([{ logLevel: 'error', logData: 'jscode2session: WeChat errcode 40125' }]);
    } finally {
      await wrong.close();
    }
  }, 60_000);
});

describe('binding the phone number', () => {
  it("keeps the number of the getPhoneNumber code on the customer, shown on the console's customer list", async () => {
    const { access_token: token, customer_id: customerId } = (await signInWith(double.loginCode('oRider05'))).body;
    expect((await customerRow('oRider05'))?.phoneNumber).toBeNull();
    const bound = await bindPhone(token, double.phoneCode('13912345678'));
    expect(bound).toMatchObject({ status: 200, body: { success: true, data: { phoneNumber: '13912345678' } } });
    expect((await customerRow('oRider05'))?.phoneNumber).toBe('13912345678');

    const admin = await signIn(server);
    const list = await call(server, 'GET', '/api/blade-system/customer/list', {
      token: admin,
      query: { keyword: '13912345678' },
    });
    const records = (list.json() as { data: { records: Array<Record<string, unknown>> } }).data.records;
    expect(records.map((row) => [row.id, row.phoneNumber])).toEqual([[customerId, '13912345678']]);
  });

  it('shares one access token, fetches another when WeChat ends it, and keeps a number abroad with its code', async () => {
    const { access_token: token } = (await signInWith(double.loginCode('oRider06'))).body;
    const issued = double.tokensIssued;
    expect(issued).toBeGreaterThanOrEqual(1);
    await bindPhone(token, double.phoneCode('13900000001'));
    expect(double.tokensIssued).toBe(issued);
    double.expireToken();
    const abroad = await bindPhone(token, double.phoneCode('91234567', '852'));
    expect(abroad.body.data).toEqual({ phoneNumber: '+85291234567' });
    expect(double.tokensIssued).toBe(issued + 1);
    const kept = await server.ctx.db.selectFrom('biz_miniapp_token').selectAll().executeTakeFirstOrThrow();
    expect(kept).toMatchObject({ appId: double.appId, fetchCount: issued + 1 });
  });

  it('refuses a used code and WeChat quota clearly, and changes nothing', async () => {
    const { access_token: token } = (await signInWith(double.loginCode('oRider07'))).body;
    const code = double.phoneCode('13900000007');
    await bindPhone(token, code);
    await server.ctx.db
      .updateTable('biz_customer')
      .set({ phoneNumber: null })
      .where('openId', '=', 'oRider07')
      .execute();
    expect(await bindPhone(token, code)).toMatchObject({
      status: 400,
      body: { success: false, msg: '手机号授权已失效,请重新授权' },
    });
    double.refuseNext('/wxa/business/getuserphonenumber', 45011);
    expect(await bindPhone(token, double.phoneCode('13900000007'), 'en')).toMatchObject({
      status: 429,
      body: { msg: 'Too many phone number requests; try again in a minute' },
    });
    expect((await customerRow('oRider07'))?.phoneNumber).toBeNull();
  });

  it('is a customer call: staff tokens and anonymous callers are refused, a code is required', async () => {
    const admin = await signIn(server);
    expect((await bindPhone(admin, double.phoneCode('13900000008'))).status).toBe(403);
    const anonymous = await call(server, 'POST', '/api/blade-auth/app/phone', { body: { code: 'x' } });
    expect(anonymous.statusCode).toBe(401);
    const { access_token: token } = (await signInWith(double.loginCode('oRider08'))).body;
    const missing = await call(server, 'POST', '/api/blade-auth/app/phone', { token, body: {} });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ msg: '请提供手机号授权凭证' });
  });
});

describe('secrets', () => {
  it('neither the AppSecret nor a session key is in any answer or in the API log', async () => {
    await flushLogs(server.ctx);
    const logged = await server.ctx.db.selectFrom('blade_log_api').select(['requestUri', 'params']).execute();
    expect(logged.some((row) => row.requestUri?.includes('/oauth/token'))).toBe(true);
    expect(logged.some((row) => row.requestUri?.includes('/app/phone'))).toBe(true);
    const texts = [...answers, ...logged.map((row) => `${row.requestUri} ${row.params}`)];
    const keys = [...double.sessionKeys.values()];
    expect(keys.length).toBeGreaterThan(5);
    for (const text of texts) {
      expect(text).not.toContain(double.appSecret);
      for (const key of keys) expect(text).not.toContain(key);
      expect(text).not.toMatch(/session_?key/i);
    }
  });

  it('neither is in the process log of `npm start`', async () => {
    const started = await startServerProcess({ ...miniAppEnv(double), PORT: '0' });
    try {
      const token = await fetch(
        `${started.url}/api/blade-auth/oauth/token?grant_type=wechat_app&code=${double.loginCode('oRider09')}`,
        {
          method: 'POST',
          headers: { authorization: RIDER },
        },
      );
      const { access_token } = (await token.json()) as { access_token: string };
      const bound = await fetch(`${started.url}/api/blade-auth/app/phone`, {
        method: 'POST',
        headers: { authorization: RIDER, 'blade-auth': `bearer ${access_token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ code: double.phoneCode('13900000009') }),
      });
      expect(bound.status).toBe(200);
      // The child's log reaches this process through a pipe, a moment after the answers: wait for both calls' lines.
      await expect.poll(() => started.output(), { timeout: 20_000 }).toContain('/api/blade-auth/app/phone');
      const output = started.output();
      expect(output).toContain('/api/blade-auth/oauth/token');
      expect(output).toContain(`customer sign-in: WeChat mini-program ${double.appId}`);
      expect(output).not.toContain(double.appSecret);
      expect(output).not.toContain(double.sessionKeys.get('oRider09'));
    } finally {
      await started.stop();
    }
  }, 90_000);
});

describe('starting the server', () => {
  const refusal = (env: Record<string, string>) => {
    try {
      checkMiniAppStart(loadConfig(env));
      return '';
    } catch (error) {
      expect(error).toBeInstanceOf(MiniAppStartRefused);
      return (error as Error).message;
    }
  };

  it('refuses production on the simulator unless told so, and WeChat without its AppID and AppSecret', () => {
    expect(refusal({})).toBe('');
    expect(refusal({ NODE_ENV: 'production' })).toMatch(/MINIAPP_SIMULATOR_IN_PRODUCTION=true/);
    expect(refusal({ NODE_ENV: 'production', MINIAPP_SIMULATOR_IN_PRODUCTION: 'true' })).toBe('');
    expect(refusal({ MINIAPP_LOGIN: 'wechat' })).toBe(
      'Refusing to start: MINIAPP_LOGIN=wechat needs MINIAPP_APPID, MINIAPP_SECRET.',
    );
    expect(refusal({ MINIAPP_LOGIN: 'wechat', MINIAPP_APPID: double.appId, NODE_ENV: 'production' })).toBe(
      'Refusing to start: MINIAPP_LOGIN=wechat needs MINIAPP_SECRET.',
    );
    expect(refusal({ ...miniAppEnv(double), NODE_ENV: 'production' })).toBe('');
    expect(() => loadConfig({ MINIAPP_LOGIN: 'wechta' })).toThrow('MINIAPP_LOGIN must be simulator or wechat');
  });

  it('says so in the log of `npm start` and exits before opening the database', () => {
    const data = fs.mkdtempSync(path.join(os.tmpdir(), 'ride-console-refused-'));
    const started = spawnSync(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      cwd: root,
      env: {
        ...process.env,
        NODE_ENV: 'production',
        PAY_SANDBOX_IN_PRODUCTION: 'true',
        MINIAPP_LOGIN: '',
        DATA_DIR: data,
        DATABASE_URL: '',
        PORT: '0',
      },
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(started.status).toBe(1);
    expect(started.stderr).toContain('Refusing to start: NODE_ENV=production with the mini-program sign-in simulator');
    expect(started.stderr).not.toContain('    at ');
    expect(fs.existsSync(path.join(data, 'console.db'))).toBe(false);
  });
});

describe('the sandbox (MINIAPP_LOGIN=simulator)', () => {
  it('binds a phone from the code it issued, once', async () => {
    const sandbox = await startTestServer();
    try {
      const customer = await signInCustomer(sandbox, 'oSandbox01');
      const code = await issueSandboxPhoneCode(sandbox.ctx, '13700000001');
      const bind = () => call(sandbox, 'POST', '/api/blade-auth/app/phone', { token: customer.token, body: { code } });
      expect((await bind()).json()).toMatchObject({ success: true, data: { phoneNumber: '13700000001' } });
      const row = await sandbox.ctx.db
        .selectFrom('biz_customer')
        .select('phoneNumber')
        .where('id', '=', Number(customer.customerId))
        .executeTakeFirstOrThrow();
      expect(row.phoneNumber).toBe('13700000001');
      expect((await bind()).json()).toMatchObject({ success: false, msg: '手机号授权已失效,请重新授权' });
    } finally {
      await sandbox.close();
    }
  }, 60_000);
});
