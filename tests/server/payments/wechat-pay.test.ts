// The server paying through WeChat Pay v3 — the real client (wechatpay-axios-plugin's signing and checks) against
// the local double, the server listening on a port so the double posts its notifications over HTTP as v3 does: a
// rental paid, finished and refunded; notifications forged, tampered, stale or replayed refused with nothing
// changed, and one not acknowledged sent again until it is; lost notifications found by the recovery worker's
// queries; requests and answers with the wrong keys refused, answers changed on the way not believed; production
// refusing to start on the sandbox.
import { spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PaymentError, type SignedNotification } from '../../../server/money/payments/provider.js';
import { checkPaymentStart, StartRefused } from '../../../server/money/payments/start-check.js';
import { WechatPayClient } from '../../../server/money/payments/wechat/client.js';
import { reconcile } from '../../../server/money/recovery/reconcile.js';
import { recoverPayments } from '../../../server/money/recovery/worker.js';
import { loadConfig } from '../../../server/platform/config.js';
import { platformHeaders } from '../../doubles/wechat-pay/books.js';
import { testKeys } from '../../doubles/wechat-pay/keys.js';
import { WechatPayDouble } from '../../doubles/wechat-pay/server.js';
import { addDept } from '../auth/fixtures.js';
import { addCompany, addEquipment, addPrice, addSite, addType } from '../business/rental-api.js';
import { type Answer, type Api, openApi, type Row, rowOf } from '../engine/api.js';
import { call, RIDER, signInCustomer, wechatPayEnv } from '../harness.js';
import { rode } from '../orders/paid-rental.js';

const root = path.join(import.meta.dirname, '..', '..', '..');
let api: Api;
let double: WechatPayDouble;
let siteId: string;
let typeId: string;
let customer: { token: string; customerId: string };
let serial = 0;

beforeAll(async () => {
  double = await WechatPayDouble.start(testKeys());
  api = await openApi({ PAY_SANDBOX_DELAY_MS: '0', PAY_RECOVERY_GRACE_MS: '1000', ...wechatPayEnv(double) });
  double.attach(api.server.ctx, api.server.config.payments.sandboxBalance);
  await api.server.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = api.server.app.server.address() as AddressInfo;
  // The notify URL as the operator sets it once the address is known.
  api.server.config.payments.wechat.notifyUrl = `http://127.0.0.1:${port}/api/pay/notify`;
  const deptId = String(await addDept(api.server, '星河推车'));
  siteId = await addSite(api, '徐家汇港汇广场', await addCompany(api, '星河推车有限公司', deptId), deptId);
  typeId = await addType(api, '折叠童车');
  await addPrice(api, '标准方案', siteId, typeId);
  customer = await signInCustomer(api.server, 'o-wechat-mum');
}, 60000);
afterAll(async () => {
  await api?.close();
  await double?.close();
});

const order = async (id: string) => rowOf(await api.get('/api/blade-system/order/detail', { id }));

async function launch(): Promise<{ orderId: string; data: Row }> {
  serial += 1;
  const equId = await addEquipment(api, `WX-${serial}`, siteId, typeId);
  const response = await call(api.server, 'POST', '/api/blade-system/pay/launch', {
    token: customer.token,
    body: { purpose: 'rent', equId },
    headers: { authorization: RIDER },
  });
  const answer = { ...response.json(), status: response.statusCode } as Answer;
  expect(answer, JSON.stringify(answer)).toMatchObject({ status: 200, data: { amount: 9900, payMode: 1 } });
  const data = answer.data as Row;
  return { orderId: String(data.orderId), data };
}

const post = async (notification: SignedNotification) => {
  const response = await call(api.server, 'POST', '/api/pay/notify', {
    headers: { 'content-type': 'application/json', ...notification.headers },
    body: notification.body,
  });
  return { status: response.statusCode, msg: response.statusCode === 204 ? '' : response.json().msg };
};

