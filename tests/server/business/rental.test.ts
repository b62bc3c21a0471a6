// Companies, sites, types, equipment and price plans through the API: saves, each required-field message, bad
// types, referential rules and the buttons each write needs.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDept, addRole, addUser, grantCode } from '../auth/fixtures.js';
import { type Api, openApi, pageOf, type Row, rowOf } from '../engine/api.js';
import { signIn } from '../harness.js';
import { addCompany, addEquipment, addPrice, addSite, addType, PLAN, SHANGHAI } from './rental-api.js';

let api: Api;
let deptId: string;
let companyId: string;
let siteId: string;
let typeId: string;

const COMPANY = '/api/blade-system/company';
const SITE = '/api/blade-system/site';
const TYPE = '/api/blade-system/type';
const EQU = '/api/blade-system/equ';
const PRICE = '/api/blade-system/price';

beforeAll(async () => {
  api = await openApi();
  deptId = String(await addDept(api.server, '星河推车'));
  companyId = await addCompany(api, '星河推车有限公司', deptId);
  siteId = await addSite(api, '徐家汇港汇广场', companyId, deptId);
  typeId = await addType(api, '折叠童车');
});
afterAll(async () => api?.close());

const detail = async (base: string, id: string): Promise<Row> => rowOf(await api.get(`${base}/detail`, { id }));

describe.each([
  [COMPANY, ['companyName', 'companyKind'], ['请输入公司名称', '请选择公司类型']],
  [
    SITE,
    ['siteName', 'siteKind', 'companyId', 'deptId', 'provinceCode', 'cityCode'],
    ['请输入站点名称', '请选择站点类型', '请选择所属公司', '请选择管理机构', '请选择省份', '请选择城市'],
  ],
  [TYPE, ['typeName', 'typeKind'], ['请输入类型名称', '请选择设备大类']],
  [EQU, ['keyPair', 'typeId', 'siteId'], ['请输入设备编号', '请选择设备类型', '请选择所属站点']],
  [
    PRICE,
    ['priceName', 'siteId', 'typeId', 'firstMinutes', 'firstPrice', 'unitMinutes', 'unitPrice'],
    [
      '请输入方案名称',
      '请选择站点',
      '请选择设备类型',
      '请输入首段时长',
      '请输入首段价格',
      '请输入计费单位时长',
      '请输入单位价格',
    ],
  ],
])('%s required fields', (base, fields, messages) => {
  it('names each missing field in turn, in the spec’s words', async () => {
    const complete: Row = {
      companyName: 'x',
      companyKind: 1,
      deptId,
      siteName: 'x',
      siteKind: 1,
      companyId,
      ...SHANGHAI,
      typeName: 'x',
      typeKind: 1,
      keyPair: 'X-REQ',
      typeId,
      siteId,
      priceName: 'x',
      ...PLAN,
    };
    for (const [index, field] of fields.entries()) {
      const body = { ...complete };
      delete body[field];
      expect(await api.post(`${base}/submit`, { body }), field).toMatchObject({ status: 400, msg: messages[index] });
    }
  });
});

describe('company', () => {
  it('saves and shows a company with its department', async () => {
    expect(await detail(COMPANY, companyId)).toMatchObject({
      companyName: '星河推车有限公司',
      companyKind: 2,
      deptId,
      shortName: '',
    });
  });

  it('refuses a department that is missing or already another company’s', async () => {
    const body = { companyName: '重复', companyKind: 1 };
    expect(await api.post(`${COMPANY}/submit`, { body: { ...body, deptId: '123' } })).toMatchObject({
      status: 400,
      msg: '所属机构不存在',
    });
    expect(await api.post(`${COMPANY}/submit`, { body: { ...body, deptId } })).toMatchObject({
      status: 400,
      msg: '所属机构已属于其他公司',
    });
  });

  it('refuses a kind outside the dictionary and text where a number belongs', async () => {
    const body = { companyName: '类型错误', deptId };
    expect(await api.post(`${COMPANY}/submit`, { body: { ...body, companyKind: 7 } })).toMatchObject({
      status: 400,
      msg: '公司类型必须是以下值之一: 1, 2, 3',
    });
    expect(await api.post(`${COMPANY}/submit`, { body: { ...body, companyKind: 'abc' } })).toMatchObject({
      status: 400,
      msg: '公司类型必须是整数',
    });
  });

  it('cannot be removed while it has sites', async () => {
    expect(await api.post(`${COMPANY}/remove`, { query: { ids: companyId } })).toMatchObject({
      status: 400,
      msg: '公司下还有站点,请先删除站点',
    });
  });
});

