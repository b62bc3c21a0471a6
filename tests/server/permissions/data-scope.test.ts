import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextId } from '../../../server/platform/db/ids.js';
import { now } from '../../../server/platform/db/time.js';
import { SCOPE_DEPT, SCOPE_DEPT_AND_BELOW, SCOPE_OWN } from '../../../server/system/permissions/data-scope.js';
import { addDept, addRole, addUser, grantCode } from '../auth/fixtures.js';
import { call, signIn, startTestServer, type TestServer } from '../harness.js';

let server: TestServer;
const tokens: Record<string, string> = {};

/** A role holding the notice screen and its add button, limited by one data scope of the given type. */
async function scopedRole(alias: string, scopeType: number): Promise<number> {
  const roleId = await addRole(server, alias);
  const menuId = await grantCode(server, roleId, 'notice');
  await grantCode(server, roleId, 'notice_add', 2);
  const scopeId = nextId();
  await server.ctx.db
    .insertInto('blade_scope_data')
    .values({ id: scopeId, menuId, resourceCode: 'notice', scopeName: alias, scopeType, createTime: now() })
    .execute();
  await server.ctx.db
    .insertInto('blade_role_scope')
    .values({ id: nextId(), scopeCategory: 1, scopeId, roleId })
    .execute();
  return roleId;
}

const addNotice = (account: string, title: string) =>
  call(server, 'POST', '/api/blade-desk/notice/submit', { token: tokens[account], body: { title, category: 1 } });

const titles = async (account: string): Promise<string[]> => {
  const response = await call(server, 'GET', '/api/blade-desk/notice/list', {
    token: tokens[account],
    query: { size: 100 },
  });
  expect(response.statusCode).toBe(200);
  return (response.json().data.records as { title: string }[]).map((row) => row.title).sort();
};

beforeAll(async () => {
  server = await startTestServer();
  const region = await addDept(server, '华东大区');
  const shanghai = await addDept(server, '上海站', region);
  const hangzhou = await addDept(server, '杭州站', region);
  const deptRole = await scopedRole('dept_scope', SCOPE_DEPT);
  const belowRole = await scopedRole('below_scope', SCOPE_DEPT_AND_BELOW);
  const ownRole = await scopedRole('own_scope', SCOPE_OWN);
  const plainRole = await addRole(server, 'no_scope');
  await grantCode(server, plainRole, 'notice');
  await grantCode(server, plainRole, 'notice_add', 2);
  const users: Array<[string, number, number]> = [
    ['sh1', deptRole, shanghai],
    ['sh2', ownRole, shanghai],
    ['hz1', deptRole, hangzhou],
    ['boss', belowRole, region],
    ['free', plainRole, hangzhou],
  ];
  for (const [account, roleId, deptId] of users) {
    await addUser(server, { account, password: 'pass-123', roleIds: [roleId], deptIds: [deptId] });
    tokens[account] = await signIn(server, account, 'pass-123');
  }
  for (const account of ['sh1', 'sh2', 'hz1', 'boss']) {
    expect((await addNotice(account, `${account} 的通知`)).json().code).toBe(200);
  }
});
afterAll(async () => server?.close());

describe('data scope', () => {
  it('own department: sees only the rows of its department', async () => {
    expect(await titles('sh1')).toEqual(['sh1 的通知', 'sh2 的通知']);
    expect(await titles('hz1')).toEqual(['hz1 的通知']);
  });

  it('own department and below: sees its department and every one under it', async () => {
    expect(await titles('boss')).toEqual(['boss 的通知', 'hz1 的通知', 'sh1 的通知', 'sh2 的通知']);
  });

  it('own records: sees only what it created', async () => {
    expect(await titles('sh2')).toEqual(['sh2 的通知']);
  });

  it('no scope for the menu: sees every row, as does the administrator', async () => {
    expect((await titles('free')).length).toBe(4);
    tokens.admin = await signIn(server);
    expect((await titles('admin')).length).toBe(4);
  });

  it('applies to detail and remove: another department’s row is not found', async () => {
    const all = await call(server, 'GET', '/api/blade-desk/notice/list', { token: tokens.admin, query: { size: 100 } });
    const hz = (all.json().data.records as { id: string; title: string }[]).find((row) => row.title === 'hz1 的通知');
    const detail = await call(server, 'GET', '/api/blade-desk/notice/detail', {
      token: tokens.sh1,
      query: { id: hz?.id ?? '' },
    });
    expect(detail.statusCode).toBe(404);
  });
});
