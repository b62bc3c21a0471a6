// `npm run providers:check` against the local doubles of every outside service (WeChat Pay in certificate and in
// public-key mode, the official account platform, the mini-program sign-in, 阿里云 SMS, S3): with the right settings
// each says what works and it exits 0; with wrong keys each line names the setting to fix and it exits 1. No key is
// ever printed.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type S3Double, startS3Double } from '../../../scripts/doubles/s3.js';
import { type SmsDouble, startAliyunSmsDouble } from '../../../scripts/doubles/sms.js';
import { type MiniAppDouble, startMiniAppDouble } from '../../../scripts/doubles/wechat-miniapp.js';
import { type MpDouble, startWechatMpDouble } from '../../../scripts/doubles/wechat-mp.js';
import { nextId } from '../../../server/platform/db/ids.js';
import { now } from '../../../server/platform/db/time.js';
import { testKeys } from '../../doubles/wechat-pay/keys.js';
import { WechatPayDouble } from '../../doubles/wechat-pay/server.js';
import { startTestServer, type TestServer, wechatPayEnv } from '../harness.js';

const root = path.resolve(import.meta.dirname, '..', '..', '..');
const WRONG = 'wrongwrongwrongwrongwrongwrong00';

let server: TestServer;
let certificates: WechatPayDouble;
let publicKey: WechatPayDouble;
let mp: MpDouble;
let miniApp: MiniAppDouble;
let sms: SmsDouble;
let s3: S3Double;
let env: Record<string, string>;

/** The script as `npm run providers:check` runs it, on the test server's database, with `changes` to its settings. */
function providersCheck(
  changes: Record<string, string> = {},
): Promise<{ code: number; lines: string[]; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      path.join(root, 'node_modules', '.bin', 'tsx'),
      ['scripts/providers-check.ts'],
      { cwd: root, env: { ...process.env, ...env, ...changes }, timeout: 60_000 },
      (error, stdout, stderr) =>
        resolve({ code: error ? Number(error.code) : 0, lines: stdout.trim().split('\n'), stderr }),
    );
  });
}

const secrets = () => [certificates.keys.apiV3Key, mp.appSecret, miniApp.appSecret, sms.secretKey, s3.secretKey, WRONG];

beforeAll(async () => {
  [certificates, publicKey, mp, miniApp, sms, s3] = await Promise.all([
    WechatPayDouble.start(testKeys(), 'certificate'),
    WechatPayDouble.start(testKeys(), 'public-key'),
    startWechatMpDouble(),
    startMiniAppDouble(),
    startAliyunSmsDouble(),
    startS3Double(),
  ]);
  const services = {
    MP_PLATFORM: 'wechat',
    MP_API_BASE: mp.url,
    MINIAPP_LOGIN: 'wechat',
    MINIAPP_APPID: miniApp.appId,
    MINIAPP_SECRET: miniApp.appSecret,
    MINIAPP_API_BASE: miniApp.url,
    SMS_GATEWAY: 'live',
    SMS_ALIYUN_ENDPOINT: sms.url,
  };
  server = await startTestServer({ ...wechatPayEnv(certificates), ...services });
  certificates.attach(server.ctx, 0);
  publicKey.attach(server.ctx, 0);
  env = {
    ...wechatPayEnv(certificates),
    ...services,
    DATABASE_URL: server.databaseUrl,
    DATA_DIR: server.config.dataDir,
  };
  const { db } = server.ctx;
  const row = { createTime: now(), status: 2 };
  await db
    .insertInto('mp_account')
    .values({
      id: nextId(),
      accountName: '乐行租赁',
      appId: mp.appId,
      appSecret: mp.appSecret,
      pushToken: 'rideToken',
      ...row,
    })
    .execute();
  await db
    .insertInto('blade_sms')
    .values({
      id: nextId(),
      category: 3,
      smsCode: 'login',
      templateId: 'SMS_LOGIN',
      accessKey: sms.accessKey,
      secretKey: sms.secretKey,
      signName: '乐行租赁',
      ...row,
    })
    .execute();
  await db
    .insertInto('blade_oss')
    .values({
      id: nextId(),
      category: 1,
      ossCode: 's3-double',
      endpoint: s3.url,
      accessKey: s3.accessKey,
      secretKey: s3.secretKey,
      bucketName: s3.bucket,
      ...row,
    })
    .execute();
}, 60_000);

afterAll(async () => {
  await server?.close();
  await Promise.all([certificates, publicKey, mp, miniApp, sms, s3].map((double) => double?.close()));
});

