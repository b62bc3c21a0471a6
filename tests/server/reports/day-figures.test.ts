// The daily figures kept beside the orders, through the real server and the payment sandbox: after rentals with a
// deposit and without one, finishes, staff refunds (one closing unpaid), a customer's own refund in the app, a
// collection failing and cancellations, the kept figures equal their recomputation and the dashboard shows what
// happened; parallel finishes and refunds at one site lose no increment; the rebuild puts a tampered table right; a
// rental over midnight counts its minutes on both days.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PaymentSandbox } from '../../../server/money/payments/sandbox.js';
import { minutesByDay } from '../../../server/money/reports/day-figures.js';
import { checkFigures, rebuildFigures } from '../../../server/money/reports/figures-rebuild.js';
import { addDept } from '../auth/fixtures.js';
import { addCompany, addEquipment, addPrice, addSite, addType } from '../business/rental-api.js';
import { type Answer, type Api, openApi, type Row } from '../engine/api.js';
import { call, RIDER, signInCustomer } from '../harness.js';
import { addPaidRental, deliverDue, newOutTradeNo, rode } from '../orders/paid-rental.js';

let api: Api;
let sandbox: PaymentSandbox;
let deptId: string;
let siteId: string;
let token: string;
let serial = 0;
/** Equipment types whose plans steer the sandbox: credit refused, the customer cancelling, a collection failing. */
const types: Record<'plain' | 'instant' | 'refused' | 'cancelled' | 'unpaid', string> = {
  plain: '',
  instant: '',
  refused: '',
  cancelled: '',
  unpaid: '',
};

beforeAll(async () => {
  api = await openApi({ PAY_SANDBOX_DELAY_MS: '0' });
  sandbox = new PaymentSandbox(api.server.ctx, { delayMs: 0, balance: 0 });
  deptId = String(await addDept(api.server, '星河推车'));
  siteId = await addSite(api, '徐家汇港汇广场', await addCompany(api, '星河推车有限公司', deptId), deptId);
  const plans = {
    plain: {},
    instant: { freeMinutes: 0 },
    refused: { deposit: 9917 },
    cancelled: { deposit: 9918 },
    unpaid: { firstPrice: 1019 },
  };
  for (const [name, plan] of Object.entries(plans)) {
    const typeId = await addType(api, `童车-${name}`);
    await addPrice(api, `方案-${name}`, siteId, typeId, plan);
    types[name as keyof typeof types] = typeId;
  }
  token = (await signInCustomer(api.server, 'o-mum')).token;
}, 60000);
afterAll(async () => api?.close());

const deliver = () => deliverDue(api.server.ctx, sandbox);

async function launch(url: string, kind: keyof typeof types): Promise<string> {
  serial += 1;
  const equId = await addEquipment(api, `DF-${serial}`, siteId, types[kind]);
  const body = url.endsWith('launch') ? { purpose: 'rent', equId } : { equId };
  const response = await call(api.server, 'POST', url, { token, body, headers: { authorization: RIDER } });
  return ((response.json() as Answer).data as Row | undefined)?.orderId as string;
}

const finish = (id: string) => api.post('/api/blade-system/order/finish', { query: { id } });
const refund = (orderId: string, amount: number, outRefundNo: string) =>
  api.post('/api/blade-system/pay/launch-refund', { body: { orderId, amount, outRefundNo, reason: '补偿' } });

