// equ/import, equ/move and equ/price: a spreadsheet of equipment is checked row by row and written whole or not at all;
// ticked devices move to a site the caller may see, never while a customer has one out; a price plan is set on ticked
// devices only where it fits each one's site and type, and a customer renting one then pays by it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDept } from '../auth/fixtures.js';
import { type Api, openApi, pageOf } from '../engine/api.js';
import { BASIC, call, RIDER, signIn, signInCustomer } from '../harness.js';
import { addCompany, addEquipment, addPrice, addSite, addType } from './rental-api.js';

let api: Api;
let manager: string;
let typeId: string;
let siteId: string;
let otherSite: string;

beforeAll(async () => {
  api = await openApi();
  manager = await signIn(api.server, 'manager', 'manager');
  const deptId = String(await addDept(api.server, '星河推车'));
  const company = await addCompany(api, '星河推车有限公司', deptId);
  siteId = await addSite(api, '徐家汇港汇广场', company, deptId);
  otherSite = await addSite(api, '静安大悦城', company, deptId);
  typeId = await addType(api, '折叠童车');
  await addEquipment(api, 'TC-0001', siteId, typeId, { lockNo: 'NB-0001' });
});
afterAll(async () => api?.close());

const importRows = (rows: Record<string, unknown>[], check = false, token = api.adminToken) =>
  api.post('/api/blade-system/equ/import', { body: { rows, check }, token });
const count = async () => pageOf(await api.get('/api/blade-system/equ/list', { size: 1 })).total;

describe('equ/import', () => {
  it('lists every bad row and writes nothing, then writes a clean file whole', async () => {
    const rows = Array.from({ length: 5 }, (_, i) => ({
      keyPair: `TC-1${i}`,
      typeId: '折叠童车',
      siteId: '徐家汇港汇广场',
      lockNo: `NB-1${i}`,
    }));
    const before = await count();
    const bad = [
      ...rows,
      { keyPair: 'TC-0001', typeId: '折叠童车', siteId: '徐家汇港汇广场' },
      { keyPair: 'TC-10', typeId: '滑板车', siteId: '', lockNo: 'NB-0001', port: 70, equState: 2 },
    ];
    const refused = await importRows(bad);
    expect(refused.data).toEqual({
      saved: 0,
      total: 7,
      errors: [
        { index: 5, messages: ['设备编号已存在'] },
        {
          index: 6,
          messages: [
            '设备编号在文件中重复',
            '设备类型不存在',
            '请选择所属站点',
            '端口应为 1 到 64 的整数',
            '填写端口时请输入桩号',
            '锁设备号已被设备 TC-0001 使用',
            '导入的设备不能是使用中',
          ],
        },
      ],
    });
    expect(await count()).toBe(before);
    expect((await importRows(rows, true)).data).toEqual({ saved: 0, total: 5, errors: [] });
    expect(await count()).toBe(before);
    expect((await importRows(rows)).data).toEqual({ saved: 5, total: 5, errors: [] });
    expect(await count()).toBe(before + 5);
    // The same file again: every number is now taken.
    const again = (await importRows(rows)).data as { errors: unknown[] };
    expect(again.errors).toHaveLength(5);
  });

  it("refuses a site outside the caller's data scope as unknown, and answers in English", async () => {
    const answer = await importRows(
      [{ keyPair: 'TC-90', typeId: '折叠童车', siteId: '徐家汇港汇广场' }],
      true,
      manager,
    );
    expect(answer.data).toMatchObject({ errors: [{ index: 0, messages: ['所属站点不存在'] }] });
    const english = await api.server.app.inject({
      method: 'POST',
      url: '/api/blade-system/equ/import',
      headers: { authorization: BASIC, 'blade-auth': `bearer ${api.adminToken}`, 'accept-language': 'en' },
      payload: { rows: [{ keyPair: 'TC-91', typeId: '折叠童车' }], check: true },
    });
    expect(english.json().data.errors[0].messages).toEqual(['Please select the site']);
  });
});

describe('equ/move', () => {
  it('moves ticked devices to another site, but not one a customer has out', async () => {
    const ids = pageOf(await api.get('/api/blade-system/equ/list', { keyPair: 'TC-1', size: 10 })).records.map(
      (row) => row.id,
    );
    expect(ids.length).toBeGreaterThan(1);
    const moved = await api.post('/api/blade-system/equ/move', { query: { ids: ids.join(','), siteId: otherSite } });
    expect(moved).toMatchObject({ status: 200, success: true });
    const rows = pageOf(await api.get('/api/blade-system/equ/list', { siteId: otherSite, size: 10 })).records;
    expect(rows.map((row) => row.id).sort()).toEqual([...ids].sort());
    await api.server.ctx.db.updateTable('biz_equ').set({ equState: 2 }).where('id', '=', Number(ids[0])).execute();
    const refused = await api.post('/api/blade-system/equ/move', { query: { ids: ids.join(','), siteId } });
    expect(refused).toMatchObject({ status: 400, msg: expect.stringContaining('设备使用中,不能搬走') });
    const unknown = await api.post('/api/blade-system/equ/move', {
      query: { ids: ids.join(','), siteId },
      token: manager,
    });
    expect(unknown.status).toBeGreaterThanOrEqual(400);
  });
});

