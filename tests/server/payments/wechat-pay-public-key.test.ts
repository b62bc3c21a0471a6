// The server paying through WeChat Pay v3 with the 微信支付公钥 (WECHATPAY_PUBLIC_KEY_ID / _FILE) — the real client
// against the local double in the merchant's mode, posting its notifications over HTTP: in public-key mode a rental
// paid, finished and refunded without /v3/certificates ever being called, every request naming the key; answers and
// notifications signed by an unknown key, or not by the key they name, refused with nothing recorded as paid; during
// the switch-over both kinds of signature accepted, each by the key its Wechatpay-Serial names; and what the start
// check says in each mode.
import crypto from 'node:crypto';
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SignedNotification } from '../../../server/money/payments/provider.js';
import { checkPaymentStart, StartRefused } from '../../../server/money/payments/start-check.js';
import { reconcile } from '../../../server/money/recovery/reconcile.js';
import { recoverPayments } from '../../../server/money/recovery/worker.js';
import { loadConfig } from '../../../server/platform/config.js';
import { providerWarnings } from '../../../server/provider-checks.js';
import { platformHeaders } from '../../doubles/wechat-pay/books.js';
import { type Signer, testKeys } from '../../doubles/wechat-pay/keys.js';
import { type DoubleMode, WechatPayDouble } from '../../doubles/wechat-pay/server.js';
import { addDept } from '../auth/fixtures.js';
import { addCompany, addEquipment, addPrice, addSite, addType } from '../business/rental-api.js';
import { type Answer, type Api, openApi, type Row, rowOf } from '../engine/api.js';
import { call, RIDER, signInCustomer, wechatPayEnv } from '../harness.js';
import { rode } from '../orders/paid-rental.js';

/** A merchant's world in one verification mode: the double, the server listening for its notifications, a site. */
interface World {
  api: Api;
  double: WechatPayDouble;
  launch: () => Promise<string>;
  order: (id: string) => Promise<Row>;
  post: (notification: SignedNotification) => Promise<{ status: number; msg: string }>;
}

const worlds: World[] = [];

async function worldOf(mode: DoubleMode): Promise<World> {
  const double = await WechatPayDouble.start(testKeys(), mode);
  const api = await openApi({ PAY_SANDBOX_DELAY_MS: '0', PAY_RECOVERY_GRACE_MS: '1000', ...wechatPayEnv(double) });
  double.attach(api.server.ctx, api.server.config.payments.sandboxBalance);
  await api.server.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = api.server.app.server.address() as AddressInfo;
  api.server.config.payments.wechat.notifyUrl = `http://127.0.0.1:${port}/api/pay/notify`;
  const deptId = String(await addDept(api.server, '星河推车'));
  const siteId = await addSite(api, '徐家汇港汇广场', await addCompany(api, '星河推车有限公司', deptId), deptId);
  const typeId = await addType(api, '折叠童车');
  await addPrice(api, '标准方案', siteId, typeId);
  const customer = await signInCustomer(api.server, `o-${mode}`);
  let serial = 0;
  const world: World = {
    api,
    double,
    async launch() {
      serial += 1;
      const equId = await addEquipment(api, `PK-${serial}`, siteId, typeId);
      const response = await call(api.server, 'POST', '/api/blade-system/pay/launch', {
        token: customer.token,
        body: { purpose: 'rent', equId },
        headers: { authorization: RIDER },
      });
      const answer = { ...response.json(), status: response.statusCode } as Answer;
      expect(answer, JSON.stringify(answer)).toMatchObject({ status: 200, data: { amount: 9900 } });
      return String((answer.data as Row).orderId);
    },
    order: async (id) => rowOf(await api.get('/api/blade-system/order/detail', { id })),
    async post(notification) {
      const response = await call(api.server, 'POST', '/api/pay/notify', {
        headers: { 'content-type': 'application/json', ...notification.headers },
        body: notification.body,
      });
      return { status: response.statusCode, msg: response.statusCode === 204 ? '' : response.json().msg };
    },
  };
  worlds.push(world);
  return world;
}

afterAll(async () => {
  for (const { api, double } of worlds) {
    await api.close();
    await double.close();
  }
});

