// Rows the rental tests build on, added through the API as the admin would: a company owning a department, a site
// in Shanghai, a type, equipment and a price plan. Each answers the new row's id.
import { expect } from 'vitest';
import type { Api, Row } from '../engine/api.js';

export const SHANGHAI = { provinceCode: '31', cityCode: '3101', districtCode: '310104' };

export async function idOfNew(api: Api, base: string, body: Row, field: string, token = api.adminToken) {
  const saved = await api.post(`${base}/submit`, { body, token });
  expect(saved, JSON.stringify(saved)).toMatchObject({ status: 200, success: true });
  const page = await api.get(`${base}/list`, { [field]: String(body[field]), size: 1000 }, token);
  const rows = (page.data as { records: Row[] }).records.filter((row) => row[field] === body[field]);
  expect(rows).toHaveLength(1);
  return String(rows[0].id);
}

export const addCompany = (api: Api, companyName: string, deptId: string) =>
  idOfNew(api, '/api/blade-system/company', { companyName, companyKind: 2, deptId }, 'companyName');

export const addSite = (api: Api, siteName: string, companyId: string, deptId: string, token?: string) =>
  idOfNew(
    api,
    '/api/blade-system/site',
    { siteName, siteKind: 1, companyId, deptId, ...SHANGHAI, longitude: '121.436525', latitude: '31.188523' },
    'siteName',
    token,
  );

export const addType = (api: Api, typeName: string) =>
  idOfNew(api, '/api/blade-system/type', { typeName, typeKind: 1, deposit: 9900 }, 'typeName');

export const addEquipment = (api: Api, keyPair: string, siteId: string, typeId: string, extra: Row = {}) =>
  idOfNew(api, '/api/blade-system/equ', { keyPair, siteId, typeId, lockNo: `L-${keyPair}`, ...extra }, 'keyPair');

export const PLAN = { deposit: 9900, firstMinutes: 60, firstPrice: 1000, unitMinutes: 30, unitPrice: 500 };

export const addPrice = (api: Api, priceName: string, siteId: string, typeId: string, extra: Row = {}) =>
  idOfNew(api, '/api/blade-system/price', { priceName, siteId, typeId, ...PLAN, ...extra }, 'priceName');
