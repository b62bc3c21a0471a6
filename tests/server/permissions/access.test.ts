import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../server/app.js';
import { apiRoutes } from '../../../server/routes.js';
import { addRole, addUser, grantCode } from '../auth/fixtures.js';
import { call, signIn, startTestServer, type TestServer } from '../harness.js';

let server: TestServer;
let viewer: string;

beforeAll(async () => {
  server = await startTestServer();
  const roleId = await addRole(server, 'param_viewer');
  await grantCode(server, roleId, 'param');
  await grantCode(server, roleId, 'param_view', 2);
  await addUser(server, { account: 'viewer', password: 'viewer-1', roleIds: [roleId] });
  viewer = await signIn(server, 'viewer', 'viewer-1');
});
afterAll(async () => server?.close());

describe('access checks', () => {
  it('lets a role granted the menu list it, but not use a button it lacks', async () => {
    const list = await call(server, 'GET', '/api/blade-system/param/list', { token: viewer });
    expect(list.statusCode).toBe(200);
    const all = list.json().data.records as { id: string }[];
    const removed = await call(server, 'POST', '/api/blade-system/param/remove', {
      token: viewer,
      query: { ids: all[0].id },
    });
    expect(removed.statusCode).toBe(403);
    expect(removed.json()).toEqual({ code: 403, success: false, data: null, msg: '缺少访问权限' });
  });

  it('refuses param/remove to the seeded operator, who holds the param screen without param_delete', async () => {
    const operator = await signIn(server, 'operator', 'operator');
    const list = await call(server, 'GET', '/api/blade-system/param/list', { token: operator });
    const [first] = list.json().data.records as { id: string }[];
    const removed = await call(server, 'POST', '/api/blade-system/param/remove', {
      token: operator,
      query: { ids: first.id },
    });
    expect(removed.statusCode).toBe(403);
    expect(removed.json().msg).toBe('缺少访问权限');
    const users = await call(server, 'GET', '/api/blade-user/page', { token: operator });
    expect(users.statusCode).toBe(403);
  });

  it('refuses a menu the caller is not granted with 403, before looking at the input', async () => {
    const users = await call(server, 'GET', '/api/blade-user/page', { token: viewer, query: { size: 'many' } });
    expect(users.statusCode).toBe(403);
    expect(users.json().msg).toBe('缺少访问权限');
  });

  it('answers 401 before validation when the token is missing', async () => {
    const users = await call(server, 'GET', '/api/blade-user/page', { query: { size: 'many' } });
    expect(users.statusCode).toBe(401);
  });

  it('lets the administrator through everything', async () => {
    const admin = await signIn(server);
    expect((await call(server, 'GET', '/api/blade-user/page', { token: admin })).statusCode).toBe(200);
  });

  it('refuses to start with an API route that declares no access', async () => {
    const open = async (app: FastifyInstance) => {
      app.get('/blade-test/open', async () => 'open');
    };
    apiRoutes.push(open);
    try {
      await expect(buildApp(server.ctx)).rejects.toThrow('declares no config.access');
    } finally {
      apiRoutes.pop();
    }
  });
});
