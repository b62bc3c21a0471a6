// Recharges through the payment sandbox: the payment's notification credits own money and the bonus of the running
// recharge activity (the highest threshold reached, published and in its window), once, however often the result
// arrives; an unpaid recharge credits nothing; the wallet always equals the sum of its ledger entries.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PaymentSandbox } from '../../../server/money/payments/sandbox.js';
import { receiveNotification } from '../../../server/money/recovery/notify.js';
import { reconcile } from '../../../server/money/recovery/reconcile.js';
import { applyRechargePayment, startRecharge } from '../../../server/money/wallets/recharge.js';
import { nextId } from '../../../server/platform/db/ids.js';
import { formatDateTime } from '../../../server/platform/db/time.js';
import { type Api, openApi, pageOf, rowOf } from '../engine/api.js';

let api: Api;
let sandbox: PaymentSandbox;
const RECHARGE = '/api/blade-system/recharge';
const hoursFromNow = (hours: number) => formatDateTime(new Date(Date.now() + hours * 3_600_000));

beforeAll(async () => {
  api = await openApi({ PAY_SANDBOX_DELAY_MS: '0' });
  sandbox = new PaymentSandbox(api.server.ctx, { delayMs: 0, balance: 0 });
  const activity = (name: string, recharge: number, bonus: number, publishState = 1, from = -1, to = 24) => ({
    id: nextId(),
    activityName: name,
    activityKind: 1,
    startTime: hoursFromNow(from),
    endTime: hoursFromNow(to),
    rechargeAmount: recharge,
    bonusAmount: bonus,
    publishState,
  });
  await api.server.ctx.db
    .insertInto('biz_activity')
    .values([
      activity('充100送10', 10000, 1000),
      activity('充50送3', 5000, 300),
      activity('充100送50 (未发布)', 10000, 5000, 2),
      activity('充100送80 (已结束)', 10000, 8000, 1, -48, -24),
    ])
    .execute();
});
afterAll(async () => api?.close());

async function customer(): Promise<number> {
  const id = nextId();
  await api.server.ctx.db
    .insertInto('biz_customer')
    .values({ id, nickName: '小红爸爸', openId: `o-${id}` })
    .execute();
  return id;
}

const wallet = (customerId: number) =>
  api.server.ctx.db.selectFrom('biz_wallet').selectAll().where('customerId', '=', customerId).executeTakeFirstOrThrow();

async function deliver(): Promise<void> {
  for (const notification of await sandbox.deliverDue()) await receiveNotification(api.server.ctx, notification);
}

async function walletDifferences() {
  return (await reconcile(api.server.ctx)).differences.filter((difference) => difference.kind === 'wallet');
}

describe('recharges', () => {
  it('credits own money and the bonus of the highest running threshold reached, when the payment succeeds', async () => {
    const customerId = await customer();
    const { id, prepayId } = await startRecharge(api.server.ctx, customerId, 12000);
    expect(prepayId).toMatch(/^wx/);
    expect(rowOf(await api.get(`${RECHARGE}/detail`, { id: String(id) }))).toMatchObject({ state: 0 });
    expect(await wallet(customerId)).toMatchObject({ personAmount: 0, platAmount: 0 });
    await deliver();
    expect(await wallet(customerId)).toMatchObject({ personAmount: 12000, platAmount: 1000, amount: 13000 });
    const record = rowOf(await api.get(`${RECHARGE}/detail`, { id: String(id) }));
    expect(record).toMatchObject({ state: 1, amount: 12000, bonusAmount: 1000 });
    expect(record.transactionId).toMatch(/^4200/);
    const list = pageOf(await api.get(`${RECHARGE}/list`, { current: 1, size: 10 }));
    expect(list.records.map((row) => row.id)).toContain(String(id));

    await startRecharge(api.server.ctx, customerId, 6000);
    await startRecharge(api.server.ctx, customerId, 3000);
    await deliver();
    expect(await wallet(customerId)).toMatchObject({ personAmount: 21000, platAmount: 1300, amount: 22300 });
    expect(await walletDifferences()).toEqual([]);
  });

  it('credits once however often the result arrives, also at once', async () => {
    const customerId = await customer();
    const { rechargeNo } = await startRecharge(api.server.ctx, customerId, 10000);
    await deliver();
    const payment = await sandbox.query(rechargeNo);
    await Promise.all(Array.from({ length: 10 }, () => applyRechargePayment(api.server.ctx, payment)));
    expect(await wallet(customerId)).toMatchObject({ personAmount: 10000, platAmount: 1000 });
    expect(await walletDifferences()).toEqual([]);
  });

  it('credits nothing for a recharge never paid', async () => {
    const customerId = await customer();
    // An amount ending in 15 cents is never paid in the sandbox.
    const { id } = await startRecharge(api.server.ctx, customerId, 10015);
    await deliver();
    expect(rowOf(await api.get(`${RECHARGE}/detail`, { id: String(id) }))).toMatchObject({ state: 2, bonusAmount: 0 });
    expect(await wallet(customerId)).toMatchObject({ personAmount: 0, platAmount: 0, amount: 0 });
  });
});