describe('site', () => {
  it('keeps region codes, coordinates and the default state', async () => {
    expect(await detail(SITE, siteId)).toMatchObject({
      siteName: '徐家汇港汇广场',
      companyId,
      deptId,
      provinceCode: '31',
      cityCode: '3101',
      districtCode: '310104',
      longitude: '121.436525',
      latitude: '31.188523',
      siteState: 1,
    });
  });

  it('refuses a city of another province, a district of another city, and coordinates out of range', async () => {
    const body = { siteName: '错位', siteKind: 1, companyId, deptId, ...SHANGHAI };
    const refusal = async (change: Row) => (await api.post(`${SITE}/submit`, { body: { ...body, ...change } })).msg;
    expect(await refusal({ cityCode: '3301' })).toBe('所选城市不属于该省份');
    expect(await refusal({ districtCode: '330106' })).toBe('所选区县不属于该城市');
    expect(await refusal({ provinceCode: '99' })).toBe('省份不存在');
    expect(await refusal({ longitude: '200', latitude: '31' })).toBe('经度应为 -180 到 180 之间的数字');
    expect(await refusal({ longitude: '121.4', latitude: '北纬31' })).toBe('纬度应为 -90 到 90 之间的数字');
  });

  it('needs a managing department inside the company’s subtree', async () => {
    const elsewhere = String(await addDept(api.server, '别家公司'));
    const below = String(await addDept(api.server, '星河徐汇店', Number(deptId)));
    const body = { siteName: '归属', siteKind: 2, companyId, ...SHANGHAI };
    expect(await api.post(`${SITE}/submit`, { body: { ...body, deptId: elsewhere } })).toMatchObject({
      status: 400,
      msg: '管理机构必须是所属公司的机构或其下级机构',
    });
    expect(await api.post(`${SITE}/submit`, { body: { ...body, deptId: below } })).toMatchObject({ status: 200 });
    expect(await api.post(`${SITE}/submit`, { body: { ...body, deptId, companyId: '42' } })).toMatchObject({
      status: 400,
      msg: '所属公司不存在',
    });
  });

  it('cannot be removed while equipment or price plans stand there', async () => {
    const emptySite = await addSite(api, '待撤站点', companyId, deptId);
    const keyPair = 'SITE-RM-1';
    const equId = await addEquipment(api, keyPair, emptySite, typeId);
    expect(await api.post(`${SITE}/remove`, { query: { ids: emptySite } })).toMatchObject({
      status: 400,
      msg: '站点下还有设备,请先移走或删除设备',
    });
    expect(await api.post(`${EQU}/remove`, { query: { ids: equId } })).toMatchObject({ status: 200 });
    const priceId = await addPrice(api, '待撤站点价格', emptySite, typeId);
    expect(await api.post(`${SITE}/remove`, { query: { ids: emptySite } })).toMatchObject({
      status: 400,
      msg: '站点下还有价格方案,请先删除价格方案',
    });
    expect(await api.post(`${PRICE}/remove`, { query: { ids: priceId } })).toMatchObject({ status: 200 });
    expect(await api.post(`${SITE}/remove`, { query: { ids: emptySite } })).toMatchObject({ status: 200 });
  });
});

describe('type', () => {
  it('keeps the default deposit in cents and refuses a negative or fractional one', async () => {
    expect(await detail(TYPE, typeId)).toMatchObject({ typeName: '折叠童车', typeKind: 1, deposit: 9900 });
    const body = { typeName: '坏押金', typeKind: 1 };
    expect(await api.post(`${TYPE}/submit`, { body: { ...body, deposit: -1 } })).toMatchObject({
      status: 400,
      msg: '默认押金(分) 不能小于 0',
    });
    expect(await api.post(`${TYPE}/submit`, { body: { ...body, deposit: 99.5 } })).toMatchObject({
      status: 400,
      msg: '默认押金(分) 必须是整数',
    });
  });

  it('cannot be removed while equipment or a price plan uses it', async () => {
    const used = await addType(api, '在用类型');
    const equId = await addEquipment(api, 'TYPE-RM-1', siteId, used);
    expect(await api.post(`${TYPE}/remove`, { query: { ids: used } })).toMatchObject({
      status: 400,
      msg: '类型已被设备使用,不能删除',
    });
    await api.post(`${EQU}/remove`, { query: { ids: equId } });
    const priceId = await addPrice(api, '在用类型价格', siteId, used);
    expect(await api.post(`${TYPE}/remove`, { query: { ids: used } })).toMatchObject({
      status: 400,
      msg: '类型已被价格方案使用,不能删除',
    });
    await api.post(`${PRICE}/remove`, { query: { ids: priceId } });
    expect(await api.post(`${TYPE}/remove`, { query: { ids: used } })).toMatchObject({ status: 200 });
  });
});

