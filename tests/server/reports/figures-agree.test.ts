// One day's figures read from every screen that shows them agree: the dashboard (home/data, home/map), the order
// list's header cards (order/stats) with and without the list's filters, the list's own rows and the hospital report.
// The day is made through the real server and the payment sandbox: rentals finished, one refunded in part (¥5.50 of a
// ¥15.00 fee), rentals still out, a customer cancelling and an order left unpaid, at a mall and at a hospital's ward.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PaymentSandbox } from '../../../server/money/payments/sandbox.js';
import { dayOf } from '../../../server/money/reports/days.js';
import { addDept } from '../auth/fixtures.js';
import { addCompany, addEquipment, addPrice, addSite, addType, idOfNew, SHANGHAI } from '../business/rental-api.js';
import { type Answer, type Api, openApi, pageOf, type Row } from '../engine/api.js';
import { call, RIDER, signInCustomer } from '../harness.js';
import { deliverDue, rode } from '../orders/paid-rental.js';

let api: Api;
let sandbox: PaymentSandbox;
let token: string;
let mall: string;
let hospital: string;
let serial = 0;
const types = { plain: '', cancelled: '' };
const today = dayOf(new Date()).day;

beforeAll(async () => {
  api = await openApi({ PAY_SANDBOX_DELAY_MS: '0' });
  sandbox = new PaymentSandbox(api.server.ctx, { delayMs: 0, balance: 0 });
  const deptId = String(await addDept(api.server, '月亮推车'));
  const companyId = await addCompany(api, '月亮推车有限公司', deptId);
  mall = await addSite(api, '正大广场', companyId, deptId);
  hospital = await idOfNew(
    api,
    '/api/blade-system/site',
    { siteName: '新华医院', siteKind: 2, companyId, deptId, ...SHANGHAI, longitude: '121.5', latitude: '31.27' },
    'siteName',
  );
  types.plain = await addType(api, '童车-日常');
  // A deposit of …18 steers the sandbox's pay-score to the customer cancelling.
  types.cancelled = await addType(api, '童车-取消');
  for (const site of [mall, hospital]) {
    await addPrice(api, `日常-${site}`, site, types.plain);
    await addPrice(api, `取消-${site}`, site, types.cancelled, { deposit: 9918 });
  }
  token = (await signInCustomer(api.server, 'o-agree')).token;
}, 60000);
afterAll(async () => api?.close());

const deliver = () => deliverDue(api.server.ctx, sandbox);

/** A device at `siteId` rented by the customer app; at the hospital each device is a bed of ward 产科. */
async function rent(siteId: string, kind: keyof typeof types, url = '/api/blade-system/pay/launch'): Promise<string> {
  serial += 1;
  const equId = await addEquipment(api, `AG-${serial}`, siteId, types[kind]);
  if (siteId === hospital) {
    const roomId = await idOfNew(
      api,
      '/api/blade-system/room',
      { siteId, ward: '产科', roomNo: `${serial}` },
      'roomNo',
    );
    await api.post('/api/blade-system/bed/submit', { body: { roomId, bedNo: '1', equId } });
  }
  const body = url.endsWith('launch') ? { purpose: 'rent', equId } : { equId };
  const response = await call(api.server, 'POST', url, { token, body, headers: { authorization: RIDER } });
  return ((response.json() as Answer).data as Row).orderId as string;
}

async function finishAfter(orderId: string, minutes: number) {
  await rode(api.server.ctx, orderId, minutes);
  expect(await api.post('/api/blade-system/order/finish', { query: { id: orderId } })).toMatchObject({ status: 200 });
  await deliver();
}

const stats = async (query: Record<string, string> = {}) =>
  (await api.get('/api/blade-system/order/stats', query)).data as Row;
const listed = async (query: Record<string, string> = {}) =>
  pageOf(await api.get('/api/blade-system/order/list', { ...query, size: 100 }));

describe('one day read from every screen', () => {
  beforeAll(async () => {
    // At the hospital: a bed kept 80 minutes (¥15.00) and ¥5.50 of it refunded by staff; a bed still out.
    const refunded = await rent(hospital, 'plain');
    await deliver();
    await finishAfter(refunded, 80);
    const refund = await api.post('/api/blade-system/pay/launch-refund', {
      body: { orderId: refunded, amount: 550, outRefundNo: `R-agree-${refunded}`, reason: '陪护床有异味' },
    });
    expect(refund).toMatchObject({ status: 200 });
    await deliver();
    await rent(hospital, 'plain');
    // At the mall: a stroller kept 100 minutes (¥20.00), one still out, a customer cancelling the pay-score.
    const kept = await rent(mall, 'plain');
    await deliver();
    await finishAfter(kept, 100);
    await rent(mall, 'plain');
    await rent(mall, 'cancelled', '/api/blade-system/pay/payscore');
    await deliver();
    // Last, an order whose payment has not come yet.
    await rent(hospital, 'plain');
  }, 60000);

  it('counts the same orders, takings net of refunds and rentals out on the dashboard, the cards and the list', async () => {
    const home = (await api.get('/api/blade-system/home/data')).data as Row;
    const day = home.today as Row;
    expect(day).toMatchObject({ day: today, orders: 6, revenue: 1500 - 550 + 2000, refunds: 1, refundAmount: 550 });
    expect(home.activeRentals).toBe(2);
    expect((home.equipment as Row).inUse).toBe(2);
    for (const query of [{}, { createTime_dateequal: today }] as Record<string, string>[]) {
      expect(await stats(query), JSON.stringify(query)).toMatchObject({
        orders: day.orders,
        charged: day.revenue,
        inUse: home.activeRentals,
      });
      const page = await listed(query);
      expect(page.total).toBe(day.orders);
      expect(page.records.reduce((sum, row) => sum + Number(row.keptAmount), 0)).toBe(day.revenue);
    }
    expect((await stats({ state_equal: '1' })).orders).toBe(home.activeRentals);
  });

  it("agrees per site with the dashboard's map and the cards filtered by site", async () => {
    const map = (await api.get('/api/blade-system/home/map')).data as Row[];
    for (const siteId of [mall, hospital]) {
      const site = map.find((row) => row.siteId === siteId) as Row;
      const card = await stats({ siteId_equal: siteId, createTime_dateequal: today });
      expect(site, siteId).toMatchObject({
        orders: card.orders,
        revenue: card.charged,
        activeRentals: card.inUse,
      });
    }
    expect(await stats({ siteId_equal: hospital })).toMatchObject({ orders: 3, charged: 950, inUse: 1 });
  });

  it("agrees with the hospital report's ward for the day", async () => {
    const [ward] = (
      await api.get('/api/blade-system/hos/report', { startDate: today, endDate: today, siteId: hospital })
    ).data as Row[];
    const card = await stats({ siteId_equal: hospital, createTime_dateequal: today });
    const rented = (await listed({ siteId_equal: hospital })).records.filter(
      (row) => ![0, 4].includes(Number(row.state)),
    );
    expect(ward).toMatchObject({
      ward: '产科',
      rentals: rented.length,
      revenue: card.charged,
      refunds: 1,
      refundAmount: 550,
    });
    const behind = await api.get('/api/blade-system/hos/detail', {
      startDate: today,
      endDate: today,
      siteId: hospital,
      ward: '产科',
    });
    expect(pageOf(behind).total).toBe(ward.rentals);
  });
});
