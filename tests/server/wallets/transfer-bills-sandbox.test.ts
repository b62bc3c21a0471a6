// The payment sandbox with transfer bills (the default WECHATPAY_TRANSFER_API), so development sees the flow WeChat
// Pay has: an approved withdrawal waits for the customer's confirmation, then is paid when the customer confirms; an
// amount ending in 20 cents is never confirmed, and its money comes back once the bill is cancelled.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandboxOf } from '../../../server/money/payments/index.js';
import { receiveNotification } from '../../../server/money/recovery/notify.js';
import { requestWithdrawal } from '../../../server/money/wallets/withdrawal.js';
import { setParam } from '../auth/fixtures.js';
import { type Api, openApi, rowOf } from '../engine/api.js';
import { call, signInCustomer } from '../harness.js';
import { customerWithWallet, walletOf } from '../payments/payout-world.js';

let api: Api;

beforeAll(async () => {
  api = await openApi({ PAY_PROVIDER: 'sandbox', PAY_SANDBOX_DELAY_MS: '0', WECHATPAY_TRANSFER_API: 'transfer-bills' });
  await setParam(api.server, 'money.approvalCents', String(Number.MAX_SAFE_INTEGER));
  await setParam(api.server, 'money.requesterDailyCents', String(Number.MAX_SAFE_INTEGER));
});
afterAll(async () => api?.close());

const detail = async (id: number) => rowOf(await api.get('/api/blade-system/withdrawal/detail', { id: String(id) }));

/** The sandbox's results falling due, applied as the notify route applies them. */
async function deliver(): Promise<number> {
  const sandbox = sandboxOf(api.server.ctx);
  const due = await sandbox.deliverDue();
  for (const notification of due) {
    await receiveNotification(api.server.ctx, notification);
    await sandbox.acknowledge(notification);
  }
  return due.length;
}

describe('withdrawals on the sandbox by transfer bill', () => {
  it('wait for the customer to confirm, then are paid', async () => {
    const mum = await customerWithWallet(api.server.ctx, await signInCustomer(api.server, 'o-sandbox-bills'), 10000);
    const id = await requestWithdrawal(api.server.ctx, Number(mum.customerId), 3000);
    expect(await api.post('/api/blade-system/withdrawal/pass', { query: { id: String(id) } })).toMatchObject({
      status: 200,
    });
    expect(await detail(id)).toMatchObject({ state: 4, billState: 'WAIT_USER_CONFIRM' });
    const confirm = await call(api.server, 'GET', '/api/blade-system/pay/payouts/confirm', { token: mum.token });
    expect(confirm.json().data).toMatchObject([{ kind: 'withdrawal', outBillNo: `W${id}`, mchId: 'sandbox' }]);
    expect(await deliver()).toBe(1);
    expect(await detail(id)).toMatchObject({ state: 1, billState: 'SUCCESS' });
    expect(await walletOf(api.server.ctx, mum.walletId)).toMatchObject({ personAmount: 7000 });
  });

  it('give the money back once when the customer never confirms', async () => {
    const dad = await customerWithWallet(api.server.ctx, await signInCustomer(api.server, 'o-sandbox-late'), 10000);
    const id = await requestWithdrawal(api.server.ctx, Number(dad.customerId), 2020);
    expect(await api.post('/api/blade-system/withdrawal/pass', { query: { id: String(id) } })).toMatchObject({
      status: 200,
    });
    expect(await deliver()).toBe(1);
    expect(await detail(id)).toMatchObject({ state: 3, billState: 'CANCELLED' });
    expect(await walletOf(api.server.ctx, dad.walletId)).toMatchObject({ personAmount: 10000 });
    expect(await deliver()).toBe(0);
    expect(await walletOf(api.server.ctx, dad.walletId)).toMatchObject({ personAmount: 10000 });
  });
});
