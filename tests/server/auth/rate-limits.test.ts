// Rate limits of the anonymous calls (docs/rate-limits.md): texts cannot be pumped from one address or to one phone,
// an SMS code needs a solved captcha, sign-in floods are refused in the token endpoint's shape, every public call is
// counted, and the limits are parameters shared by every instance on the database.
import type { LightMyRequestResponse } from 'fastify';
import { md5 } from 'js-md5';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextId } from '../../../server/platform/db/ids.js';
import { migrate } from '../../../server/platform/db/migrate.js';
import * as rateLimits from '../../../server/platform/db/migrations/0027_h_rate_limits.js';
import { now } from '../../../server/platform/db/time.js';
import { BASIC, call, startTestServer, type TestServer } from '../harness.js';
import { addUser, setParam } from './fixtures.js';

let server: TestServer;
let second: TestServer;

/** A fresh address for each scenario, so one scenario's count never reaches another's. */
let lastAddress = 0;
const address = () => `10.0.0.${++lastAddress}`;

async function captchaFrom(target: TestServer, from: string): Promise<{ key: string; code: string }> {
  const answer = await target.app.inject({ method: 'GET', url: '/api/blade-auth/oauth/captcha', remoteAddress: from });
  const { key } = answer.json() as { key: string };
  const row = await target.ctx.db
    .selectFrom('blade_captcha')
    .select('code')
    .where('captchaKey', '=', key)
    .executeTakeFirstOrThrow();
  return { key, code: row.code };
}

function askCode(target: TestServer, phone: string, from: string, captcha?: { key: string; code: string }) {
  return target.app.inject({
    method: 'GET',
    url: '/api/blade-auth/oauth/sms-code',
    query: { phone },
    remoteAddress: from,
    headers: captcha ? { 'captcha-key': captcha.key, 'captcha-code': captcha.code } : {},
  });
}

/** Asks for a code with a solved captcha, as the sign-in screen does. */
const solvedAsk = async (target: TestServer, phone: string, from: string) =>
  askCode(target, phone, from, await captchaFrom(target, from));

const texts = async (phones?: string[]) => {
  let query = server.ctx.db.selectFrom('blade_sms_message').select((eb) => eb.fn.countAll<number>().as('n'));
  if (phones) query = query.where('phone', 'in', phones);
  return Number((await query.executeTakeFirstOrThrow()).n);
};

function expectTooMany(response: LightMyRequestResponse): void {
  expect(response.statusCode).toBe(429);
  expect(response.json()).toEqual({ code: 429, success: false, data: null, msg: '请求过于频繁, 请稍后再试' });
  expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
}

beforeAll(async () => {
  server = await startTestServer();
  // A second instance on the same database, as behind a load balancer.
  second = await startTestServer({ DATABASE_URL: server.databaseUrl });
  await server.ctx.db
    .insertInto('blade_sms')
    .values({
      id: nextId(),
      category: 1,
      smsCode: 'login',
      templateId: 'SMS_LOGIN',
      accessKey: 'key',
      secretKey: 'secret',
      signName: '乐行租赁',
      status: 2,
      createTime: now(),
    })
    .execute();
});
afterAll(async () => {
  await second?.close();
  await server?.close();
});

describe('SMS codes', () => {
  it('sends no more texts from one address than limit.smsPerIpHour allows: 30 numbers, 20 texts', async () => {
    const from = address();
    const phones = Array.from({ length: 30 }, (_, i) => `139${String(i).padStart(8, '0')}`);
    const answers: LightMyRequestResponse[] = [];
    for (const phone of phones) answers.push(await solvedAsk(server, phone, from));
    expect(answers.slice(0, 20).map((answer) => answer.json().msg)).toEqual(Array(20).fill('验证码已发送'));
    for (const refused of answers.slice(20)) expectTooMany(refused);
    expect(await texts(phones)).toBe(20);
    // Another address is not held back by this one.
    expect((await solvedAsk(server, '13700000001', address())).json().msg).toBe('验证码已发送');
  });

  it('needs a solved captcha: none, a wrong one and a used one send nothing', async () => {
    const from = address();
    const before = await texts();
    const none = await askCode(server, '13700000002', from);
    expect(none.statusCode).toBe(400);
    expect(none.json().msg).toBe('验证码不正确');
    const captcha = await captchaFrom(server, from);
    const wrong = await askCode(server, '13700000002', from, { key: captcha.key, code: 'zzzzz' });
    expect(wrong.json().msg).toBe('验证码不正确');
    // The wrong answer used the captcha up: the right one no longer opens it.
    expect((await askCode(server, '13700000002', from, captcha)).json().msg).toBe('验证码不正确');
    expect(await texts()).toBe(before);
    expect((await solvedAsk(server, '13700000002', from)).json().msg).toBe('验证码已发送');
    expect(await texts()).toBe(before + 1);
  });

  it('sends one phone no more than limit.smsPerPhoneHour texts, whatever the addresses asking', async () => {
    const phone = '13700000003';
    for (let sent = 1; sent <= 5; sent++) {
      expect((await solvedAsk(server, phone, address())).json().msg).toBe('验证码已发送');
      // A minute passes before the next code may be asked for.
      await server.ctx.db
        .updateTable('blade_sms_code')
        .set({ createTime: '2000-01-01 00:00:00' })
        .where('phone', '=', phone)
        .execute();
    }
    expectTooMany(await solvedAsk(server, phone, address()));
    expect(await texts([phone])).toBe(5);
  });
});

