// Security parameters (account.*) are controlled: only an administrator may change one, and the change takes effect
// once another administrator approves it (docs/orders-and-money.md, Approvals; money.* in money-controls.test.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addUser } from '../auth/fixtures.js';
import { call, liveIdOf, signIn, startTestServer, type TestServer } from '../harness.js';

let server: TestServer;
let admin: string;
let operator: string;

const submit = (token: string, body: Record<string, unknown>) =>
  call(server, 'POST', '/api/blade-system/param/submit', { token, body });
const storedValueOf = async (key: string) =>
  (
    await server.ctx.db
      .selectFrom('blade_param')
      .select('paramValue')
      .where('paramKey', '=', key)
      .where('isDeleted', '=', 0)
      .executeTakeFirstOrThrow()
  ).paramValue;

beforeAll(async () => {
  server = await startTestServer();
  admin = await signIn(server);
  operator = await signIn(server, 'operator', 'operator');
});
afterAll(async () => server?.close());

describe('security parameters (account.*) belong to administrators', () => {
  it('refuses the restricted role an edit of account.failCount with 403 and leaves the value', async () => {
    const id = await liveIdOf(server, 'blade_param', 'paramKey', 'account.failCount');
    const edit = await submit(operator, {
      id,
      paramName: '登录失败次数',
      paramKey: 'account.failCount',
      paramValue: '99',
    });
    expect(edit.statusCode).toBe(403);
    expect(edit.json()).toMatchObject({
      code: 403,
      success: false,
      msg: '参数 account.failCount 为受控参数, 仅管理员可修改',
    });
    expect(await storedValueOf('account.failCount')).toBe('5');
  });

  it('refuses the restricted role an edit of account.initPassword, a new account.* key and a rename into account.*', async () => {
    const id = await liveIdOf(server, 'blade_param', 'paramKey', 'account.initPassword');
    expect((await submit(operator, { id, paramValue: 'known-to-me' })).statusCode).toBe(403);
    expect(await storedValueOf('account.initPassword')).toBe('123456');
    const added = await submit(operator, { paramName: '后门', paramKey: 'account.extra', paramValue: '1' });
    expect(added.statusCode).toBe(403);
    const plain = await submit(operator, { paramName: '站点提示', paramKey: 'site.notice', paramValue: '欢迎' });
    expect(plain.json().success).toBe(true);
    const plainId = await liveIdOf(server, 'blade_param', 'paramKey', 'site.notice');
    expect((await submit(operator, { id: plainId, paramKey: 'account.failCount2' })).statusCode).toBe(403);
  });

  it('refuses the restricted role the removal of a security parameter', async () => {
    const id = await liveIdOf(server, 'blade_param', 'paramKey', 'account.registerUser');
    const removed = await call(server, 'POST', '/api/blade-system/param/remove', {
      token: operator,
      query: { ids: id },
    });
    expect(removed.statusCode).toBe(403);
    expect(await storedValueOf('account.registerUser')).toBeDefined();
  });

  it("takes an administrator's change once another administrator approves it", async () => {
    const id = await liveIdOf(server, 'blade_param', 'paramKey', 'account.failCount');
    expect((await submit(admin, { id, paramValue: '6' })).json()).toMatchObject({
      success: true,
      msg: '参数 account.failCount 的修改已提交审批, 需另一位管理员审批后生效',
    });
    expect(await storedValueOf('account.failCount')).toBe('5');
    const role = await server.ctx.db
      .selectFrom('blade_role')
      .select('id')
      .where('roleAlias', '=', 'administrator')
      .executeTakeFirstOrThrow();
    await addUser(server, { account: 'admin2', roleIds: [role.id] });
    const second = await signIn(server, 'admin2', 'secret1');
    const request = await server.ctx.db
      .selectFrom('biz_approval')
      .select('id')
      .where('kind', '=', 4)
      .where('state', '=', 0)
      .executeTakeFirstOrThrow();
    const approved = await call(server, 'POST', '/api/blade-system/approval/approve', {
      token: second,
      query: { id: String(request.id) },
    });
    expect(approved.json()).toMatchObject({ success: true, msg: '已审批, 已生效' });
    expect(await storedValueOf('account.failCount')).toBe('6');
  });
});
