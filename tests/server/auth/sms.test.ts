// SMS sign-in codes, through the simulator and through each live provider's official SDK to its double (阿里云 and
// 腾讯云, their request signatures checked), and a provider's refusal shown to the operator in words.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SmsDouble, startAliyunSmsDouble, startTencentSmsDouble } from '../../../scripts/doubles/sms.js';
import { nextId } from '../../../server/platform/db/ids.js';
import { now } from '../../../server/platform/db/time.js';
import { flushLogs } from '../../../server/system/logs/queue.js';
import { call, signIn, startTestServer, type TestServer } from '../harness.js';
import { addUser } from './fixtures.js';

let server: TestServer;
let doubles: Record<'aliyun' | 'tencent', SmsDouble>;

type Gateway = 'simulator' | 'aliyun' | 'tencent';
let gateway: Gateway = 'simulator';

/** The code texted to this phone last: as the simulator recorded it, or as the provider's double received it. */
async function textedCode(phone: string): Promise<string> {
  if (gateway !== 'simulator') {
    const params = doubles[gateway].sent.findLast((sent) => sent.phone === phone)?.params;
    // 阿里云 fills the template's variables by name, 腾讯云 its {1}, {2} by position.
    return gateway === 'aliyun' ? (params as { code: string }).code : (params as string[])[0];
  }
  const message = await server.ctx.db
    .selectFrom('blade_sms_message')
    .select('params')
    .where('phone', '=', phone)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  return (JSON.parse(String(message.params)) as { code: string }).code;
}

/** Asks for a code as the sign-in screen does: with the captcha it shows, solved (read from the server's table). */
async function sendCode(phone: string) {
  const { key } = (await call(server, 'GET', '/api/blade-auth/oauth/captcha')).json() as { key: string };
  const { code } = await server.ctx.db
    .selectFrom('blade_captcha')
    .select('code')
    .where('captchaKey', '=', key)
    .executeTakeFirstOrThrow();
  const headers = { 'captcha-key': key, 'captcha-code': code };
  return call(server, 'GET', '/api/blade-auth/oauth/sms-code', { query: { phone }, headers });
}
const smsToken = (phone: string, code: string) =>
  call(server, 'POST', '/api/blade-auth/oauth/token', { query: { phone, code, grant_type: 'sms_code', scope: 'all' } });

/** The enabled config, of the gateway's provider with the double's keys. */
async function useGateway(next: Gateway): Promise<void> {
  gateway = next;
  const sms = server.ctx.config.sms;
  sms.gateway = next === 'simulator' ? 'simulator' : 'live';
  sms.aliyunEndpoint = doubles.aliyun.url;
  sms.tencentEndpoint = doubles.tencent.url;
  const keys = next === 'simulator' ? { accessKey: 'key', secretKey: 'secret' } : doubles[next];
  await server.ctx.db.deleteFrom('blade_sms').execute();
  await server.ctx.db.deleteFrom('blade_sms_code').execute();
  await server.ctx.db
    .insertInto('blade_sms')
    .values({
      id: nextId(),
      category: { simulator: 1, aliyun: 3, tencent: 4 }[next],
      smsCode: 'login',
      templateId: next === 'tencent' ? '1843210' : 'SMS_LOGIN',
      appId: next === 'tencent' ? '1400812345' : null,
      accessKey: keys.accessKey,
      secretKey: keys.secretKey,
      signName: '乐行租赁',
      status: 2,
      createTime: now(),
    })
    .execute();
}

beforeAll(async () => {
  const [started, aliyun, tencent] = await Promise.all([
    startTestServer(),
    startAliyunSmsDouble(),
    startTencentSmsDouble(),
  ]);
  server = started;
  doubles = { aliyun, tencent };
  await addUser(server, { account: 'sunqi', phone: '13800000001' });
});
afterAll(async () => Promise.all([server?.close(), doubles?.aliyun.close(), doubles?.tencent.close()]));

