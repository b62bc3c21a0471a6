// SEED_DEMO's rental operation: several companies, 20+ sites in real places, hundreds of equipment items in every
// state with their locks in the simulator, price plans, coupons, goods and faults — and the site manager sees only
// its franchise's share of it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Api, openApi, pageOf, type Row } from '../engine/api.js';
import { signIn } from '../harness.js';

let api: Api;

beforeAll(async () => {
  api = await openApi({ SEED_DEMO: 'true', LOCK_SIMULATOR_DELAY_MS: '0' });
});
afterAll(async () => api?.close());

const rows = async (name: string, token = api.adminToken): Promise<Row[]> =>
  pageOf(await api.get(`/api/blade-system/${name}/list`, { size: 1000 }, token)).records;

describe('demo operation', () => {
  it('has several companies, 20+ sites placed in the region tree, and every kind of business row', async () => {
    expect((await rows('company')).length).toBeGreaterThanOrEqual(4);
    const sites = await rows('site');
    expect(sites.length).toBeGreaterThanOrEqual(20);
    const db = api.server.ctx.db;
    for (const site of sites) {
      const district = await db
        .selectFrom('blade_region')
        .select(['parentCode', 'provinceCode'])
        .where('code', '=', String(site.districtCode))
        .executeTakeFirstOrThrow();
      expect([district.parentCode, district.provinceCode], String(site.siteName)).toEqual([
        site.cityCode,
        site.provinceCode,
      ]);
      expect(Number(site.latitude)).toBeGreaterThan(18);
      expect(Number(site.longitude)).toBeGreaterThan(73);
    }
    for (const name of ['price', 'coupon', 'goods', 'problem', 'room', 'bed', 'activity', 'banner', 'tip', 'normal']) {
      expect((await rows(name)).length, name).toBeGreaterThan(0);
    }
  });

  it('has hundreds of equipment items in every state', async () => {
    const equipment = await rows('equ');
    expect(equipment.length).toBeGreaterThanOrEqual(300);
    expect(new Set(equipment.map((row) => row.equState))).toEqual(new Set([1, 2, 3, 4, 5]));
  });

  it('lets an operator try an offline lock and a working one', async () => {
    const equipment = await rows('equ');
    const offline = equipment.find((row) => row.equState === 4);
    const idle = equipment.find((row) => row.equState === 1 && Number(row.signalStrength) >= 5);
    expect(await api.get('/api/nb/unlock', { no: String(offline?.keyPair) })).toMatchObject({
      status: 400,
      msg: '设备离线: 锁未连接物联网平台,请检查设备供电和网络',
    });
    expect(await api.get('/api/nb/unlock', { no: String(idle?.keyPair) })).toMatchObject({ status: 200 });
  });

  it('shows the site manager only its franchise’s Hangzhou sites', async () => {
    const manager = await signIn(api.server, 'manager', 'manager');
    const sites = await rows('site', manager);
    expect(sites.length).toBeGreaterThan(0);
    expect(sites.every((site) => site.cityCode === '3301')).toBe(true);
    const siteIds = new Set(sites.map((site) => site.id));
    expect((await rows('equ', manager)).every((row) => siteIds.has(row.siteId))).toBe(true);
  });
});