const keys = testKeys();
/** A key WeChat Pay never gave this merchant. */
const stranger = (serial: string): Signer => ({
  serial,
  privateKey: crypto.generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey,
});
const resigned = (sent: SignedNotification, signer: Signer): SignedNotification => ({
  body: sent.body,
  headers: platformHeaders(signer, sent.body),
});
let step = 0;
/** A recovery pass later than the last, so each finds the record's next attempt due. */
const later = () => {
  step += 1;
  return new Date(Date.now() + step * 120_000);
};
/** The one notification due goes astray: WeChat Pay stops sending it, and nothing reached the server. */
async function lose(double: WechatPayDouble): Promise<void> {
  const due = await double.books!.deliverDue();
  expect(due).toHaveLength(1);
  await double.books!.acknowledge(due[0]);
}

describe('public-key mode', () => {
  let world: World;
  beforeAll(async () => {
    world = await worldOf('public-key');
  }, 60000);

  it('takes a rental from payment to refund without ever asking for platform certificates', async () => {
    const { api, double, order } = world;
    const orderId = await world.launch();
    expect(await double.push()).toEqual([204]);
    expect(await order(orderId)).toMatchObject({ state: 1, totalAmount: 9900, tradeStateDesc: '支付成功' });

    await rode(api.server.ctx, orderId, 80);
    expect(await api.post('/api/blade-system/order/finish', { query: { id: orderId } })).toMatchObject({ status: 200 });
    expect(await double.push()).toEqual([204]);
    expect(await order(orderId)).toMatchObject({ state: 3, refundedAmount: 8400 });

    const refund = { orderId, amount: 1500, outRefundNo: `R${orderId}pk`, reason: '设备故障补偿' };
    expect(await api.post('/api/blade-system/pay/launch-refund', { body: refund })).toMatchObject({ status: 200 });
    expect(await double.push()).toEqual([204]);
    expect(await order(orderId)).toMatchObject({ state: 6, refundedAmount: 9900 });
    expect((await reconcile(api.server.ctx)).differences).toEqual([]);

    expect(double.requests).toEqual(
      expect.arrayContaining(['POST /v3/pay/transactions/jsapi', 'POST /v3/refund/domestic/refunds']),
    );
    expect(double.requests).not.toContain('GET /v3/certificates');
    // Every request named the public key, so WeChat Pay signs its answers with it.
    expect(new Set(double.namedKeys)).toEqual(new Set([keys.publicKey.serial]));
  });

  it('refuses notifications signed by an unknown key or not by the key they name, and nothing is paid', async () => {
    const { double, order, post } = world;
    const orderId = await world.launch();
    const [sent] = await double.books!.deliverDue();
    expect(sent.headers['wechatpay-serial']).toBe(keys.publicKey.serial);
    const refusals: Array<[SignedNotification, string]> = [
      [resigned(sent, stranger('PUB_KEY_ID_0000000000000000000000000000000000')), '未知的微信支付公钥'],
      // Under the merchant's public key ID, with another key.
      [resigned(sent, stranger(keys.publicKey.serial)), '通知签名错误'],
      // A platform certificate: this merchant has none, and none is fetched.
      [resigned(sent, keys.platform), '未知的平台证书'],
    ];
    for (const [notification, msg] of refusals) {
      expect(await post(notification), msg).toEqual({ status: 401, msg });
    }
    expect(await order(orderId)).toMatchObject({ state: 0, totalAmount: 0 });
    expect(double.requests).not.toContain('GET /v3/certificates');

    expect(await post(sent)).toEqual({ status: 204, msg: '' });
    await double.books!.acknowledge(sent);
    expect(await order(orderId)).toMatchObject({ state: 1, totalAmount: 9900 });
  });

  it('does not believe answers signed by an unknown key or not by the key they name', async () => {
    const { api, double, order } = world;
    const orderId = await world.launch();
    // Paid at WeChat Pay, its notification lost: only the recovery worker's query can tell.
    await lose(double);
    const outTradeNo = String((await order(orderId)).outTradeNo);
    const unknown = stranger('PUB_KEY_ID_0000000000000000000000000000000000');
    const forger = stranger(keys.publicKey.serial);
    for (const [impostor, why] of [
      [unknown, 'EV3_RES_HEADER_PLATFORM_SERIAL'],
      [forger, 'EV3_RES_HEADER_SIGNATURE_DIGEST'],
    ] as const) {
      double.impostor = impostor;
      try {
        expect((await recoverPayments(api.server.ctx, later())).settled).toEqual({});
      } finally {
        double.impostor = undefined;
      }
      const claim = await api.server.ctx.db
        .selectFrom('biz_recovery')
        .select('lastError')
        .where('kind', '=', 'pay')
        .where('outNo', '=', outTradeNo)
        .executeTakeFirstOrThrow();
      expect(claim.lastError).toContain(why);
      expect(await order(orderId)).toMatchObject({ state: 0, totalAmount: 0 });
    }
    expect((await recoverPayments(api.server.ctx, later())).settled).toMatchObject({ pay: 1 });
    expect(await order(orderId)).toMatchObject({ state: 1, totalAmount: 9900 });
    expect(double.requests).not.toContain('GET /v3/certificates');
  });
});

