// The seed: every screen of the spec has its menu, every leaf its buttons, the accounts and data a console needs.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDatabase } from '../../../server/seed/index.js';
import { md5Hex, verifyPassword } from '../../../server/system/auth/password.js';
import { signIn, startTestServer, type TestServer } from '../harness.js';

const SPEC_PATHS = [
  '/system/user',
  '/system/dept',
  '/system/dict',
  '/system/dictbiz',
  '/system/menu',
  '/system/topmenu',
  '/system/param',
  '/system/client',
  '/system/post',
  '/base/region',
  '/authority/role',
  '/authority/datascope',
  '/authority/apiscope',
  '/resource/oss',
  '/resource/sms',
  '/resource/attach',
  '/desk/notice',
  '/monitor/log/usual',
  '/monitor/log/api',
  '/monitor/log/error',
  '/business/site',
  '/business/equ',
  '/business/price',
  '/business/coupon',
  '/business/goods',
  '/business/company',
  '/business/bed',
  '/business/tip',
  '/business/problem',
  '/business/type',
  '/business/schedule',
  '/business/activity',
  '/business/order',
  '/business/refund',
  '/business/records',
  '/business/recharge',
  '/business/withdrawal',
  '/business/wallet',
  '/business/goods-order',
  '/business/customer',
  '/business/transfers',
  '/business/app-user',
  '/business/app',
  '/business/banner',
  '/business/room',
  '/business/payee',
  '/business/receiver',
  '/business/setter',
  '/business/oper',
  '/mp/wxaccount',
  '/mp/wxaccountfans',
  '/mp/wxfansmsg',
  '/mp/wxmaterial',
  '/mp/wxautoreply',
  '/mp/wxmenu',
  '/report/hos',
  '/work/start',
  '/work/claim',
  '/work/todo',
  '/work/send',
  '/work/done',
];

const ACTION_BUTTONS = [
  'order_finish',
  'equ_unlock',
  'equ_enable',
  'refund_launch',
  'withdrawal_pass',
  'task_claim',
  'user_role',
  'user_reset',
  'user_platform',
  'user_unlock',
  'role_grant',
  'topmenu_setting',
  'oss_enable',
  'sms_enable',
  'sms_send',
];

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const count = async (
  table: 'blade_menu' | 'blade_dict' | 'blade_region' | 'blade_user' | 'blade_role' | 'blade_dept',
) => {
  const row = await server.ctx.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
};

