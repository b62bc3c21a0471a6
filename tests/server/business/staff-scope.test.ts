// Field staff belong to the companies of their sites: the seeded site manager (童乐出行, "own department and below")
// reads only staff with a site of its company, through the rota it keeps, and cannot reach others by id; a role that
// keeps staff under the same scope cannot change or remove another company's; the administrator sees all. The staff
// form links a console account, which must exist.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextId } from '../../../server/platform/db/ids.js';
import { addRole, addUser, grantCode } from '../auth/fixtures.js';
import { type Api, openApi, pageOf, type Row } from '../engine/api.js';
import { call, liveIdOf, signIn } from '../harness.js';
import { addSite, idOfNew } from './rental-api.js';

const OPER = '/api/blade-system/oper';
const SCHEDULE = '/api/blade-system/schedule';

let api: Api;
let manager: string;
let keeper: string;
const ids: Record<string, string> = {};

const addStaff = (operName: string, siteIds: string, phone: string) =>
  idOfNew(api, OPER, { operName, phone, siteIds }, 'operName');

beforeAll(async () => {
  api = await openApi();
  manager = await signIn(api.server, 'manager', 'manager');
  const headOfficeDept = await liveIdOf(api.server, 'blade_dept', 'deptName', '乐行租赁');
  const franchiseeDept = await liveIdOf(api.server, 'blade_dept', 'deptName', '童乐出行');
  const headOffice = await liveIdOf(api.server, 'biz_company', 'shortName', '乐行租赁');
  const franchisee = await liveIdOf(api.server, 'biz_company', 'shortName', '童乐出行');
  ids.ownSite = await addSite(api, '杭州湖滨银泰', franchisee, franchiseeDept);
  ids.ownSite2 = await addSite(api, '杭州西溪印象城', franchisee, franchiseeDept);
  ids.otherSite = await addSite(api, '上海来福士', headOffice, headOfficeDept);
  ids.own = await addStaff('周师傅', ids.ownSite, '13800000001');
  ids.shared = await addStaff('吴师傅', `${ids.otherSite},${ids.ownSite}`, '13800000002');
  ids.other = await addStaff('郑师傅', ids.otherSite, '13800000003');

  // A staff keeper of the franchisee: the staff screen in full, under the same scope as the site manager.
  const role = await addRole(api.server, 'staff_keeper', '运维主管');
  for (const code of ['oper', 'oper_add', 'oper_edit', 'oper_delete']) await grantCode(api.server, role, code);
  const rule = await api.server.ctx.db
    .selectFrom('blade_scope_data')
    .select('id')
    .where('resourceCode', '=', 'oper')
    .where('scopeType', '=', 4)
    .executeTakeFirstOrThrow();
  await api.server.ctx.db
    .insertInto('blade_role_scope')
    .values({ id: nextId(), scopeCategory: 1, scopeId: rule.id, roleId: role })
    .execute();
  await addUser(api.server, {
    account: 'keeper',
    password: 'keeper-1',
    roleIds: [role],
    deptIds: [Number(franchiseeDept)],
    realName: '运维主管',
  });
  keeper = await signIn(api.server, 'keeper', 'keeper-1');
});
afterAll(async () => api?.close());

const staffNames = async (token: string, query: Record<string, string> = {}): Promise<string[]> =>
  (pageOf(await api.get(`${OPER}/list`, { size: 100, ...query }, token)).records as Row[])
    .map((row) => String(row.operName))
    .sort();