describe('sign-in', () => {
  const attempt = (from: string, username: string, headers: Record<string, string> = {}) =>
    server.app.inject({
      method: 'POST',
      url: '/api/blade-auth/oauth/token',
      remoteAddress: from,
      headers: { authorization: BASIC, ...headers },
      query: { grant_type: 'refresh_token', refresh_token: `not-a-token-${username}`, scope: 'all' },
    });

  it('refuses a flood from one address after limit.signInPerIpMinute, in the OAuth shape, in English too', async () => {
    const from = address();
    for (let i = 0; i < 60; i++) expect((await attempt(from, String(i))).statusCode).toBe(400);
    const refused = await attempt(from, 'over');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ error_code: 429, error_description: '请求过于频繁, 请稍后再试' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    const english = await attempt(from, 'over', { 'accept-language': 'en' });
    expect(english.json().error_description).toBe('Too many requests; please try again later');
    // The right password from this address waits too; from another it signs in.
    await addUser(server, { account: 'wangwu', password: 'secret1' });
    const password = (at: string) =>
      server.app.inject({
        method: 'POST',
        url: '/api/blade-auth/oauth/token',
        remoteAddress: at,
        headers: { authorization: BASIC },
        query: { grant_type: 'password', username: 'wangwu', password: md5('secret1'), scope: 'all' },
      });
    expect((await password(from)).statusCode).toBe(429);
    expect((await password(address())).json().account).toBe('wangwu');
  });
});

describe('limits', () => {
  it('follow their parameter at once: a lower one refuses, a raised one lets the same address on', async () => {
    const from = address();
    await setParam(server, 'limit.publicPerIpMinute', '3');
    const tenant = () =>
      server.app.inject({ method: 'GET', url: '/api/blade-system/tenant/info', remoteAddress: from });
    for (let i = 0; i < 3; i++) expect((await tenant()).statusCode).toBe(200);
    expectTooMany(await tenant());
    await setParam(server, 'limit.publicPerIpMinute', '10');
    expect((await tenant()).statusCode).toBe(200);
    await setParam(server, 'limit.publicPerIpMinute', '120');
  });

  it('are counted once for every instance on the database', async () => {
    const from = address();
    await setParam(server, 'limit.notifyPerIpMinute', '4');
    const notify = (target: TestServer) =>
      target.app.inject({
        method: 'POST',
        url: '/api/pay/notify',
        remoteAddress: from,
        headers: { 'content-type': 'application/json' },
        payload: '{}',
      });
    for (const target of [server, second, server, second]) expect((await notify(target)).statusCode).not.toBe(429);
    expectTooMany(await notify(second));
    expectTooMany(await notify(server));
    await setParam(server, 'limit.notifyPerIpMinute', '600');
  });

  it('cover every public call of the API', async () => {
    const document = (await call(server, 'GET', '/api/docs/json')).json() as {
      paths: Record<string, Record<string, { 'x-access'?: unknown }>>;
    };
    const publicCalls = Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.entries(methods)
        .filter(([, operation]) => operation['x-access'] === 'public')
        .map(([method]) => ({ method: method.toUpperCase() as 'GET' | 'POST', path })),
    );
    expect(publicCalls.length).toBeGreaterThan(10);
    const unlimited: string[] = [];
    for (const { method, path } of publicCalls) {
      const url = path.replace(/\{[^}]+\}/g, 'x');
      const answer = await server.app.inject({ method, url, remoteAddress: address() });
      if (!answer.headers['x-ratelimit-limit']) unlimited.push(`${method} ${path}`);
    }
    expect(unlimited).toEqual([]);
  });
});

it('brings a database seeded before the limits their parameters, as a fresh seed has them', async () => {
  const limitParams = () =>
    server.ctx.db
      .selectFrom('blade_param')
      .select(['paramKey', 'paramValue'])
      .where('paramKey', 'like', 'limit.%')
      .orderBy('paramKey')
      .execute();
  const seeded = await limitParams();
  expect(seeded.map((param) => param.paramKey)).toEqual([
    'limit.notifyPerIpMinute',
    'limit.publicPerIpMinute',
    'limit.signInPerIpMinute',
    'limit.smsPerIpHour',
    'limit.smsPerPhoneHour',
  ]);
  await rateLimits.down(server.ctx.db as never);
  await sql`delete from blade_migration where name = '0027_h_rate_limits'`.execute(server.ctx.db);
  expect(await limitParams()).toEqual([]);
  await migrate(server.ctx.db);
  expect(await limitParams()).toEqual(seeded);
  // The counters start again, empty.
  expect((await server.app.inject({ method: 'GET', url: '/api/blade-system/tenant/info' })).statusCode).toBe(200);
});
