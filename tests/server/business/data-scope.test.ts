// The seeded site manager (department 童乐出行, "own department and below") sees only its company's companies,
// sites, equipment and price plans, and cannot reach the head office's rows by id either.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Api, openApi, pageOf, type Row } from '../engine/api.js';
import { liveIdOf, signIn } from '../harness.js';
import { addEquipment, addPrice, addSite, addType, PLAN } from './rental-api.js';

let api: Api;
let manager: string;
const ids: Record<string, string> = {};

beforeAll(async () => {
  api = await openApi();
  manager = await signIn(api.server, 'manager', 'manager');
  const headOfficeDept = await liveIdOf(api.server, 'blade_dept', 'deptName', '乐行租赁');
  const franchiseeDept = await liveIdOf(api.server, 'blade_dept', 'deptName', '童乐出行');
  const headOffice = await liveIdOf(api.server, 'biz_company', 'shortName', '乐行租赁');
  const franchisee = await liveIdOf(api.server, 'biz_company', 'shortName', '童乐出行');
  const type = await addType(api, '双人推车');
  ids.type = type;
  ids.ownSite = await addSite(api, '杭州湖滨银泰', franchisee, franchiseeDept);
  ids.otherSite = await addSite(api, '上海来福士', headOffice, headOfficeDept);
  ids.ownEqu = await addEquipment(api, 'HZ-001', ids.ownSite, type);
  ids.otherEqu = await addEquipment(api, 'SH-001', ids.otherSite, type);
  ids.ownPrice = await addPrice(api, '湖滨标准价', ids.ownSite, type);
  ids.otherPrice = await addPrice(api, '来福士标准价', ids.otherSite, type);
});
afterAll(async () => api?.close());

const names = async (base: string, field: string, token: string): Promise<string[]> =>
  (pageOf(await api.get(`/api/blade-system/${base}/list`, { size: 100 }, token)).records as Row[])
    .map((row) => String(row[field]))
    .sort();

describe('site manager of a franchisee', () => {
  it('lists only its own company’s companies, sites, equipment and prices; the admin sees all', async () => {
    expect(await names('company', 'shortName', manager)).toEqual(['童乐出行']);
    expect(await names('site', 'siteName', manager)).toEqual(['杭州湖滨银泰']);
    expect(await names('equ', 'keyPair', manager)).toEqual(['HZ-001']);
    expect(await names('price', 'priceName', manager)).toEqual(['湖滨标准价']);
    expect(await names('company', 'shortName', api.adminToken)).toEqual(['乐行租赁', '童乐出行']);
    expect(await names('equ', 'keyPair', api.adminToken)).toEqual(['HZ-001', 'SH-001']);
    expect(await names('type', 'typeName', manager)).toEqual(['双人推车']);
  });

  it('gets 404 for another company’s rows by id, on detail, edit, removal and enabling', async () => {
    for (const [base, id] of [
      ['site', ids.otherSite],
      ['equ', ids.otherEqu],
      ['price', ids.otherPrice],
    ]) {
      const prefix = `/api/blade-system/${base}`;
      expect(await api.get(`${prefix}/detail`, { id }, manager), base).toMatchObject({ status: 404 });
      expect(await api.post(`${prefix}/submit`, { body: { id, remark: 'x' }, token: manager })).toMatchObject({
        status: 404,
      });
      expect(await api.post(`${prefix}/remove`, { query: { ids: id }, token: manager })).toMatchObject({
        status: 404,
      });
    }
    expect(
      await api.post('/api/blade-system/equ/enable', { query: { ids: ids.otherEqu, enabled: 0 }, token: manager }),
    ).toMatchObject({ status: 404 });
  });

  it('files new equipment and prices only under its own sites', async () => {
    const body = { keyPair: 'HZ-002', typeId: ids.type };
    expect(
      await api.post('/api/blade-system/equ/submit', { body: { ...body, siteId: ids.otherSite }, token: manager }),
    ).toMatchObject({ status: 400, msg: '所属站点不存在' });
    expect(
      await api.post('/api/blade-system/equ/submit', { body: { ...body, siteId: ids.ownSite }, token: manager }),
    ).toMatchObject({ status: 200 });
    const plan = { priceName: '来福士夜间价', typeId: ids.type, siteId: ids.otherSite, ...PLAN, priceState: 2 };
    expect(await api.post('/api/blade-system/price/submit', { body: plan, token: manager })).toMatchObject({
      status: 400,
      msg: '站点不存在',
    });
  });

  it('may look at companies and types but not change them', async () => {
    expect(
      await api.post('/api/blade-system/company/submit', { body: { id: ids.otherSite }, token: manager }),
    ).toMatchObject({ status: 403 });
    expect(await api.post('/api/blade-system/type/remove', { query: { ids: ids.type }, token: manager })).toMatchObject(
      { status: 403 },
    );
  });
});
