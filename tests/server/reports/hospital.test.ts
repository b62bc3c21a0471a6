// The hospital report and the orders behind a row, from the known business of figures.ts, to the cent; and the
// refusals a wrong range meets, naming the field.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rebuildFigures } from '../../../server/money/reports/figures-rebuild.js';
import { nextId } from '../../../server/platform/db/ids.js';
import { addRole, addUser, grantCode } from '../auth/fixtures.js';
import { type Api, openApi, pageOf, type Row } from '../engine/api.js';
import { call, signIn } from '../harness.js';
import { type Business, buildBusiness } from './figures.js';

let api: Api;
let manager: string;
let business: Business;

beforeAll(async () => {
  api = await openApi();
  manager = await signIn(api.server, 'manager', 'manager');
  business = await buildBusiness(api);
});
afterAll(async () => api?.close());

const REPORT = '/api/blade-system/hos/report';
const DETAIL = '/api/blade-system/hos/detail';

describe('hos/report', () => {
  it('sums each ward of each hospital over the days asked', async () => {
    const answer = await api.get(REPORT, { startDate: business.yesterday, endDate: business.today });
    expect(answer.data).toEqual([
      {
        id: `${business.hospital}:儿科一病区`,
        siteId: business.hospital,
        siteName: '浙大儿院',
        ward: '儿科一病区',
        beds: 2,
        rentals: 1,
        minutes: 120,
        hours: 2,
        // 120 minutes of 2 beds × 2 days.
        utilisation: 0.021,
        revenue: 1500,
        refunds: 1,
        refundAmount: 500,
        startDate: business.yesterday,
        endDate: business.today,
      },
      {
        id: `${business.hospital}:新生儿科`,
        siteId: business.hospital,
        siteName: '浙大儿院',
        ward: '新生儿科',
        beds: 1,
        rentals: 1,
        minutes: 60,
        hours: 1,
        utilisation: 0.021,
        revenue: 1000,
        refunds: 0,
        refundAmount: 0,
        startDate: business.yesterday,
        endDate: business.today,
      },
    ]);
  });

  it('covers the last 30 days when no dates are given', async () => {
    const rows = (await api.get(REPORT)).data as Array<Record<string, unknown>>;
    expect(rows.map((row) => [row.ward, row.rentals, row.minutes])).toEqual([
      ['儿科一病区', 1, 120],
      ['新生儿科', 1, 60],
    ]);
    expect(rows[0].utilisation).toBe(Math.round((120 * 1000) / (2 * 30 * 1440)) / 1000);
  });

  it('counts only the rentals created in the range', async () => {
    const rows = (await api.get(REPORT, { startDate: business.today, endDate: business.today })).data as Array<
      Record<string, unknown>
    >;
    expect(rows.map((row) => [row.ward, row.rentals, row.minutes, row.utilisation, row.revenue])).toEqual([
      ['儿科一病区', 1, 120, 0.042, 1500],
      ['新生儿科', 0, 0, 0, 0],
    ]);
  });

  it("shows the site manager its company's hospital; a site that is no hospital has no rows", async () => {
    const rows = (await api.get(REPORT, { startDate: business.today, endDate: business.today }, manager))
      .data as unknown[];
    expect(rows).toHaveLength(2);
    const mall = await api.get(REPORT, {
      startDate: business.today,
      endDate: business.today,
      siteId: business.franchiseeSite,
    });
    expect(mall.data).toEqual([]);
  });

  it('covers a whole month asked by month, as the two dates Saber sends would', async () => {
    const month = business.today.slice(0, 7);
    const [year, number] = month.split('-').map(Number);
    const last = `${month}-${String(new Date(year, number, 0).getDate()).padStart(2, '0')}`;
    const byMonth = await api.get(REPORT, { month });
    expect(byMonth.data).toEqual((await api.get(REPORT, { startDate: `${month}-01`, endDate: last })).data);
    expect((byMonth.data as Row[])[0]).toMatchObject({ startDate: `${month}-01`, endDate: last });
    expect(await api.get(REPORT, { month: '2026-13' })).toMatchObject({
      status: 400,
      msg: expect.stringContaining('统计月份'),
    });
  });

  it('refuses a range that is wrong, naming the field', async () => {
    expect(await api.get(REPORT, { startDate: business.today, endDate: business.yesterday })).toMatchObject({
      status: 400,
      msg: '结束日期不能早于开始日期',
    });
    expect(await api.get(REPORT, { startDate: '2026-02-30', endDate: business.today })).toMatchObject({
      status: 400,
      msg: '开始日期 不是有效的日期',
    });
    expect(await api.get(REPORT, { startDate: '2024-01-01', endDate: '2025-06-01' })).toMatchObject({
      status: 400,
      msg: '报表最多统计 366 天',
    });
  });

  it('is closed to a caller without the report, whose dashboard is empty rather than refused', async () => {
    const role = await addRole(api.server, 'cashier', '收银员');
    await grantCode(api.server, role, 'notice');
    await addUser(api.server, { account: 'cashier', password: 'cashier1', roleIds: [role] });
    const cashier = await signIn(api.server, 'cashier', 'cashier1');
    const range = { startDate: business.today, endDate: business.today };
    expect(await api.get(REPORT, range, cashier)).toMatchObject({ status: 403 });
    expect((await api.get('/api/blade-system/home/data', {}, cashier)).data).toMatchObject({
      today: null,
      equipment: null,
      openFaults: null,
    });
    expect((await api.get('/api/blade-system/home/seven', {}, cashier)).data).toEqual([]);
    expect((await api.get('/api/blade-system/home/map', {}, cashier)).data).toEqual([]);
  });
});

