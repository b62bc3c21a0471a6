// API scopes: a path an API scope covers is open only to roles granted that scope; other paths are unaffected.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextId } from '../../../server/platform/db/ids.js';
import { now } from '../../../server/platform/db/time.js';
import { API_SCOPE_CATEGORY, pathPattern } from '../../../server/system/permissions/api-scope.js';
import { addRole, addUser, grantCode } from '../auth/fixtures.js';
import { call, signIn, startTestServer, type TestServer } from '../harness.js';

let server: TestServer;
let viewer: string;
let roleId: number;

async function addApiScope(scopePath: string): Promise<number> {
  const id = nextId();
  await server.ctx.db
    .insertInto('blade_scope_api')
    .values({
      id,
      scopeName: scopePath,
      scopePath,
      scopeType: 1,
      menuId: null,
      resourceCode: 'param',
      remark: null,
      createUser: null,
      createDept: null,
      createTime: now(),
      updateUser: null,
      updateTime: null,
    })
    .execute();
  return id;
}

beforeAll(async () => {
  server = await startTestServer();
  roleId = await addRole(server, 'param_reader');
  await grantCode(server, roleId, 'param');
  await addUser(server, { account: 'reader', password: 'reader-1', roleIds: [roleId] });
  viewer = await signIn(server, 'reader', 'reader-1');
});
afterAll(async () => server?.close());

describe('API scopes', () => {
  it('match exact paths, one-segment and any-rest patterns, with or without the /api prefix', () => {
    expect(pathPattern('/blade-system/param/list').test('/api/blade-system/param/list')).toBe(true);
    expect(pathPattern('/api/blade-system/param/*').test('/api/blade-system/param/detail')).toBe(true);
    expect(pathPattern('/blade-system/*').test('/api/blade-system/param/detail')).toBe(false);
    expect(pathPattern('/blade-system/**').test('/api/blade-system/param/detail')).toBe(true);
    expect(pathPattern('/blade-system/param.list').test('/api/blade-system/paramXlist')).toBe(false);
  });

  it('close a covered path to a role without the scope, and open it once the scope is granted', async () => {
    const before = await call(server, 'GET', '/api/blade-system/param/list', { token: viewer });
    expect(before.statusCode).toBe(200);

    const scopeId = await addApiScope('/blade-system/param/**');
    const refused = await call(server, 'GET', '/api/blade-system/param/list', { token: viewer });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().msg).toBe('缺少访问权限');

    const admin = await signIn(server);
    const asAdmin = await call(server, 'GET', '/api/blade-system/param/list', { token: admin });
    expect(asAdmin.statusCode).toBe(200);

    await server.ctx.db
      .insertInto('blade_role_scope')
      .values({ id: nextId(), scopeCategory: API_SCOPE_CATEGORY, scopeId, roleId })
      .execute();
    const granted = await call(server, 'GET', '/api/blade-system/param/list', { token: viewer });
    expect(granted.statusCode).toBe(200);
  });

  it('leave paths no scope covers to the menu grants', async () => {
    const info = await call(server, 'GET', '/api/blade-auth/oauth/user-info', { token: viewer });
    expect(info.statusCode).toBe(200);
  });
});