describe('seed', () => {
  it('has a menu for every screen of the spec, each leaf with its buttons', async () => {
    const menus = await server.ctx.db.selectFrom('blade_menu').selectAll().execute();
    const paths = new Set(menus.filter((m) => m.category === 1).map((m) => m.path));
    expect(SPEC_PATHS.filter((p) => !paths.has(p))).toEqual([]);
    const codes = new Set(menus.map((m) => m.code));
    expect(codes.size).toBe(menus.length);
    expect(ACTION_BUTTONS.filter((code) => !codes.has(code))).toEqual([]);
    const leaves = menus.filter((m) => m.category === 1 && !menus.some((c) => c.parentId === m.id && c.category === 1));
    for (const leaf of leaves) {
      const buttons = menus.filter((b) => b.parentId === leaf.id && b.category === 2).map((b) => b.code);
      expect(buttons, leaf.code).toContain(`${leaf.code}_view`);
      expect(leaf.source, leaf.code).toMatch(/Outlined$/);
      expect(leaf.alias, leaf.code).toMatch(/^[a-z][A-Za-z]*$/);
    }
    expect(menus.find((m) => m.code === 'param_delete')?.parentId).toBe(menus.find((m) => m.code === 'param')?.id);
  });

  it('creates the admin, operator and site manager accounts with the configured passwords', async () => {
    const users = await server.ctx.db.selectFrom('blade_user').selectAll().orderBy('account').execute();
    expect(users.map((u) => [u.account, u.realName])).toEqual([
      ['admin', '管理员'],
      ['manager', '站点经理'],
      ['operator', '运营人员'],
    ]);
    expect(await verifyPassword(md5Hex('admin'), users[0].password)).toBe(true);
    expect(await verifyPassword(md5Hex('manager'), users[1].password)).toBe(true);
    expect(await verifyPassword(md5Hex('operator'), users[2].password)).toBe(true);
    expect(await signIn(server, 'admin', 'admin')).toMatch(/\S{20,}/);
    expect(await signIn(server, 'operator', 'operator')).toMatch(/\S{20,}/);
    expect(await signIn(server, 'manager', 'manager')).toMatch(/\S{20,}/);
    const roles = await server.ctx.db.selectFrom('blade_role').select(['roleAlias', 'id']).execute();
    expect(roles.map((r) => r.roleAlias).sort()).toEqual(['administrator', 'operator', 'site_manager']);
  });

  it('grants the operator the business menus and param add but not param delete', async () => {
    const granted = await server.ctx.db
      .selectFrom('blade_role_menu')
      .innerJoin('blade_role', 'blade_role.id', 'blade_role_menu.roleId')
      .innerJoin('blade_menu', 'blade_menu.id', 'blade_role_menu.menuId')
      .where('blade_role.roleAlias', '=', 'operator')
      .select('blade_menu.code')
      .execute();
    const codes = granted.map((g) => g.code);
    expect(codes).toEqual(expect.arrayContaining(['order', 'order_finish', 'param', 'param_add', 'param_view']));
    expect(codes).not.toContain('param_delete');
    expect(codes).not.toContain('user');
  });

  it('seeds the dictionaries, parameters, client and regions', async () => {
    const dict = await server.ctx.db.selectFrom('blade_dict').selectAll().execute();
    const items = (code: string) =>
      dict
        .filter((d) => d.code === code && d.parentId !== 0)
        .sort((a, b) => a.sort - b.sort)
        .map((d) => `${d.dictKey}${d.dictValue}`);
    expect(items('sex')).toEqual(['1男', '2女']);
    expect(items('data_scope_type')).toEqual([
      '1全部可见',
      '2本人可见',
      '3所在机构可见',
      '4所在机构及子级可见',
      '5自定义',
    ]);
    expect(items('channel')).toContain('ORIGINAL原路退款');
    expect(items('result')).toEqual(['PROCESSING处理中', 'FINISHED分账完成', 'CLOSED已关闭']);
    expect(dict.find((d) => d.code === 'flow' && d.dictKey === '1')?.remark).toBe('leave');
    expect(items('order_status').length).toBeGreaterThan(3);
    const params = await server.ctx.db.selectFrom('blade_param').select(['paramKey', 'paramValue']).execute();
    expect(Object.fromEntries(params.map((p) => [p.paramKey, p.paramValue]))).toEqual({
      'account.registerUser': 'false',
      'account.initPassword': '123456',
      'account.failCount': '5',
      'money.approvalCents': '50000',
      'limit.signInPerIpMinute': '60',
      'limit.smsPerIpHour': '20',
      'limit.smsPerPhoneHour': '5',
      'limit.publicPerIpMinute': '120',
      'limit.notifyPerIpMinute': '600',
      'money.requesterDailyCents': '200000',
    });
    const client = await server.ctx.db
      .selectFrom('blade_client')
      .selectAll()
      .where('clientId', '=', 'saber')
      .executeTakeFirstOrThrow();
    expect([client.clientId, client.accessTokenValidity, client.refreshTokenValidity]).toEqual(['saber', 3600, 604800]);
    const beijing = await server.ctx.db
      .selectFrom('blade_region')
      .selectAll()
      .where('code', '=', '110101')
      .executeTakeFirstOrThrow();
    expect([beijing.name, beijing.regionLevel, beijing.provinceName]).toEqual(['东城区', 3, '北京市']);
    expect(await count('blade_region')).toBeGreaterThan(3000);
    const scopes = await server.ctx.db.selectFrom('blade_scope_data').select(['resourceCode', 'scopeType']).execute();
    const noticeTypes = scopes.filter((scope) => scope.resourceCode === 'notice').map((scope) => scope.scopeType);
    expect(noticeTypes.sort()).toEqual([1, 2, 3, 4]);
  });

  it('adds nothing when it runs again', async () => {
    const before = await Promise.all(
      (['blade_menu', 'blade_dict', 'blade_region', 'blade_user', 'blade_role', 'blade_dept'] as const).map(count),
    );
    await Promise.all([seedDatabase(server.ctx), seedDatabase(server.ctx)]);
    const after = await Promise.all(
      (['blade_menu', 'blade_dict', 'blade_region', 'blade_user', 'blade_role', 'blade_dept'] as const).map(count),
    );
    expect(after).toEqual(before);
  });
});
