// Transfer bills for a merchant verifying with the 微信支付公钥 (WECHATPAY_VERIFY_MODE=public-key): the payee's name
// is encrypted with the public key and the request names it (PUB_KEY_ID_…), /v3/certificates is never called, and
// the bill's notification, signed with the public key, completes the withdrawal and the transfer.
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reconcile } from '../../../server/money/recovery/reconcile.js';
import { requestWithdrawal } from '../../../server/money/wallets/withdrawal.js';
import { testKeys } from '../../doubles/wechat-pay/keys.js';
import { WechatPayDouble } from '../../doubles/wechat-pay/server.js';
import { setParam } from '../auth/fixtures.js';
import { type Api, openApi, pageOf, rowOf } from '../engine/api.js';
import { signInCustomer, wechatPayEnv } from '../harness.js';
import { customerWithWallet, walletOf } from './payout-world.js';

let api: Api;
let double: WechatPayDouble;

beforeAll(async () => {
  double = await WechatPayDouble.start(testKeys(), 'public-key');
  api = await openApi({ PAY_SANDBOX_DELAY_MS: '0', ...wechatPayEnv(double), WECHATPAY_TRANSFER_API: 'transfer-bills' });
  double.attach(api.server.ctx, api.server.config.payments.sandboxBalance);
  await api.server.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = api.server.app.server.address() as AddressInfo;
  api.server.config.payments.wechat.notifyUrl = `http://127.0.0.1:${port}/api/pay/notify`;
  await setParam(api.server, 'money.approvalCents', String(Number.MAX_SAFE_INTEGER));
  await setParam(api.server, 'money.requesterDailyCents', String(Number.MAX_SAFE_INTEGER));
}, 60000);
afterAll(async () => {
  await api?.close();
  await double?.close();
});

describe('transfer bills with the WeChat Pay public key', () => {
  it('pays a withdrawal once the customer confirms, verified with the public key', async () => {
    const mum = await customerWithWallet(api.server.ctx, await signInCustomer(api.server, 'o-pk-bills-mum'), 10000);
    const id = await requestWithdrawal(api.server.ctx, Number(mum.customerId), 3000);
    expect(await api.post('/api/blade-system/withdrawal/pass', { query: { id: String(id) } })).toMatchObject({
      status: 200,
    });
    const detail = async () => rowOf(await api.get('/api/blade-system/withdrawal/detail', { id: String(id) }));
    expect(await detail()).toMatchObject({ state: 4, billState: 'WAIT_USER_CONFIRM' });
    await double.confirmTransfer(`W${id}`);
    expect(await double.push()).toEqual([204]);
    expect(await detail()).toMatchObject({ state: 1, billState: 'SUCCESS' });
    expect(await walletOf(api.server.ctx, mum.walletId)).toMatchObject({ personAmount: 7000 });
  });

  it('encrypts the payee name of a 2,000-yuan transfer with the public key it names', async () => {
    const dad = await signInCustomer(api.server, 'o-pk-bills-dad');
    const no = `T${Date.now()}pk`;
    const body = {
      customerId: dad.customerId,
      amount: 250_000,
      outBatchNo: no,
      remark: '推车损坏赔偿',
      userName: '李建国',
    };
    expect(await api.post('/api/blade-system/pay/transfers', { body })).toMatchObject({ status: 200 });
    expect(double.payeeNames).toEqual(['李建国']);
    const sent = double.requests.lastIndexOf('POST /v3/fund-app/mch-transfer/transfer-bills');
    expect(double.namedKeys[sent]).toBe(double.keys.publicKey.serial);
    await double.confirmTransfer(no);
    expect(await double.push()).toEqual([204]);
    const list = pageOf(await api.get('/api/blade-system/transfers/list', { outBatchNo: no }));
    expect(list.records).toMatchObject([{ state: 1, billState: 'SUCCESS' }]);
    expect(double.requests).not.toContain('GET /v3/certificates');
    expect((await reconcile(api.server.ctx)).differences).toEqual([]);
  });
});