describe('the switch-over from platform certificates to the public key', () => {
  let world: World;
  beforeAll(async () => {
    world = await worldOf('switch-over');
  }, 60000);

  it('accepts notifications and answers signed by either key, each checked by the key its serial names', async () => {
    const { api, double, order, post } = world;
    const orderId = await world.launch();
    // WeChat Pay signs notifications with either key while it moves the merchant over; this one by the public key.
    const [paid] = await double.books!.deliverDue();
    expect(paid.headers['wechatpay-serial']).toBe(keys.publicKey.serial);
    expect(await post(paid)).toEqual({ status: 204, msg: '' });
    await double.books!.acknowledge(paid);
    expect(await order(orderId)).toMatchObject({ state: 1, totalAmount: 9900 });
    // Answers to requests naming the public key are signed with it: no certificate was needed so far.
    expect(double.requests).not.toContain('GET /v3/certificates');

    await rode(api.server.ctx, orderId, 80);
    expect(await api.post('/api/blade-system/order/finish', { query: { id: orderId } })).toMatchObject({ status: 200 });
    // The next by the platform certificate, fetched then.
    const [refunded] = await double.books!.deliverDue();
    expect(refunded.headers['wechatpay-serial']).toBe(keys.platform.serial);
    // Not signed by the certificate it names: refused.
    expect(await post(resigned(refunded, { ...keys.platform, privateKey: keys.publicKey.privateKey }))).toEqual({
      status: 401,
      msg: '通知签名错误',
    });
    expect(await order(orderId)).toMatchObject({ state: 2 });
    expect(await post(refunded)).toEqual({ status: 204, msg: '' });
    await double.books!.acknowledge(refunded);
    expect(await order(orderId)).toMatchObject({ state: 3, refundedAmount: 8400 });
    expect(double.requests.filter((request) => request === 'GET /v3/certificates')).toHaveLength(1);

    // Until the merchant opens the switch on 商户平台, answers come signed with the certificate even so.
    double.switchOpened = false;
    try {
      const second = await world.launch();
      await lose(double);
      expect((await recoverPayments(api.server.ctx, later())).settled).toMatchObject({ pay: 1 });
      expect(await order(second)).toMatchObject({ state: 1, totalAmount: 9900 });
    } finally {
      double.switchOpened = true;
    }
    expect(new Set(double.namedKeys)).toEqual(new Set([keys.publicKey.serial]));
    expect((await reconcile(api.server.ctx)).differences).toEqual([]);
  });

  it('is a reminder in the log at start, until the mode is public-key', async () => {
    const reminder = expect.stringMatching(
      /^WECHATPAY_VERIFY_MODE=switch-over: .* set WECHATPAY_VERIFY_MODE=public-key$/,
    );
    expect(await providerWarnings(world.api.server.ctx)).toContainEqual(reminder);
    const { ctx } = world.api.server;
    const done = {
      ...ctx.config.payments,
      wechat: { ...ctx.config.payments.wechat, verifyMode: 'public-key' as const },
    };
    expect(await providerWarnings({ ...ctx, config: { ...ctx.config, payments: done } })).not.toContainEqual(reminder);
  });

  it('refuses a notification naming a key it does not know, with nothing paid', async () => {
    const { double, order, post } = world;
    const orderId = await world.launch();
    const [sent] = await double.books!.deliverDue();
    const refusals: Array<[SignedNotification, string]> = [
      [resigned(sent, stranger('PUB_KEY_ID_0000000000000000000000000000000000')), '未知的微信支付公钥'],
      [resigned(sent, stranger('5157F09EFDC096DE15EBE81A47057A7232F1B8E1')), '未知的平台证书'],
    ];
    for (const [notification, msg] of refusals) {
      expect(await post(notification), msg).toEqual({ status: 401, msg });
    }
    expect(await order(orderId)).toMatchObject({ state: 0, totalAmount: 0 });
  });
});

