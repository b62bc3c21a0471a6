// A wallet's statement explains its balance: every movement, newest first, its kind and order, and the balance after.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { nextId } from '../../../server/platform/db/ids.js';
import { type Api, openApi, pageOf } from '../engine/api.js';

let api: Api;
let walletId: number;
const orderId = nextId();

beforeAll(async () => {
  api = await openApi();
  const db = api.server.ctx.db;
  walletId = nextId();
  await db
    .insertInto('biz_wallet')
    .values({
      id: walletId,
      customerId: 1,
      amount: 6550,
      personAmount: 5550,
      platAmount: 1000,
      createTime: '2026-03-01 08:00:00',
    })
    .execute();
  await db
    .insertInto('biz_order')
    .values({
      id: orderId,
      outTradeNo: 'W100',
      customerId: 1,
      equId: 1,
      keyPair: 'TC-1',
      deptId: 1,
      firstMinutes: 60,
      unitMinutes: 30,
      siteId: 1,
      typeId: 1,
      payMode: 2,
      state: 3,
      createTime: '2026-03-01 09:00:00',
    })
    .execute();
  const movement = (kind: string, personDelta: number, platDelta: number, minute: number, order?: number) => ({
    id: nextId(),
    account: walletId,
    kind,
    bizNo: `${kind}-${minute}`,
    personDelta,
    platDelta,
    orderId: order ?? null,
    createTime: `2026-03-01 09:${String(minute).padStart(2, '0')}:00`,
  });
  await db
    .insertInto('biz_ledger')
    .values([
      movement('recharge', 10000, 0, 1),
      movement('bonus', 0, 1000, 2),
      movement('rent_pay', -5000, 0, 3, orderId),
      movement('rent_release', 3500, 0, 4, orderId),
      movement('refund', 550, 0, 5, orderId),
      movement('withdraw_freeze', -3500, 0, 6),
    ])
    .execute();
});
afterAll(async () => api?.close());

it('lists every movement newest first with its order and the balance after it, ending at the balance', async () => {
  const answer = await api.get('/api/blade-system/wallet/statement', { walletId: String(walletId), size: 100 });
  const lines = pageOf(answer).records;
  expect(lines.map((line) => [line.kind, line.amount, line.balance, line.outTradeNo])).toEqual([
    ['withdraw_freeze', -3500, 6550, ''],
    ['refund', 550, 10050, 'W100'],
    ['rent_release', 3500, 9500, 'W100'],
    ['rent_pay', -5000, 6000, 'W100'],
    ['bonus', 1000, 11000, ''],
    ['recharge', 10000, 10000, ''],
  ]);
  const wallet = await api.get('/api/blade-system/wallet/detail', { id: String(walletId) });
  expect(lines[0].balance).toBe((wallet.data as { amount: number }).amount);
  const second = pageOf(
    await api.get('/api/blade-system/wallet/statement', { walletId: String(walletId), size: 2, current: 2 }),
  );
  expect(second.total).toBe(6);
  expect(second.records.map((line) => line.kind)).toEqual(['rent_release', 'rent_pay']);
});

it('names the wallet it needs and answers 404 for an unknown one', async () => {
  expect(await api.get('/api/blade-system/wallet/statement', {})).toMatchObject({ status: 400, msg: '请选择钱包' });
  expect((await api.get('/api/blade-system/wallet/statement', { walletId: '123' })).status).toBe(404);
});
