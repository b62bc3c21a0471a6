// The dashboard's figures, worked out by hand from a known business (figures.ts), to the cent: for the admin, who
// sees everything, and for the franchisee's site manager, who sees its own sites and not the lists it lacks.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Api, openApi, pageOf } from '../engine/api.js';
import { liveIdOf, signIn } from '../harness.js';
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

const HOME = '/api/blade-system/home';

describe('home/data', () => {
  it('gives the admin every figure of today and yesterday', async () => {
    const answer = await api.get(`${HOME}/data`);
    expect(answer.data).toEqual({
      today: { day: business.today, orders: 5, revenue: 3000, charged: 3000, refunds: 1, refundAmount: 500 },
      yesterday: { day: business.yesterday, orders: 2, revenue: 1000, charged: 1000, refunds: 1, refundAmount: 800 },
      activeRentals: 2,
      newCustomers: { today: 2, yesterday: 1 },
      equipment: { total: 8, online: 7, inUse: 2, fault: 1, utilisation: 0.333 },
      pendingWithdrawals: { count: 2, amount: 1000 },
      openFaults: 3,
    });
  });

  it("counts for the site manager only its company's sites, and leaves out the lists it does not see", async () => {
    const answer = await api.get(`${HOME}/data`, {}, manager);
    expect(answer.data).toEqual({
      today: { day: business.today, orders: 4, revenue: 3000, charged: 3000, refunds: 1, refundAmount: 500 },
      yesterday: { day: business.yesterday, orders: 2, revenue: 1000, charged: 1000, refunds: 1, refundAmount: 800 },
      activeRentals: 1,
      newCustomers: null,
      equipment: { total: 7, online: 6, inUse: 1, fault: 1, utilisation: 0.2 },
      pendingWithdrawals: null,
      openFaults: 2,
    });
  });

  it('matches the order list a figure links to', async () => {
    const list = await api.get('/api/blade-system/order/list', { createTime_dateequal: business.today, size: 1 });
    expect(pageOf(list).total).toBe(5);
    const running = await api.get('/api/blade-system/order/list', { state: 1, size: 1 }, manager);
    expect(pageOf(running).total).toBe(1);
  });

  it('refuses a caller who is not signed in', async () => {
    expect(await api.get(`${HOME}/data`, {}, '')).toMatchObject({ status: 401 });
  });
});

describe('home/data and home/seven by company and site', () => {
  const franchiseeDept = async () => String(await liveIdOf(api.server, 'blade_dept', 'deptName', '童乐出行'));
  const headOfficeDept = async () => String(await liveIdOf(api.server, 'blade_dept', 'deptName', '乐行租赁'));

  it("narrows the admin's dashboard to one company: the franchisee's figures are its site manager's", async () => {
    const mine = (await api.get(`${HOME}/data`, {}, manager)).data as Record<string, unknown>;
    const filtered = (await api.get(`${HOME}/data`, { deptId: await franchiseeDept() })).data as Record<
      string,
      unknown
    >;
    expect(filtered).toMatchObject({
      today: mine.today,
      yesterday: mine.yesterday,
      activeRentals: mine.activeRentals,
      equipment: mine.equipment,
      openFaults: mine.openFaults,
    });
    // Customers and withdrawals belong to no company: the filter leaves them whole.
    expect(filtered).toMatchObject({ newCustomers: { today: 2 }, pendingWithdrawals: { count: 2 } });
    const seven = (await api.get(`${HOME}/seven`, { deptId: await franchiseeDept() })).data as Record<
      string,
      unknown
    >[];
    expect(seven[6]).toEqual(mine.today);
  });

  it('narrows to one site as the order list filtered by that site and day counts it', async () => {
    const day = ((await api.get(`${HOME}/data`, { siteId: business.headOfficeSite })).data as Record<string, unknown>)
      .today as Record<string, unknown>;
    const list = await api.get('/api/blade-system/order/stats', {
      siteId_equal: business.headOfficeSite,
      createTime_dateequal: business.today,
    });
    expect(day.orders).toBe(1);
    expect(list.data).toMatchObject({ orders: day.orders, charged: day.charged });
  });

  it("gives the site manager nothing of another company's, however asked", async () => {
    const answer = (await api.get(`${HOME}/data`, { deptId: await headOfficeDept() }, manager)).data as Record<
      string,
      unknown
    >;
    expect(answer.today).toMatchObject({ orders: 0, revenue: 0, charged: 0 });
    expect(answer).toMatchObject({ activeRentals: 0, equipment: { total: 0 }, openFaults: 0 });
    const bySite = (await api.get(`${HOME}/data`, { siteId: business.headOfficeSite }, manager)).data as Record<
      string,
      unknown
    >;
    expect(bySite.today).toMatchObject({ orders: 0, revenue: 0 });
    // What the admin sees there is real: the refusal is the scope's, not an empty site.
    const admin = (await api.get(`${HOME}/data`, { siteId: business.headOfficeSite })).data as Record<string, unknown>;
    expect(admin.activeRentals).toBe(1);
  });

  it('refuses a company or site that is not an id, naming it', async () => {
    const answer = await api.get(`${HOME}/data`, { siteId: 'abc' });
    expect(answer).toMatchObject({ status: 400 });
    expect(String(answer.msg)).toContain('站点');
  });
});

describe('home/seven', () => {
  it('gives seven days ending today, quiet days as zeros', async () => {
    const days = (await api.get(`${HOME}/seven`)).data as Array<Record<string, unknown>>;
    expect(days).toHaveLength(7);
    expect(days[6]).toEqual({
      day: business.today,
      orders: 5,
      revenue: 3000,
      charged: 3000,
      refunds: 1,
      refundAmount: 500,
    });
    expect(days[5]).toMatchObject({ day: business.yesterday, orders: 2, revenue: 1000 });
    expect(days.slice(0, 5).every((day) => day.orders === 0 && day.revenue === 0)).toBe(true);
    expect(days.map((day) => day.day)).toEqual([...days.map((day) => day.day)].sort());
  });
});

describe('home/map', () => {
  it('places every visible site with its equipment, running rentals, orders and revenue of 30 days', async () => {
    const sites = (await api.get(`${HOME}/map`)).data as Array<Record<string, unknown>>;
    const byId = Object.fromEntries(sites.map((site) => [site.siteId, site]));
    expect(byId[business.franchiseeSite]).toMatchObject({
      siteName: '湖滨银泰',
      longitude: 121.47,
      latitude: 31.23,
      equipment: 4,
      activeRentals: 1,
      orders: 4,
      revenue: 1500,
    });
    expect(byId[business.hospital]).toMatchObject({ equipment: 3, activeRentals: 0, orders: 2, revenue: 2500 });
    expect(byId[business.headOfficeSite]).toMatchObject({ equipment: 1, activeRentals: 1, orders: 1, revenue: 0 });
    const managerSites = (await api.get(`${HOME}/map`, {}, manager)).data as Array<{ siteId: string }>;
    expect(managerSites.map((site) => site.siteId).sort()).toEqual([business.franchiseeSite, business.hospital].sort());
  });
});
