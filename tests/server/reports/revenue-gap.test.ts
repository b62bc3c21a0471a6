// Why the dashboard's 今日收入 and the order list's 实收 differ for the same day, made through the real server: a
// rental created yesterday and ended today, and one created today still out. 今日收入 counts money on the day it
// moved; 今日订单实收 and the order list count it on the day the order was created; the difference is exactly the
// money the definitions name.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PaymentSandbox } from '../../../server/money/payments/sandbox.js';
import { dayOf } from '../../../server/money/reports/days.js';
import { rebuildFigures } from '../../../server/money/reports/figures-rebuild.js';
import { formatDateTime } from '../../../server/platform/db/time.js';
import { addDept } from '../auth/fixtures.js';
import { addCompany, addEquipment, addPrice, addSite, addType } from '../business/rental-api.js';
import { type Answer, type Api, openApi, type Row } from '../engine/api.js';
import { call, RIDER, signInCustomer } from '../harness.js';
import { deliverDue, rode } from '../orders/paid-rental.js';

let api: Api;
let sandbox: PaymentSandbox;
let token: string;
let site: string;
let typeId: string;
let serial = 0;
const today = dayOf(new Date()).day;
const yesterday = dayOf(new Date(), -1).day;

beforeAll(async () => {
  api = await openApi({ PAY_SANDBOX_DELAY_MS: '0' });
  sandbox = new PaymentSandbox(api.server.ctx, { delayMs: 0, balance: 0 });
  const deptId = String(await addDept(api.server, '星星推车'));
  const companyId = await addCompany(api, '星星推车有限公司', deptId);
  site = await addSite(api, '静安嘉里', companyId, deptId);
  typeId = await addType(api, '童车-差额');
  await addPrice(api, '差额', site, typeId);
  token = (await signInCustomer(api.server, 'o-gap')).token;
}, 60000);
afterAll(async () => api?.close());

const deliver = () => deliverDue(api.server.ctx, sandbox);

async function rent(): Promise<string> {
  serial += 1;
  const equId = await addEquipment(api, `GAP-${serial}`, site, typeId);
  const body = { purpose: 'rent', equId };
  const response = await call(api.server, 'POST', '/api/blade-system/pay/launch', {
    token,
    body,
    headers: { authorization: RIDER },
  });
  const orderId = ((response.json() as Answer).data as Row).orderId as string;
  await deliver();
  return orderId;
}

const home = async () => (await api.get('/api/blade-system/home/data', { siteId: site })).data as Row;
const kept = async (day: string) =>
  (await api.get('/api/blade-system/order/stats', { siteId_equal: site, createTime_dateequal: day })).data as Row;

describe("today's revenue against the order list's kept money", () => {
  it('differs by the money of an order created yesterday that ended today, as the definition says', async () => {
    // Yesterday evening's rental, begun 100 minutes before it is ended now (¥20.00 kept): created yesterday.
    const overnight = await rent();
    const evening = formatDateTime(new Date(`${yesterday}T23:00:00`));
    await api.server.ctx.db
      .updateTable('biz_order')
      .set({ createTime: evening })
      .where('id', '=', Number(overnight))
      .execute();
    // The order was moved by hand, so its figures are rebuilt from the rows, as after any repair.
    await rebuildFigures(api.server.ctx.db);
    await rode(api.server.ctx, overnight, 100);
    expect(await api.post('/api/blade-system/order/finish', { query: { id: overnight } })).toMatchObject({
      status: 200,
    });
    await deliver();
    // Today's rental still out: it has kept nothing yet.
    await rent();

    const day = (await home()).today as Row;
    expect(day).toMatchObject({ day: today, orders: 1, revenue: 2000, charged: 0 });
    // 今日订单实收 is the order list's 实收金额 for today; 今日收入 is not, by the overnight rental's ¥20.00 …
    expect(await kept(today)).toMatchObject({ orders: 1, charged: day.charged });
    // … which the order list counts on yesterday, the day that order was created.
    const before = await kept(yesterday);
    expect(before).toMatchObject({ orders: 1, charged: 2000 });
    expect(Number(day.revenue) - Number(day.charged)).toBe(before.charged);
    const seven = (await api.get('/api/blade-system/home/seven', { siteId: site })).data as Row[];
    expect(seven[5]).toMatchObject({ day: yesterday, revenue: 0, charged: 2000 });
  });
});