describe('equipment', () => {
  it('saves pile ports, starts idle and leaves battery and heartbeat to the lock', async () => {
    const id = await addEquipment(api, 'PILE-7-1', siteId, typeId, { batch: 'PILE-7', port: 1, battery: 3 });
    expect(await detail(EQU, id)).toMatchObject({
      keyPair: 'PILE-7-1',
      siteId,
      typeId,
      batch: 'PILE-7',
      port: 1,
      equState: 1,
      battery: -1,
      lastHeartbeat: '',
    });
  });

  it('keeps equipment numbers unique and refuses a port without a pile', async () => {
    await addEquipment(api, 'UNIQ-1', siteId, typeId);
    expect(await api.post(`${EQU}/submit`, { body: { keyPair: 'UNIQ-1', siteId, typeId } })).toMatchObject({
      status: 400,
      msg: '设备编号已存在',
    });
    expect(await api.post(`${EQU}/submit`, { body: { keyPair: 'PORT-1', siteId, typeId, port: 2 } })).toMatchObject({
      status: 400,
      msg: '填写端口时请输入桩号',
    });
  });

  it('refuses a site or type that does not exist, and a state outside the dictionary', async () => {
    const body = { keyPair: 'LINK-1', siteId, typeId };
    expect(await api.post(`${EQU}/submit`, { body: { ...body, siteId: '77' } })).toMatchObject({
      status: 400,
      msg: '所属站点不存在',
    });
    expect(await api.post(`${EQU}/submit`, { body: { ...body, typeId: '77' } })).toMatchObject({
      status: 400,
      msg: '设备类型不存在',
    });
    expect(await api.post(`${EQU}/submit`, { body: { ...body, equState: 9 } })).toMatchObject({
      status: 400,
      msg: '设备状态必须是以下值之一: 1, 2, 3, 4, 5',
    });
  });

  it('refuses removing equipment in use', async () => {
    const id = await addEquipment(api, 'RIDING-1', siteId, typeId, { equState: 2 });
    expect(await api.post(`${EQU}/remove`, { query: { ids: id } })).toMatchObject({
      status: 400,
      msg: '设备使用中,不能删除: RIDING-1',
    });
  });

  it('is disabled and enabled again, refusing to disable equipment in use', async () => {
    const id = await addEquipment(api, 'TOGGLE-1', siteId, typeId);
    expect(await api.post(`${EQU}/enable`, { query: { ids: id, enabled: 0 } })).toMatchObject({ status: 200 });
    expect(await detail(EQU, id)).toMatchObject({ equState: 5 });
    expect(await api.post(`${EQU}/enable`, { query: { ids: id, enabled: 1 } })).toMatchObject({ status: 200 });
    expect(await detail(EQU, id)).toMatchObject({ equState: 1 });
    const riding = await addEquipment(api, 'TOGGLE-2', siteId, typeId, { equState: 2 });
    expect(await api.post(`${EQU}/enable`, { query: { ids: riding, enabled: 0 } })).toMatchObject({
      status: 400,
      msg: '设备使用中,不能停用: TOGGLE-2',
    });
    expect(await api.post(`${EQU}/enable`, { query: { ids: id, enabled: 3 } })).toMatchObject({ status: 400 });
  });

  it('lists a pile’s ports as its sub-locks, and says when equipment is on no pile', async () => {
    await addEquipment(api, 'PILE-9-2', siteId, typeId, { batch: 'PILE-9', port: 2 });
    const first = await addEquipment(api, 'PILE-9-1', siteId, typeId, { batch: 'PILE-9', port: 1 });
    const ports = await api.get(`${EQU}/getSubLock`, { id: first });
    expect((ports.data as Row[]).map((row) => [row.keyPair, row.port, row.equState])).toEqual([
      ['PILE-9-1', 1, 1],
      ['PILE-9-2', 2, 1],
    ]);
    const single = await addEquipment(api, 'SINGLE-1', siteId, typeId);
    expect(await api.get(`${EQU}/getSubLock`, { id: single })).toMatchObject({
      status: 400,
      msg: '该设备不在充电桩上,没有子锁',
    });
  });
});