describe('a rental through WeChat Pay v3', () => {
  it('is paid, finished and refunded, each result posted by the double to the notify URL', async () => {
    const { orderId, data } = await launch();
    // What wx.requestPayment needs, signed with the merchant key over appId, timeStamp, nonceStr and package.
    const { keys } = double;
    expect(data).toMatchObject({ appId: keys.appId, signType: 'RSA', package: expect.stringMatching(/^prepay_id=/) });
    const signed = `${data.appId}\n${data.timeStamp}\n${data.nonceStr}\n${data.package}\n`;
    const paySign = String(data.paySign);
    expect(
      crypto.verify(
        'RSA-SHA256',
        Buffer.from(signed),
        keys.merchant.certificate.publicKey,
        Buffer.from(paySign, 'base64'),
      ),
    ).toBe(true);

    expect(await double.push()).toEqual([204]);
    expect(await order(orderId)).toMatchObject({ state: 1, totalAmount: 9900, tradeStateDesc: '支付成功' });

    await rode(api.server.ctx, orderId, 80);
    expect(await api.post('/api/blade-system/order/finish', { query: { id: orderId } })).toMatchObject({ status: 200 });
    expect(await order(orderId)).toMatchObject({ state: 2, actAmount: 1500, refundedAmount: 8400 });
    expect(await double.push()).toEqual([204]);
    expect(await order(orderId)).toMatchObject({ state: 3 });

    const refund = { orderId, amount: 1500, outRefundNo: `R${orderId}wx`, reason: '设备故障补偿' };
    expect(await api.post('/api/blade-system/pay/launch-refund', { body: refund })).toMatchObject({ status: 200 });
    expect(await double.push()).toEqual([204]);
    expect(await order(orderId)).toMatchObject({ state: 6, refundedAmount: 9900 });
    expect((await reconcile(api.server.ctx)).differences).toEqual([]);
    // All of it went over v3's wire, the platform certificate fetched once.
    expect(double.requests.filter((request) => request === 'GET /v3/certificates')).toHaveLength(1);
    expect(double.requests).toEqual(
      expect.arrayContaining(['POST /v3/pay/transactions/jsapi', 'POST /v3/refund/domestic/refunds']),
    );
  });
});

describe('notifications', () => {
  it('refuses forged, tampered, stale and replayed ones with nothing changed, and are sent until acknowledged', async () => {
    const { orderId } = await launch();
    const [sent] = await double.books!.deliverDue();
    const { keys } = double;
    // Signed under the platform's serial, but with a key that is not the platform's.
    const forged = crypto
      .createSign('RSA-SHA256')
      .update(`${sent.headers['wechatpay-timestamp']}\n${sent.headers['wechatpay-nonce']}\n${sent.body}\n`)
      .sign(keys.merchant.privateKey, 'base64');
    const wire = JSON.parse(sent.body) as { resource: { ciphertext: string } };
    const flipped = Buffer.from(wire.resource.ciphertext, 'base64');
    flipped[0] ^= 1;
    const resealed = JSON.stringify({
      ...wire,
      resource: { ...wire.resource, ciphertext: flipped.toString('base64') },
    });
    const refusals: Array<[SignedNotification, string]> = [
      [{ ...sent, headers: { ...sent.headers, 'wechatpay-signature': forged } }, '通知签名错误'],
      [{ ...sent, body: sent.body.replace('"id":"', '"id":"9') }, '通知签名错误'],
      [{ ...sent, headers: { ...sent.headers, 'wechatpay-serial': 'FFFF' } }, '未知的平台证书'],
      [{ body: sent.body, headers: platformHeaders(keys.platform, sent.body, Date.now() - 600_000) }, '通知已过期'],
      // Signed by the platform, but its resource not sealed with this merchant's APIv3 key.
      [{ body: resealed, headers: platformHeaders(keys.platform, resealed) }, '通知解密失败'],
    ];
    for (const [notification, msg] of refusals) {
      expect(await post(notification), msg).toEqual({ status: 401, msg });
    }
    expect(await order(orderId)).toMatchObject({ state: 0, totalAmount: 0 });

    // The merchant does not answer: v3 sends the same notification again after its back-off, until answered.
    const notifyUrl = double.notifyUrl;
    double.notifyUrl = 'http://127.0.0.1:9/api/pay/notify';
    const later = (seconds: number) => new Date(Date.now() + seconds * 1000);
    expect(await double.push(later(16))).toEqual([0]);
    expect(await order(orderId)).toMatchObject({ state: 0 });
    double.notifyUrl = notifyUrl;
    expect(await double.push(later(20))).toEqual([]);
    expect(await double.push(later(32))).toEqual([204]);
    expect(await order(orderId)).toMatchObject({ state: 1, totalAmount: 9900 });
    expect(await double.push(later(7200))).toEqual([]);
    // The first attempt's bytes, arriving late, are applied again and change nothing; the same bytes once more are
    // a replay, refused.
    expect(await post(sent)).toEqual({ status: 204, msg: '' });
    expect(await order(orderId)).toMatchObject({ state: 1, totalAmount: 9900 });
    expect(await post(sent)).toEqual({ status: 401, msg: '通知重复' });
  });
});

describe('the recovery worker on WeChat Pay', () => {
  it('settles a payment and a refund whose notifications were lost, by querying them', async () => {
    const { orderId } = await launch();
    const lost = async () => expect((await double.books!.deliverDue()).length).toBeGreaterThan(0);
    const recover = () => recoverPayments(api.server.ctx, new Date(Date.now() + 120_000));
    await lost();
    expect((await recover()).settled).toMatchObject({ pay: 1 });
    expect(await order(orderId)).toMatchObject({ state: 1, totalAmount: 9900 });

    await rode(api.server.ctx, orderId, 80);
    await api.post('/api/blade-system/order/finish', { query: { id: orderId } });
    await lost();
    expect((await recover()).settled).toMatchObject({ refund: 1 });
    expect(await order(orderId)).toMatchObject({ state: 3, refundedAmount: 8400 });
    expect(double.requests).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^GET \/v3\/pay\/transactions\/out-trade-no\//),
        expect.stringMatching(/^GET \/v3\/refund\/domestic\/refunds\//),
      ]),
    );
  });
});

