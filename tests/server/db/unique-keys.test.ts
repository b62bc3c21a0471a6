// Two writers that race past a service's uniqueness check meet the database's index instead of creating twins.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextId } from '../../../server/platform/db/ids.js';
import { startTestServer, type TestServer } from '../harness.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const user = (account: string, isDeleted = 0) => ({
  id: nextId(),
  account,
  password: 'x',
  isDeleted,
  createUser: null,
  createDept: null,
  createTime: null,
  updateUser: null,
  updateTime: null,
  code: null,
  name: null,
  realName: null,
  avatar: null,
  email: null,
  phone: null,
  birthday: null,
  sex: null,
  roleId: null,
  deptId: null,
  postId: null,
});

describe('unique keys among live rows', () => {
  it('refuses a second live user with the same account', async () => {
    const { db } = server.ctx;
    await db.insertInto('blade_user').values(user('twin')).execute();
    await expect(db.insertInto('blade_user').values(user('twin')).execute()).rejects.toThrow();
  });

  it('lets a removed account be taken again', async () => {
    const { db } = server.ctx;
    await db.insertInto('blade_user').values(user('reused', 1)).execute();
    await expect(db.insertInto('blade_user').values(user('reused')).execute()).resolves.toBeDefined();
  });

  it('refuses a duplicate menu code and role alias', async () => {
    const { db } = server.ctx;
    const menu = await db.selectFrom('blade_menu').select(['code']).executeTakeFirstOrThrow();
    await expect(
      db
        .insertInto('blade_menu')
        .values({
          id: nextId(),
          code: menu.code,
          name: 'twin',
          createUser: null,
          createDept: null,
          createTime: null,
          updateUser: null,
          updateTime: null,
          alias: null,
          path: null,
          source: null,
          remark: null,
        })
        .execute(),
    ).rejects.toThrow();
    await expect(
      db
        .insertInto('blade_role')
        .values({
          id: nextId(),
          roleName: 'twin',
          roleAlias: 'administrator',
          createUser: null,
          createDept: null,
          createTime: null,
          updateUser: null,
          updateTime: null,
        })
        .execute(),
    ).rejects.toThrow();
  });
});