describe('daily figures', () => {
  it('equal their recomputation after every kind of call that moves them, and the dashboard shows them', async () => {
    // A deposit rental of 80 minutes: ¥15 kept, the rest back; then staff refund ¥5, and ¥3.14 that closes unpaid.
    const rented = await launch('/api/blade-system/pay/launch', 'plain');
    await deliver();
    await rode(api.server.ctx, rented, 80);
    expect(await finish(rented)).toMatchObject({ status: 200 });
    await deliver();
    expect(await refund(rented, 500, `R-df-${rented}-1`)).toMatchObject({ status: 200 });
    expect(await refund(rented, 314, `R-df-${rented}-2`)).toMatchObject({ status: 200 });
    await deliver();
    // A pay-score rental of 100 minutes: ¥20 collected.
    const scored = await launch('/api/blade-system/pay/payscore', 'plain');
    await deliver();
    await rode(api.server.ctx, scored, 100);
    await finish(scored);
    await deliver();
    // Credit refused, a customer cancelling, a fee that cannot be collected, one still out.
    await launch('/api/blade-system/pay/payscore', 'refused');
    await launch('/api/blade-system/pay/payscore', 'cancelled');
    const unpaid = await launch('/api/blade-system/pay/payscore', 'unpaid');
    await deliver();
    await rode(api.server.ctx, unpaid, 30);
    await finish(unpaid);
    await launch('/api/blade-system/pay/launch', 'plain');
    await deliver();
    // A ride of two minutes on a plan without free ones: ¥10 kept, which the customer refunds in the app.
    const short = await launch('/api/blade-system/pay/launch', 'instant');
    await deliver();
    await rode(api.server.ctx, short, 2);
    await finish(short);
    await deliver();
    const asked = await call(api.server, 'POST', '/api/blade-system/pay/refund', {
      token,
      headers: { authorization: RIDER },
      body: { orderId: short, amount: 1000, outRefundNo: `C-df-${short}`, reason: '车锁打不开' },
    });
    expect(asked.statusCode, asked.body).toBe(200);
    await deliver();

    expect(await checkFigures(api.server.ctx.db)).toEqual([]);
    const { data } = await api.get('/api/blade-system/home/data');
    // Staff's ¥5 and the customer's own ¥10 are refunds; the ¥3.14 that closed unpaid and the deposits' rests are not.
    expect((data as Row).today).toMatchObject({
      orders: 7,
      revenue: 1500 - 500 + 2000,
      refunds: 2,
      refundAmount: 1500,
    });
    const mine = ((await api.get('/api/blade-system/home/map')).data as Row[]).find((row) => row.siteId === siteId);
    expect(mine).toMatchObject({ orders: 7, revenue: 3000, activeRentals: 1 });
  });

  it('lose no increment to parallel finishes and refunds at one site', async () => {
    // Eight rentals recorded on one piece of equipment, so every write below adds to the same figures row.
    const keyPair = 'DF-P';
    const equId = await addEquipment(api, keyPair, siteId, types.plain, { equState: 2 });
    const ids: string[] = [];
    for (let i = 0; i < 8; i += 1) {
      const { id } = await addPaidRental(api.server.ctx, sandbox, {
        outTradeNo: newOutTradeNo(),
        customerId: 1,
        nickname: '客户',
        payerOpenId: 'o-mum',
        equId: Number(equId),
        keyPair,
        siteId: Number(siteId),
        deptId: Number(deptId),
        typeId: Number(types.plain),
        deposit: 9900,
        minutes: 70 + i,
      });
      ids.push(String(id));
    }
    const before = (await api.get('/api/blade-system/home/data')).data as { today: Row };
    const finished = await Promise.all(ids.map(finish));
    expect(finished.every((answer) => answer.status === 200)).toBe(true);
    await deliver();
    const refunded = await Promise.all(ids.map((id) => refund(id, 100, `R-df-p-${id}`)));
    expect(refunded.every((answer) => answer.status === 200)).toBe(true);
    await deliver();
    expect(await checkFigures(api.server.ctx.db)).toEqual([]);
    const after = (await api.get('/api/blade-system/home/data')).data as { today: Row };
    // Each rental of an hour and some minutes keeps ¥15 (¥10 the first hour, ¥5 the next half hour); ¥1 back each.
    expect(Number(after.today.revenue) - Number(before.today.revenue)).toBe(8 * (1500 - 100));
    expect(Number(after.today.refunds) - Number(before.today.refunds)).toBe(8);
  });

  it('are put right by a rebuild after the table was tampered with, which the check lists first', async () => {
    const db = api.server.ctx.db;
    await db.updateTable('biz_day_figure').set({ orders: 99 }).where('siteId', '=', Number(siteId)).execute();
    const differences = await checkFigures(db);
    expect(differences.length).toBeGreaterThan(0);
    expect(differences[0]).toMatchObject({ siteId: Number(siteId), counter: 'orders', kept: 99 });
    await rebuildFigures(db);
    expect(await checkFigures(db)).toEqual([]);
  });

  it('count the minutes of a rental over midnight on the days they were rented, adding up to its whole minutes', () => {
    expect(minutesByDay('2026-11-24 23:30:20', '2026-11-25 00:45:00')).toEqual([
      ['2026-11-24', 29],
      ['2026-11-25', 45],
    ]);
    expect(minutesByDay('2026-11-24 08:00:00', '2026-11-26 00:00:30')).toEqual([
      ['2026-11-24', 960],
      ['2026-11-25', 1440],
    ]);
  });
});