describe('npm run providers:check', () => {
  it('says what works for every configured service and exits 0', async () => {
    const { code, lines } = await providersCheck();
    expect(lines).toEqual([
      `ok   WeChat Pay: merchant ${certificates.keys.mchId} (certificate mode): a signed order query was accepted and its answer verified with platform certificate ${certificates.keys.platform.serial}`,
      `ok   Official account: ${mp.appId}: an access token was issued (AppID, AppSecret and IP白名单 accepted)`,
      `ok   Mini-program: ${miniApp.appId}: jscode2session reached, AppID and AppSecret accepted (40029 for a made-up code)`,
      'ok   SMS: 短信配置 login (阿里云): keys accepted, template SMS_LOGIN approved',
      `ok   Storage: 对象存储 s3-double: bucket ${s3.bucket} answers HeadBucket at ${s3.url}`,
      'all 5 work',
    ]);
    expect(code).toBe(0);
    // The official account's check left the token the servers share alone.
    expect(mp.tokensIssued).toBe(0);
  });

  it('names the setting to fix when the keys are wrong, and exits 1', async () => {
    const { db } = server.ctx;
    await db.updateTable('mp_account').set({ appSecret: WRONG }).execute();
    await db.updateTable('blade_sms').set({ secretKey: WRONG }).execute();
    await db.updateTable('blade_oss').set({ secretKey: WRONG }).execute();
    try {
      const { code, lines, stderr } = await providersCheck({ WECHATPAY_APIV3_KEY: WRONG, MINIAPP_SECRET: WRONG });
      expect(code).toBe(1);
      expect(lines[0]).toBe(
        'FAIL WeChat Pay: the platform certificates do not decrypt: fix WECHATPAY_APIV3_KEY (商户平台 → API安全 → APIv3密钥)',
      );
      expect(lines[1]).toMatch(
        new RegExp(`^FAIL Official account: ${mp.appId}: 40125 .*: 公众号管理: the AppSecret is wrong`),
      );
      expect(lines[2]).toBe(
        `FAIL Mini-program: ${miniApp.appId}: jscode2session answered errcode 40125: fix MINIAPP_SECRET (小程序 → 开发管理 → 开发设置 → AppSecret, reset it to see it)`,
      );
      expect(lines[3]).toMatch(
        /^FAIL SMS: 短信配置 login \(阿里云\): 阿里云 SignatureDoesNotMatch: secretKey 不正确: fix it under 系统资源 → 短信配置$/,
      );
      expect(lines[4]).toMatch(/^FAIL Storage: 对象存储 s3-double: HTTP 403 .*: fix accessKey and secretKey$/);
      expect(lines.at(-1)).toBe('5 of 5 failed');
      for (const secret of secrets()) expect(`${lines.join('\n')}${stderr}`).not.toContain(secret);
    } finally {
      await db.updateTable('mp_account').set({ appSecret: mp.appSecret }).execute();
      await db.updateTable('blade_sms').set({ secretKey: sms.secretKey }).execute();
      await db.updateTable('blade_oss').set({ secretKey: s3.secretKey }).execute();
    }
  });

  it('checks WeChat Pay in public-key mode by the 微信支付公钥, and names it when it is not the merchant’s', async () => {
    const good = await providersCheck(wechatPayEnv(publicKey));
    expect(good.lines[0]).toBe(
      `ok   WeChat Pay: merchant ${publicKey.keys.mchId} (public-key mode): a signed order query was accepted and its answer verified with the 微信支付公钥 ${publicKey.keys.publicKey.serial}`,
    );
    expect(good.code).toBe(0);
    // Another key in the file under the same ID: the answers, signed with the real one, no longer verify.
    const otherKey = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'providers-check-')), 'pub_key.pem');
    fs.writeFileSync(otherKey, publicKey.keys.platform.certificate.publicKey.export({ type: 'spki', format: 'pem' }));
    const other = await providersCheck({ ...wechatPayEnv(publicKey), WECHATPAY_PUBLIC_KEY_FILE: otherKey });
    expect(other.lines[0]).toMatch(/^FAIL WeChat Pay: .*WECHATPAY_PUBLIC_KEY_ID and WECHATPAY_PUBLIC_KEY_FILE/);
    expect(other.code).toBe(1);
  });

  it('refuses to check what the server would not start with, naming the setting', async () => {
    const { code, lines } = await providersCheck({ MINIAPP_SECRET: '' });
    expect(code).toBe(1);
    expect(lines.join('\n')).toMatch(/^FAIL the server would not start: .*MINIAPP_SECRET/);
  });
});