describe('equ/price', () => {
  const setPlan = (ids: string[], priceId: string, token = api.adminToken) =>
    api.post('/api/blade-system/equ/price', { query: { ids: ids.join(','), priceId }, token });

  it("sets a plan on the ticked devices it fits, names each it does not, and a rental pays the device's plan", async () => {
    const bedType = await addType(api, '陪护床');
    const hospitalDept = String(await addDept(api.server, '护佑'));
    const site = await addSite(api, '儿童医院', await addCompany(api, '护佑陪护有限公司', hospitalDept), hospitalDept);
    await addPrice(api, '陪护床标准', site, bedType, { deposit: 19900 });
    const vip = await addPrice(api, '陪护床单间', site, bedType, { deposit: 29900, priceState: 2 });
    const beds = [await addEquipment(api, 'VIP-1', site, bedType), await addEquipment(api, 'VIP-2', site, bedType)];
    const stroller = await addEquipment(api, 'VIP-3', site, typeId);
    const elsewhere = await addEquipment(api, 'VIP-4', siteId, bedType);

    const refused = await setPlan([...beds, stroller, elsewhere], vip);
    expect(refused).toMatchObject({
      status: 400,
      msg: '价格方案「陪护床单间」用于站点「儿童医院」的「陪护床」, 不适用于: VIP-3 (儿童医院, 折叠童车); VIP-4 (徐家汇港汇广场, 陪护床)',
    });
    const english = await call(api.server, 'POST', '/api/blade-system/equ/price', {
      token: api.adminToken,
      query: { ids: [...beds, stroller].join(','), priceId: vip },
      headers: { 'accept-language': 'en' },
    });
    expect(english.json().msg).toBe(
      'Price plan “陪护床单间” is for site “儿童医院”, type “陪护床”; it does not fit: VIP-3 (儿童医院, 折叠童车)',
    );
    const plans = async () =>
      pageOf(await api.get('/api/blade-system/equ/list', { keyPair: 'VIP-', size: 10 })).records.map((row) => [
        row.keyPair,
        row.priceId || null,
      ]);
    expect(await plans()).toEqual([
      ['VIP-1', null],
      ['VIP-2', null],
      ['VIP-3', null],
      ['VIP-4', null],
    ]);

    expect(await setPlan(beds, vip)).toMatchObject({ status: 200, success: true });
    expect(await plans()).toEqual([
      ['VIP-1', vip],
      ['VIP-2', vip],
      ['VIP-3', null],
      ['VIP-4', null],
    ]);
    // The customer renting VIP-1 pays the single room's deposit; one moved away goes back to its new site's plan.
    const { token } = await signInCustomer(api.server, 'o-vip');
    const rented = await call(api.server, 'POST', '/api/blade-system/pay/launch', {
      token,
      headers: { authorization: RIDER },
      body: { purpose: 'rent', equId: beds[0] },
    });
    expect(rented.json().data).toMatchObject({ amount: 29900 });
    await api.post('/api/blade-system/equ/move', { query: { ids: beds[1], siteId } });
    expect((await plans())[1]).toEqual(['VIP-2', null]);
  });

  it("offers the plans of the ticked devices' sites and types, never another site's", async () => {
    const choices = async (keyPairs: string[], token = api.adminToken) => {
      const devices = pageOf(await api.get('/api/blade-system/equ/list', { keyPair: 'VIP-', size: 10 })).records;
      const ids = devices.filter((row) => keyPairs.includes(String(row.keyPair))).map((row) => row.id);
      const answer = await api.get('/api/blade-system/equ/price-choices', { ids: ids.join(',') }, token);
      return answer.status === 200
        ? (answer.data as Array<{ priceName: string }>).map((plan) => plan.priceName)
        : answer;
    };
    // VIP-1 stands at 儿童医院 (a bed), VIP-2 was moved to 徐家汇港汇广场, VIP-3 is a stroller at 儿童医院.
    expect(await choices(['VIP-1'])).toEqual(['陪护床单间', '陪护床标准']);
    expect(await choices(['VIP-1', 'VIP-3'])).toEqual(['陪护床单间', '陪护床标准']);
    const [bed] = pageOf(await api.get('/api/blade-system/type/list', { typeName: '陪护床' })).records;
    await addPrice(api, '港汇陪护床', siteId, String(bed.id));
    expect(await choices(['VIP-1', 'VIP-2'])).toEqual(['港汇陪护床', '陪护床单间', '陪护床标准']);
    expect(await choices(['VIP-3'])).toEqual([]);
    expect(await choices(['VIP-1'], manager)).toMatchObject({ status: 403 });
    expect(await api.get('/api/blade-system/equ/price-choices', { ids: '' })).toMatchObject({
      status: 400,
      msg: '请选择至少一条数据',
    });
  });

  it('needs its own button and a device the caller sees', async () => {
    const plan = await addPrice(api, '童车标准', siteId, typeId);
    const [device] = pageOf(await api.get('/api/blade-system/equ/list', { keyPair: 'TC-0001', size: 1 })).records;
    expect((await setPlan([String(device.id)], plan, manager)).status).toBe(403);
    expect(await setPlan(['1'], plan)).toMatchObject({ status: 404 });
    expect(await setPlan([String(device.id)], '1')).toMatchObject({ status: 400, msg: '价格方案不存在' });
  });
});