describe('hos/report minutes', () => {
  it('counts the minutes of a rental over midnight on the days it ran, the rental on the day it was created', async () => {
    const db = api.server.ctx.db;
    const bed = await db
      .selectFrom('biz_equ')
      .innerJoin('biz_site', 'biz_site.id', 'biz_equ.siteId')
      .select(['biz_equ.id', 'biz_site.deptId'])
      .where('biz_equ.keyPair', '=', 'ZD-3')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('biz_order')
      .values({
        id: nextId(),
        outTradeNo: 'T-night',
        customerId: 1,
        equId: bed.id,
        keyPair: 'ZD-3',
        siteId: Number(business.hospital),
        deptId: Number(bed.deptId),
        typeId: 1,
        payMode: 1,
        firstMinutes: 60,
        unitMinutes: 30,
        amount: 9900,
        totalAmount: 9900,
        state: 3,
        startTime: `${business.yesterday} 23:30:00`,
        endTime: `${business.today} 00:45:00`,
        createTime: `${business.yesterday} 23:30:00`,
      })
      .execute();
    await rebuildFigures(db);
    const newborn = async (startDate: string, endDate: string) =>
      ((await api.get(REPORT, { startDate, endDate })).data as Array<Record<string, unknown>>)
        .filter((row) => row.ward === '新生儿科')
        .map((row) => [row.rentals, row.minutes]);
    // Yesterday: the 20:00 rental's hour and this one's 30 minutes to midnight; today: its 45 minutes after.
    expect(await newborn(business.yesterday, business.yesterday)).toEqual([[2, 60 + 30]]);
    expect(await newborn(business.today, business.today)).toEqual([[0, 45]]);
    expect(await newborn(business.yesterday, business.today)).toEqual([[2, 60 + 75]]);
  });
});

describe('hos/detail', () => {
  it("lists the orders behind a ward's row", async () => {
    const page = pageOf(
      await api.get(DETAIL, {
        startDate: business.yesterday,
        endDate: business.today,
        siteId: business.hospital,
        ward: '儿科一病区',
      }),
    );
    expect(page.total).toBe(1);
    expect(page.records[0]).toMatchObject({
      siteId: business.hospital,
      state: 3,
      startTime: `${business.today} 08:00:00`,
    });
    const empty = pageOf(
      await api.get(DETAIL, {
        startDate: business.today,
        endDate: business.today,
        siteId: business.hospital,
        ward: '无此病区',
      }),
    );
    expect(empty.total).toBe(0);
  });

  it("reads the orders' duration and payment state in English for an English console", async () => {
    await api.server.ctx.db
      .updateTable('biz_order')
      .set({ description: '2小时', tradeStateDesc: '支付成功' })
      .where('siteId', '=', Number(business.hospital))
      .execute();
    const query = {
      startDate: business.yesterday,
      endDate: business.today,
      siteId: business.hospital,
      ward: '儿科一病区',
    };
    const english = await call(api.server, 'GET', DETAIL, {
      token: api.adminToken,
      query,
      headers: { 'accept-language': 'en' },
    });
    expect(english.json().data.records[0]).toMatchObject({ description: '2 h', tradeStateDesc: 'Paid' });
    expect(pageOf(await api.get(DETAIL, query)).records[0]).toMatchObject({ description: '2小时' });
  });
});
