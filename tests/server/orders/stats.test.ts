// The figures above the order list: counts and the fees kept, over the orders the caller may see.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextId } from '../../../server/db/ids.js';
import { now } from '../../../server/db/time.js';
import { SCOPE_DEPT } from '../../../server/permissions/data-scope.js';
import { addDept, addRole, addUser, grantCode } from '../auth/fixtures.js';
import { type Api, openApi } from '../engine/api.js';
import { signIn } from '../harness.js';

let api: Api;
let north: number;
let south: number;

const order = (no: string, deptId: number, state: number, actAmount: number | null) => ({
  id: nextId(),
  outTradeNo: no,
  transactionId: `42000${no}`,
  customerId: 1,
  equId: 1,
  keyPair: `TC-${no}`,
  siteId: 1,
  deptId,
  typeId: 1,
  payMode: 1,
  firstMinutes: 60,
  unitMinutes: 30,
  amount: 9900,
  totalAmount: 9900,
  actAmount,
  state,
  createTime: '2026-03-01 09:00:00',
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
      order('S1003', north, 7, 800),
      order('S1004', south, 3, 900000000001),
      order('S1005', south, 0, -1),
    ])
    .execute();
});
afterAll(async () => api?.close());

const STATS = '/api/blade-system/order/stats';

describe('order stats', () => {
  it('counts the orders, those in use and abnormal, and adds up the fees kept in cents', async () => {
    expect(await api.get(STATS)).toMatchObject({
      code: 200,
      data: { orders: 5, inUse: 1, abnormal: 1, charged: 900000002301 },
    });
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