describe('keys', () => {
  it('a request signed with another merchant key is refused by v3; a wrong APIv3 key cannot read its answers', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wechatpay-other-'));
    const otherKey = path.join(dir, 'apiclient_key.pem');
    // Any RSA key but the merchant's: the platform's will do.
    fs.writeFileSync(otherKey, double.keys.platform.privateKey.export({ type: 'pkcs8', format: 'pem' }));
    const config = api.server.config.payments.wechat;
    const impostor = new WechatPayClient(api.server.ctx, { ...config, privateKeyFile: otherKey });
    await expect(impostor.query('P-unknown')).rejects.toMatchObject({ code: 'SIGN_ERROR' });
    const forgetful = new WechatPayClient(api.server.ctx, { ...config, apiV3Key: 'k'.repeat(32) });
    const failure = await forgetful.query('P-unknown').catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(Error);
    expect(failure).not.toBeInstanceOf(PaymentError);
  });
});

describe('answers', () => {
  it('changed on the way are not believed: the payment stays unpaid until a true answer says otherwise', async () => {
    const { orderId } = await launch();
    const outTradeNo = String((await order(orderId)).outTradeNo);
    const client = new WechatPayClient(api.server.ctx, api.server.config.payments.wechat);
    double.alterAnswers = (body) => body.replace('"trade_state":"NOTPAY"', '"trade_state":"SUCCESS"');
    try {
      const failure = await client.query(outTradeNo).catch((error: unknown) => error);
      expect(failure).toMatchObject({ code: 'EV3_RES_HEADER_SIGNATURE_DIGEST' });
      expect(failure).not.toBeInstanceOf(PaymentError);
      expect((await recoverPayments(api.server.ctx, new Date(Date.now() + 120_000))).settled).toEqual({});
    } finally {
      double.alterAnswers = undefined;
    }
    expect(await order(orderId)).toMatchObject({ state: 0 });
    expect(await client.query(outTradeNo)).toMatchObject({ tradeState: 'NOTPAY' });
  });
});

describe('starting the server', () => {
  it('refuses production on the sandbox unless PAY_SANDBOX_IN_PRODUCTION says so, and names what is missing', () => {
    const refusal = (env: Record<string, string>) => {
      try {
        checkPaymentStart(loadConfig(env));
        return '';
      } catch (error) {
        expect(error).toBeInstanceOf(StartRefused);
        return (error as Error).message;
      }
    };
    expect(refusal({ NODE_ENV: 'production' })).toMatch(/PAY_SANDBOX_IN_PRODUCTION=true/);
    expect(refusal({ NODE_ENV: 'production', PAY_SANDBOX_IN_PRODUCTION: 'true' })).toBe('');
    expect(refusal({ PAY_PROVIDER: 'wechat', WECHATPAY_MCHID: '1900000109' })).toBe(
      'Refusing to start: PAY_PROVIDER=wechat needs WECHATPAY_SERIAL_NO, WECHATPAY_PRIVATE_KEY_FILE, ' +
        'WECHATPAY_APIV3_KEY, WECHATPAY_APPID, WECHATPAY_NOTIFY_URL.',
    );
    const live: Record<string, string> = { ...wechatPayEnv(double), NODE_ENV: 'production' };
    expect(refusal(live)).toMatch(/WECHATPAY_NOTIFY_URL must be an https/);
    const secret = live.WECHATPAY_APIV3_KEY;
    expect(refusal({ ...live, WECHATPAY_NOTIFY_URL: 'https://rent.example.com/api/pay/notify' })).toBe('');
    expect(refusal({ ...live, WECHATPAY_APIV3_KEY: 'short' })).not.toContain(secret);
  });

  it('says so in the log of `npm start` and exits', () => {
    const data = fs.mkdtempSync(path.join(os.tmpdir(), 'ride-console-refused-'));
    const started = spawnSync(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      cwd: root,
      env: { ...process.env, NODE_ENV: 'production', PAY_PROVIDER: '', DATA_DIR: data, PORT: '0' },
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(started.status).toBe(1);
    expect(started.stderr).toContain('Refusing to start: NODE_ENV=production with the payment sandbox');
    expect(started.stderr).not.toContain('    at ');
    expect(fs.existsSync(path.join(data, 'console.db'))).toBe(false);
  });
});
