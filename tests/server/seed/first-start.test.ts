// The first start of a demo install (SEED_DEMO): a business's last 90 days, so every money screen has rows and the
// dashboard's figures are those the lists give, consistent with the equipment (a device in use has its one running
// order), the ledger (reconcile) and the daily figures kept (figures check).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandboxOf } from '../../../server/money/payments/index.js';
import { receiveNotification } from '../../../server/money/recovery/notify.js';
import { reconcile } from '../../../server/money/recovery/reconcile.js';
import { recoverPayments } from '../../../server/money/recovery/worker.js';
import { dayOf } from '../../../server/money/reports/days.js';
import { checkFigures } from '../../../server/money/reports/figures-rebuild.js';
import { type Api, openApi, pageOf } from '../engine/api.js';
import { signIn } from '../harness.js';

let api: Api;
let seconds = 0;

beforeAll(async () => {
  const started = Date.now();
  api = await openApi({ SEED_DEMO: 'true', LOCK_SIMULATOR_DELAY_MS: '0' });
  seconds = (Date.now() - started) / 1000;
}, 120000);
afterAll(async () => api?.close());

async function total(name: string, query: Record<string, string | number> = {}): Promise<number> {
  const path = name === 'withdrawal' ? 'withdrawal/page' : `${name}/list`;
  const answer = await api.get(`/api/blade-system/${path}`, { ...query, size: 1 });
  expect(answer.status, `${name} ${JSON.stringify(answer)}`).toBe(200);
  return pageOf(answer).total;
}

describe('first start with the demo', () => {
  it("has a second administrator, 财务主管, to approve the first one's parameter changes", async () => {
    const finance = await signIn(api.server, 'finance', 'finance');
    const id = (
      await api.server.ctx.db
        .selectFrom('blade_param')
        .select('id')
        .where('paramKey', '=', 'money.approvalCents')
        .executeTakeFirstOrThrow()
    ).id;
    await api.post('/api/blade-system/param/submit', { body: { id: String(id), paramValue: '60000' } });
    const [request] = pageOf(await api.get('/api/blade-system/approval/list', { kind: 4, state: 0 })).records;
    expect(
      await api.post('/api/blade-system/approval/approve', { query: { id: String(request.id) }, token: finance }),
    ).toMatchObject({ status: 200, msg: '已审批, 已生效' });
  });

  it('fills every money list', async () => {
    console.info(`first start seeded and served in ${seconds.toFixed(1)} s`);
    const lists = ['order', 'refund', 'recharge', 'withdrawal', 'transfers', 'goods-order', 'payee', 'wallet'];
    for (const name of [...lists, 'records', 'receiver', 'setter', 'customer']) {
      expect(await total(name), name).toBeGreaterThan(0);
    }
    // Every state a rental order can be in, and every way of paying.
    for (const state of [0, 1, 2, 3, 4, 5, 6, 7])
      expect(await total('order', { state }), `state ${state}`).toBeGreaterThan(0);
    for (const payMode of [1, 2, 3]) expect(await total('order', { payMode }), `payMode ${payMode}`).toBeGreaterThan(0);
    expect(await total('withdrawal', { state: 0 })).toBeGreaterThan(0);
  });

  it('shows on the dashboard what the lists show', async () => {
    const home = (await api.get('/api/blade-system/home/data')).data as {
      today: { orders: number };
      yesterday: { orders: number };
      activeRentals: number;
      equipment: { inUse: number };
      pendingWithdrawals: { count: number };
    };
    const today = dayOf(new Date());
    const yesterday = dayOf(new Date(), -1);
    expect(home.today.orders).toBeGreaterThan(0);
    expect(home.today.orders).toBe(await total('order', { createTime_dateequal: today.day }));
    expect(home.yesterday.orders).toBe(await total('order', { createTime_dateequal: yesterday.day }));
    // Each device in use has its one running order, and no other device has one.
    const running = await total('order', { state: 1 });
    expect(running).toBeGreaterThan(0);
    expect(home.activeRentals).toBe(running);
    expect(home.equipment.inUse).toBe(running);
    expect(await total('equ', { equState: 2 })).toBe(running);
    const db = api.server.ctx.db;
    const devices = await db
      .selectFrom('biz_order')
      .innerJoin('biz_equ', 'biz_equ.id', 'biz_order.equId')
      .select(['biz_equ.equState'])
      .where('biz_order.state', '=', 1)
      .execute();
    expect(new Set(devices.map((device) => Number(device.equState)))).toEqual(new Set([2]));
    expect(home.pendingWithdrawals.count).toBe(await total('withdrawal', { state: 0 }));
  });

  it('agrees with its ledger and its daily figures', async () => {
    expect((await reconcile(api.server.ctx)).differences).toEqual([]);
    expect(await checkFigures(api.server.ctx.db)).toEqual([]);
    const negative = await api.server.ctx.db
      .selectFrom('biz_wallet')
      .select('id')
      .where('personAmount', '<', 0)
      .execute();
    expect(negative).toEqual([]);
  });

  it('settles what waits on the provider within minutes of the first start', async () => {
    const ctx = api.server.ctx;
    const sandbox = sandboxOf(ctx);
    const later = new Date(Date.now() + 15 * 60_000);
    // The worker asks again for the pay-score collections waiting; the sandbox then delivers every result due.
    for (let round = 0; round < 2; round += 1) {
      await recoverPayments(ctx, later);
      for (const notification of await sandbox.deliverDue(later)) {
        await receiveNotification(ctx, notification);
        await sandbox.acknowledge(notification);
      }
    }
    const waiting = await ctx.db.selectFrom('biz_refund').select('outRefundNo').where('status', '=', 0).execute();
    expect(waiting).toEqual([]);
    expect(await total('order', { state: 2 })).toBe(0);
    expect(await total('order', { state: 5 })).toBe(0);
    expect((await reconcile(ctx)).differences).toEqual([]);
    expect(await checkFigures(ctx.db)).toEqual([]);
  });
});