describe.each(['simulator', 'aliyun', 'tencent'] as const)('SMS sign-in code (%s)', (through) => {
  beforeAll(() => useGateway(through));

  it('texts a 6-digit code that signs the phone owner in once', async () => {
    const sent = await sendCode('13800000001');
    expect(sent.json()).toMatchObject({ code: 200, msg: '验证码已发送' });
    const code = await textedCode('13800000001');
    expect(code).toMatch(/^\d{6}$/);
    const signedIn = await smsToken('13800000001', code);
    expect(signedIn.json().account).toBe('sunqi');
    expect((await smsToken('13800000001', code)).json().error_description).toBe('验证码不正确');
    if (through === 'aliyun') expect(doubles.aliyun.sent.at(-1)).toMatchObject({ template: 'SMS_LOGIN' });
    if (through === 'tencent') expect(doubles.tencent.sent.at(-1)?.params).toEqual([code, '5']);
    // Every text is kept with its config and parameters; a live one hides the code, and no log holds it.
    const kept = await server.ctx.db
      .selectFrom('blade_sms_message')
      .selectAll()
      .where('phone', '=', '13800000001')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(kept).toMatchObject({ smsCode: 'login', signName: '乐行租赁', success: 1, error: null });
    const shown = through === 'simulator' ? code : '******';
    expect(JSON.parse(String(kept.params))).toEqual({ code: shown, minutes: '5' });
    if (through === 'simulator') return;
    await flushLogs(server.ctx);
    const logs = await Promise.all(
      (['blade_log_usual', 'blade_log_error', 'blade_log_api'] as const).map((table) =>
        server.ctx.db.selectFrom(table).selectAll().execute(),
      ),
    );
    const secret = doubles[through].secretKey;
    expect(JSON.stringify(logs)).not.toMatch(new RegExp(`(?<!\\d)${code}(?!\\d)`));
    expect(JSON.stringify(logs)).not.toContain(secret);
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

describe.each([
  ['aliyun', '阿里云', 'Alibaba Cloud'],
  ['tencent', '腾讯云', 'Tencent Cloud'],
] as const)('a refusal of %s, in words', (provider, zh, en) => {
  beforeAll(() => useGateway(provider));

  let admin = '';
  beforeAll(async () => {
    admin = await signIn(server);
  });
  const sendTest = async (language: string) =>
    call(server, 'POST', '/api/blade-resource/sms/endpoint/send-message', {
      token: admin,
      headers: { 'accept-language': language },
      query: { phones: '13800000005', params: '{"code":"482100"}' },
    });

  it('names an unapproved signature and a wrong secretKey, in Chinese and English', async () => {
    await server.ctx.db.updateTable('blade_sms').set({ signName: '未审核的签名' }).execute();
    const code = provider === 'aliyun' ? 'isv.SMS_SIGNATURE_ILLEGAL' : 'FailedOperation.SignatureIncorrectOrUnapproved';
    expect((await sendTest('zh-CN')).json()).toMatchObject({
      code: 400,
      msg: `短信发送失败: 13800000005: ${zh} ${code}: 短信签名不正确或未通过审核`,
    });
    expect((await sendTest('en')).json().msg).toBe(
      `The text could not be sent: 13800000005: ${en} ${code}: the SMS signature is wrong or not approved`,
    );
    await server.ctx.db.updateTable('blade_sms').set({ signName: '乐行租赁', secretKey: 'not-the-secret' }).execute();
    const wrong = provider === 'aliyun' ? 'SignatureDoesNotMatch' : 'AuthFailure.SignatureFailure';
    expect((await sendTest('zh-CN')).json().msg).toBe(`短信发送失败: 13800000005: ${zh} ${wrong}: secretKey 不正确`);
    expect(doubles[provider].sent.some((text) => text.phone === '13800000005')).toBe(false);
    const kept = await server.ctx.db
      .selectFrom('blade_sms_message')
      .select(['success', 'error'])
      .where('phone', '=', '13800000005')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(kept).toEqual({ success: 0, error: `${zh} ${wrong}: secretKey 不正确` });
  });
});