describe('starting the server', () => {
  const refusal = (env: Record<string, string>) => {
    try {
      checkPaymentStart(loadConfig(env));
      return '';
    } catch (error) {
      expect(error).toBeInstanceOf(StartRefused);
      return (error as Error).message;
    }
  };
  const certificateEnv = {
    PAY_PROVIDER: 'wechat',
    NODE_ENV: 'production',
    WECHATPAY_MCHID: keys.mchId,
    WECHATPAY_SERIAL_NO: keys.merchant.serial,
    WECHATPAY_PRIVATE_KEY_FILE: keys.merchantKeyFile,
    WECHATPAY_APIV3_KEY: keys.apiV3Key,
    WECHATPAY_APPID: keys.appId,
    WECHATPAY_NOTIFY_URL: 'https://rent.example.com/api/pay/notify',
  };
  const publicKeyEnv = {
    ...certificateEnv,
    WECHATPAY_PUBLIC_KEY_ID: keys.publicKey.serial,
    WECHATPAY_PUBLIC_KEY_FILE: keys.publicKey.file,
  };

  it('names what each verification mode is missing', () => {
    expect(refusal(certificateEnv)).toBe('');
    expect(refusal(publicKeyEnv)).toBe('');
    expect(loadConfig(publicKeyEnv).payments.wechat.verifyMode).toBe('public-key');
    expect(refusal({ ...publicKeyEnv, WECHATPAY_VERIFY_MODE: 'switch-over' })).toBe('');

    const { WECHATPAY_PUBLIC_KEY_FILE: _file, ...noFile } = publicKeyEnv;
    expect(refusal(noFile)).toBe(
      'Refusing to start: PAY_PROVIDER=wechat verifying with the WeChat Pay public key ' +
        '(WECHATPAY_VERIFY_MODE=public-key) needs WECHATPAY_PUBLIC_KEY_FILE.',
    );
    expect(refusal({ ...certificateEnv, WECHATPAY_VERIFY_MODE: 'switch-over' })).toBe(
      'Refusing to start: PAY_PROVIDER=wechat switching from platform certificates to the WeChat Pay public key ' +
        '(WECHATPAY_VERIFY_MODE=switch-over) needs WECHATPAY_PUBLIC_KEY_ID, WECHATPAY_PUBLIC_KEY_FILE.',
    );
    expect(refusal({ ...publicKeyEnv, WECHATPAY_VERIFY_MODE: 'certificate' })).toMatch(
      /^Refusing to start: WECHATPAY_VERIFY_MODE=certificate does not use the WeChat Pay public key/,
    );
    expect(() => loadConfig({ ...publicKeyEnv, WECHATPAY_VERIFY_MODE: 'both' })).toThrow(
      'WECHATPAY_VERIFY_MODE must be certificate or public-key or switch-over, not both',
    );
  });

  it('refuses an ID that is not a public key ID and a file that is not a public key', () => {
    expect(refusal({ ...publicKeyEnv, WECHATPAY_PUBLIC_KEY_ID: keys.platform.serial })).toMatch(
      /WECHATPAY_PUBLIC_KEY_ID must be the WeChat Pay public key ID, PUB_KEY_ID_/,
    );
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wechatpay-wrong-'));
    const certificateFile = path.join(dir, 'wechatpay_cert.pem');
    fs.writeFileSync(certificateFile, keys.platform.certificate.toString());
    // The merchant's private key, the platform certificate, no file at all: none is the public key.
    for (const file of [keys.merchantKeyFile, certificateFile, path.join(dir, 'missing.pem')]) {
      expect(refusal({ ...publicKeyEnv, WECHATPAY_PUBLIC_KEY_FILE: file }), file).toBe(
        `Refusing to start: WECHATPAY_PUBLIC_KEY_FILE (${file}) is not a readable PEM RSA public key ` +
          '(pub_key.pem, downloaded from 商户平台 → 账户中心 → API安全 → 微信支付公钥).',
      );
    }
  });
});
