// The figures above the order list: counts and the money kept, over the orders the caller may see and the list's
// filters.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextId } from '../../../server/platform/db/ids.js';
import { now } from '../../../server/platform/db/time.js';
import { SCOPE_DEPT } from '../../../server/system/permissions/data-scope.js';
import { addDept, addRole, addUser, grantCode } from '../auth/fixtures.js';
import { type Api, openApi } from '../engine/api.js';
import { signIn } from '../harness.js';

let api: Api;
let north: number;
let south: number;

/** An order that kept `kept` cents once ended (paid 100 more, refunded 100), or is still running (null). */
const order = (no: string, deptId: number, state: number, kept: number | null, payMode = 1) => ({
  id: nextId(),
  outTradeNo: no,
  transactionId: `42000${no}`,
  customerId: 1,
  phoneNumber: `1390000${no.slice(1)}`,
  equId: 1,
  keyPair: `TC-${no}`,
  siteId: deptId === north ? 1 : 2,
  deptId,
  typeId: 1,
  payMode,
  firstMinutes: 60,
  unitMinutes: 30,
  amount: 9900,
  totalAmount: kept === null ? 9900 : kept + 100,
  refundedAmount: kept === null ? 0 : 100,
  actAmount: kept,
  state,
  createTime: '2026-03-01 09:00:00',
  endTime: kept === null ? null : '2026-03-01 10:00:00',
});

beforeAll(async () => {
  api = await openApi();
  north = await addDept(api.server, '北区');
  south = await addDept(api.server, '南区');
  await api.server.ctx.db
    .insertInto('biz_order')
    .values([
      order('S1001', north, 3, 1500),
      order('S1002', north, 1, null),
      order('S1003', north, 7, 800, 2),
      order('S1004', south, 3, 900000000001, 3),
      order('S1005', south, 0, null),
    ])
    .execute();
});
afterAll(async () => api?.close());

const STATS = '/api/blade-system/order/stats';

describe('order stats', () => {
  it('counts the orders, those in use and abnormal, and adds up what was paid, refunded and kept in cents', async () => {
    expect(await api.get(STATS)).toMatchObject({
      code: 200,
      data: { orders: 5, inUse: 1, abnormal: 1, charged: 900000002301, paid: 900000022401, refunded: 300 },
    });
  });

  it('counts the rows the list shows for the same filters', async () => {
    for (const [query, orders, charged] of [
      [{ phoneNumber_equal: '13900001001' }, 1, 1500],
      [{ siteId_equal: '1' }, 3, 2300],
      [{ deptId_equal: String(south) }, 2, 900000000001],
      [{ payMode_equal: '2' }, 1, 800],
      [{ keyPair_equal: 'TC-S1004' }, 1, 900000000001],
      [{ state_equal: '3', siteId_equal: '1' }, 1, 1500],
    ] as const) {
      const stats = await api.get(STATS, query);
      const list = (await api.get('/api/blade-system/order/list', { ...query, size: 100 })) as {
        data: { total: number; records: Array<{ keptAmount: number }> };
      };
      expect(stats.data, JSON.stringify(query)).toMatchObject({ orders, charged });
      expect(list.data.total, JSON.stringify(query)).toBe(orders);
      const kept = list.data.records.reduce((sum, row) => sum + row.keptAmount, 0);
      expect(kept, JSON.stringify(query)).toBe(charged);
    }
  });

  it('declares every filter the order screens offer in the OpenAPI document', async () => {
    const docs = (await api.server.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    for (const path of ['/api/blade-system/order/list', '/api/blade-system/order/stats']) {
      const names = (docs.paths[path].get.parameters as Array<{ name: string }>).map((p) => p.name);
      expect(names, path).toEqual(
        expect.arrayContaining([
          'phoneNumber_equal',
          'keyPair_equal',
          'siteId_equal',
          'deptId_equal',
          'payMode_equal',
          'state_equal',
          'createTime_dategt',
        ]),
      );
    }
  });

  it("counts only the orders of the caller's departments", async () => {
    const roleId = await addRole(api.server, 'north_staff');
    const menuId = await grantCode(api.server, roleId, 'order');
    const scopeId = nextId();
    await api.server.ctx.db
      .insertInto('blade_scope_data')
      .values({ id: scopeId, menuId, scopeName: '本部门订单', scopeType: SCOPE_DEPT, createTime: now() })
      .execute();
    await api.server.ctx.db
      .insertInto('blade_role_scope')
      .values({ id: nextId(), scopeCategory: 1, scopeId, roleId })
      .execute();
    await addUser(api.server, { account: 'north1', password: 'north-pass', deptIds: [north], roleIds: [roleId] });
    const token = await signIn(api.server, 'north1', 'north-pass');
    expect(await api.get(STATS, {}, token)).toMatchObject({
      data: { orders: 3, inUse: 1, abnormal: 1, charged: 2300 },
    });
  });

  it('needs the order menu', async () => {
    const roleId = await addRole(api.server, 'stats_cashier');
    await grantCode(api.server, roleId, 'wallet');
    await addUser(api.server, { account: 'cashier2', password: 'cashier2', roleIds: [roleId] });
    const token = await signIn(api.server, 'cashier2', 'cashier2');
    expect((await api.get(STATS, {}, token)).status).toBe(403);
  });
});
