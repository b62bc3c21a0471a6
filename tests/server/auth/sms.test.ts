import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextId } from '../../../server/db/ids.js';
import { now } from '../../../server/db/time.js';
import { flushLogs } from '../../../server/logs/queue.js';
import { call, startTestServer, type TestServer } from '../harness.js';
import { addUser } from './fixtures.js';

let server: TestServer;

/** The code the simulated gateway texted to this phone last. */
async function textedCode(phone: string): Promise<string> {
  const message = await server.ctx.db
    .selectFrom('blade_sms_message')
    .select('params')
    .where('phone', '=', phone)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  return (JSON.parse(String(message.params)) as { code: string }).code;
}

const sendCode = (phone: string) => call(server, 'GET', '/api/blade-auth/oauth/sms-code', { query: { phone } });
const smsToken = (phone: string, code: string) =>
  call(server, 'POST', '/api/blade-auth/oauth/token', { query: { phone, code, grant_type: 'sms_code', scope: 'all' } });

beforeAll(async () => {
  server = await startTestServer();
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
  await addUser(server, { account: 'sunqi', phone: '13800000001' });
});
afterAll(async () => server?.close());

describe('SMS sign-in code', () => {
  it('texts a 6-digit code that signs the phone owner in once', async () => {
    const sent = await sendCode('13800000001');
    expect(sent.json()).toMatchObject({ code: 200, msg: '验证码已发送' });
    const code = await textedCode('13800000001');
    expect(code).toMatch(/^\d{6}$/);
    const signedIn = await smsToken('13800000001', code);
    expect(signedIn.json().account).toBe('sunqi');
    expect((await smsToken('13800000001', code)).json().error_description).toBe('验证码不正确');
  });

  it('refuses a wrong code, a bad phone, and a second code within a minute', async () => {
    await sendCode('13800000002');
    expect((await smsToken('13800000002', '000000')).json()).toEqual({
      error_code: 400,
      error_description: '验证码不正确',
    });
    const again = await sendCode('13800000002');
    expect(again.statusCode).toBe(400);
    expect(again.json().msg).toBe('验证码发送过于频繁,请稍后再试');
    const bad = await sendCode('12345');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msg).toContain('phone');
  });

  it('refuses an expired code and a phone no user has', async () => {
    await sendCode('13800000003');
    const code = await textedCode('13800000003');
    const stranger = await smsToken('13800000003', code);
    expect(stranger.json().error_description).toBe('该手机号未绑定账号');

    await server.ctx.db.deleteFrom('blade_sms_code').where('phone', '=', '13800000001').execute();
    await server.ctx.db
      .insertInto('blade_sms_code')
      .values({
        phone: '13800000001',
        code: '123456',
        expireTime: '2000-01-01 00:00:00',
        createTime: '2000-01-01 00:00:00',
      })
      .execute();
    expect((await smsToken('13800000001', '123456')).json().error_description).toBe('验证码不正确');
  });

  it('tells an anonymous visitor only that SMS sign-in is unavailable, and logs why for the admin', async () => {
    await server.ctx.db.updateTable('blade_sms').set({ status: 1 }).execute();
    const refused = await sendCode('13800000009');
    expect(refused.statusCode).toBe(503);
    expect(refused.json().msg).toBe('短信验证码暂时无法发送, 请使用账号密码登录');
    await server.ctx.db.updateTable('blade_sms').set({ status: 2 }).execute();
    await flushLogs(server.ctx);
    const logged = await server.ctx.db.selectFrom('blade_log_error').select('message').execute();
    expect(logged.map((row) => row.message)).toContain('未启用短信配置, 请先在短信配置中启用一项');
  });
});