describe('field staff seen through their sites', () => {
  it('shows the site manager the staff with a site of its company, and the administrator everyone', async () => {
    expect(await staffNames(manager)).toEqual(['吴师傅', '周师傅']);
    expect(await staffNames(keeper)).toEqual(['吴师傅', '周师傅']);
    expect(await staffNames(api.adminToken)).toEqual(['吴师傅', '周师傅', '郑师傅']);
    expect(pageOf(await api.get(`${OPER}/list`, { size: 100 }, manager)).total).toBe(2);
  });

  it('offers the staff of one site, matching whole ids of the list', async () => {
    expect(await staffNames(manager, { siteIds_equal: ids.ownSite })).toEqual(['吴师傅', '周师傅']);
    expect(await staffNames(manager, { siteIds_equal: ids.ownSite2 })).toEqual([]);
    expect(await staffNames(manager, { siteIds_equal: ids.otherSite })).toEqual(['吴师傅']);
    expect(await staffNames(api.adminToken, { siteIds_equal: ids.otherSite })).toEqual(['吴师傅', '郑师傅']);
    // A part of an id is no id of the list.
    expect(await staffNames(api.adminToken, { siteIds_equal: ids.ownSite.slice(0, -1) })).toEqual([]);
    expect(await api.get(`${OPER}/list`, { siteIds_equal: 'x' })).toMatchObject({
      status: 400,
      msg: 'siteIds_equal 必须是整数',
    });
  });

  it('answers 404 for another company’s staff by id, on detail, edit and removal', async () => {
    expect(await api.get(`${OPER}/detail`, { id: ids.other }, manager)).toMatchObject({ status: 404 });
    expect(await api.get(`${OPER}/detail`, { id: ids.shared }, manager)).toMatchObject({ status: 200 });
    expect(await api.get(`${OPER}/detail`, { id: ids.other }, keeper)).toMatchObject({ status: 404 });
    expect(await api.post(`${OPER}/submit`, { body: { id: ids.other, remark: 'x' }, token: keeper })).toMatchObject({
      status: 404,
    });
    expect(await api.post(`${OPER}/remove`, { query: { ids: ids.other }, token: keeper })).toMatchObject({
      status: 404,
    });
    expect(await api.get(`${OPER}/detail`, { id: ids.other })).toMatchObject({ status: 200 });
  });

  it('lets a scoped keeper file staff only under its own sites', async () => {
    const body = { operName: '冯师傅', phone: '13800000004' };
    expect(
      await api.post(`${OPER}/submit`, { body: { ...body, siteIds: ids.otherSite }, token: keeper }),
    ).toMatchObject({ status: 400, msg: '负责站点不存在' });
    expect(await api.post(`${OPER}/submit`, { body: { ...body, siteIds: ids.ownSite2 }, token: keeper })).toMatchObject(
      { status: 200 },
    );
    expect(await staffNames(manager, { siteIds_equal: ids.ownSite2 })).toEqual(['冯师傅']);
  });

  it('lets a scoped keeper change only its own sites of a person shared with another company', async () => {
    expect(
      await api.post(`${OPER}/submit`, { body: { id: ids.shared, siteIds: ids.ownSite2 }, token: keeper }),
    ).toMatchObject({ status: 200 });
    expect(await api.get(`${OPER}/detail`, { id: ids.shared })).toMatchObject({
      data: { siteIds: `${ids.ownSite2},${ids.otherSite}` },
    });
    expect(
      await api.post(`${OPER}/submit`, {
        body: { id: ids.shared, siteIds: `${ids.otherSite},${ids.ownSite}` },
        token: keeper,
      }),
    ).toMatchObject({ status: 200 });
    expect(await api.get(`${OPER}/detail`, { id: ids.shared })).toMatchObject({
      data: { siteIds: `${ids.ownSite},${ids.otherSite}` },
    });
    expect(
      await api.post(`${OPER}/submit`, { body: { id: ids.own, siteIds: ids.otherSite }, token: keeper }),
    ).toMatchObject({ status: 400, msg: '负责站点不存在' });
  });

  it('lets the site manager read staff but not change them', async () => {
    expect(await api.post(`${OPER}/submit`, { body: { id: ids.own, remark: 'x' }, token: manager })).toMatchObject({
      status: 403,
    });
    expect(await api.post(`${OPER}/remove`, { query: { ids: ids.own }, token: manager })).toMatchObject({
      status: 403,
    });
    expect(await api.get(`${OPER}/accounts`, {}, manager)).toMatchObject({ status: 403 });
  });
});

describe('the rota kept by the site manager', () => {
  const duty = { dutyDate: '2026-08-01', shift: 1 };

  it('files its own staff at its own sites, and refuses others', async () => {
    const save = (body: Row) => api.post(`${SCHEDULE}/submit`, { body: { ...duty, ...body }, token: manager });
    expect(await save({ operId: ids.own, siteId: ids.ownSite })).toMatchObject({ status: 200 });
    expect(await save({ operId: ids.own, siteId: ids.ownSite })).toMatchObject({
      status: 400,
      msg: '该运维人员此班次已有排班',
    });
    expect(await save({ operId: ids.other, siteId: ids.otherSite })).toMatchObject({
      status: 400,
      msg: '运维人员不存在',
    });
    expect(await save({ operId: ids.shared, siteId: ids.otherSite })).toMatchObject({ status: 400, msg: '站点不存在' });
    expect(await save({ operId: ids.own, siteId: ids.ownSite2, shift: 2 })).toMatchObject({
      status: 400,
      msg: '该运维人员不负责此站点',
    });
    expect(await save({ siteId: ids.ownSite, shift: 3 })).toMatchObject({ status: 400, msg: '请选择运维人员' });
    const rota = pageOf(await api.get(`${SCHEDULE}/list`, {}, manager)).records as Row[];
    expect(rota.map((row) => [row.operId, row.siteId])).toEqual([[ids.own, ids.ownSite]]);
  });
});

describe('the console account of a staff member', () => {
  it('links an existing account, named by the accounts call, and refuses an unknown one naming the field', async () => {
    const managerId = await liveIdOf(api.server, 'blade_user', 'account', 'manager');
    expect(await api.post(`${OPER}/submit`, { body: { id: ids.own, userId: '99' } })).toMatchObject({
      status: 400,
      msg: '控制台账号不存在',
    });
    const english = await call(api.server, 'POST', `${OPER}/submit`, {
      token: api.adminToken,
      headers: { 'accept-language': 'en' },
      body: { id: ids.own, userId: '99' },
    });
    expect(english.json()).toMatchObject({ msg: 'The console account does not exist' });
    expect(await api.post(`${OPER}/submit`, { body: { id: ids.own, userId: managerId } })).toMatchObject({
      status: 200,
    });
    expect(await api.get(`${OPER}/detail`, { id: ids.own })).toMatchObject({ data: { userId: managerId } });
    const accounts = pageOf(await api.get(`${OPER}/accounts`, { size: 1000 })).records as Row[];
    expect(accounts.find((row) => row.id === managerId)).toEqual({
      id: managerId,
      account: 'manager',
      realName: '站点经理',
    });
    expect(await api.post(`${OPER}/submit`, { body: { id: ids.own, userId: '' } })).toMatchObject({ status: 200 });
    expect(await api.get(`${OPER}/detail`, { id: ids.own })).toMatchObject({ data: { userId: '' } });
  });
});