describe('price', () => {
  it('stores every amount in cents and shows it back unchanged', async () => {
    const siteForPrice = await addSite(api, '价格站点', companyId, deptId);
    const id = await addPrice(api, '周末价', siteForPrice, typeId, { freeMinutes: 5, dailyCap: 6000 });
    expect(await detail(PRICE, id)).toMatchObject({
      ...PLAN,
      freeMinutes: 5,
      dailyCap: 6000,
      priceState: 1,
      siteId: siteForPrice,
    });
    expect(await api.post(`${PRICE}/submit`, { body: { id, firstPrice: 12.5 } })).toMatchObject({
      status: 400,
      msg: '首段价格(分) 必须是整数',
    });
  });

  it('keeps one active plan per site and type', async () => {
    const siteForRule = await addSite(api, '单一方案站点', companyId, deptId);
    const first = await addPrice(api, '旧方案', siteForRule, typeId);
    const body = { priceName: '新方案', siteId: siteForRule, typeId, ...PLAN };
    expect(await api.post(`${PRICE}/submit`, { body })).toMatchObject({
      status: 400,
      msg: '该站点的此设备类型已有启用的价格方案: 旧方案, 请先停用它',
    });
    expect(await api.post(`${PRICE}/submit`, { body: { id: first, priceState: 2 } })).toMatchObject({ status: 200 });
    expect(await api.post(`${PRICE}/submit`, { body })).toMatchObject({ status: 200 });
    expect(await api.post(`${PRICE}/submit`, { body: { id: first, priceState: 1 } })).toMatchObject({ status: 400 });
  });

  it('refuses a missing site or type, a daily cap under the first price and a zero unit period', async () => {
    const body = { priceName: '坏方案', siteId, typeId, ...PLAN, priceState: 2 };
    expect(await api.post(`${PRICE}/submit`, { body: { ...body, siteId: '5' } })).toMatchObject({
      status: 400,
      msg: '站点不存在',
    });
    expect(await api.post(`${PRICE}/submit`, { body: { ...body, typeId: '5' } })).toMatchObject({
      status: 400,
      msg: '设备类型不存在',
    });
    expect(await api.post(`${PRICE}/submit`, { body: { ...body, dailyCap: 500 } })).toMatchObject({
      status: 400,
      msg: '每日封顶不能低于首段价格',
    });
    expect(await api.post(`${PRICE}/submit`, { body: { ...body, unitMinutes: 0 } })).toMatchObject({
      status: 400,
      msg: '计费单位(分钟) 不能小于 1',
    });
  });
});

describe('permissions', () => {
  it('lets a role with only the list screens read but not write, and refuses a caller without the screen', async () => {
    const dept = await addDept(api.server, '只读部门');
    const role = await addRole(api.server, 'rental_reader');
    for (const code of ['company', 'site', 'type', 'equ', 'price']) await grantCode(api.server, role, code);
    await addUser(api.server, { account: 'reader', password: 'reader-1', roleIds: [role], deptIds: [dept] });
    const reader = await signIn(api.server, 'reader', 'reader-1');
    for (const base of [COMPANY, SITE, TYPE, EQU, PRICE]) {
      expect(pageOf(await api.get(`${base}/list`, {}, reader)).total, base).toBeGreaterThan(0);
      expect(await api.post(`${base}/submit`, { body: { id: '1' }, token: reader }), base).toMatchObject({
        status: 403,
      });
      expect(await api.post(`${base}/remove`, { query: { ids: '1' }, token: reader }), base).toMatchObject({
        status: 403,
      });
    }
    expect(await api.post(`${EQU}/enable`, { query: { ids: '1', enabled: 0 }, token: reader })).toMatchObject({
      status: 403,
    });
    const nobody = await addRole(api.server, 'nothing');
    await addUser(api.server, { account: 'nobody', password: 'nobody-1', roleIds: [nobody], deptIds: [dept] });
    const outsider = await signIn(api.server, 'nobody', 'nobody-1');
    for (const base of [COMPANY, SITE, TYPE, EQU, PRICE]) {
      expect(await api.get(`${base}/list`, {}, outsider), base).toMatchObject({ status: 403 });
    }
  });
});

describe('a company in one step', () => {
  it('gets its own department, named after it under the head office, when sent without one', async () => {
    const answer = await api.post(`${COMPANY}/submit`, {
      body: { companyName: '杭州星星推车有限公司', shortName: '星星推车', companyKind: 2 },
    });
    expect(answer).toMatchObject({ status: 200, success: true });
    const company = pageOf(await api.get(`${COMPANY}/list`, { companyName: '杭州星星推车有限公司' })).records[0];
    const dept = await api.server.ctx.db
      .selectFrom('blade_dept')
      .select(['deptName', 'fullName', 'deptCategory', 'parentId'])
      .where('id', '=', Number(company.deptId))
      .executeTakeFirstOrThrow();
    expect(dept).toMatchObject({ deptName: '星星推车', fullName: '杭州星星推车有限公司', deptCategory: 1 });
  });
});
