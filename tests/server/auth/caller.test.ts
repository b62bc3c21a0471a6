// The caller a token names, read with its session in one query: a staff user's live roles (a deleted role is not
// held, blanks in the stored list are ignored, an id that is the tail of another, 1 in 11, is not taken for it), and
// a customer-app session's customer, refused once the customer is disabled or removed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadTokenSecret } from '../../../server/system/auth/secret.js';
import { callerOf } from '../../../server/system/auth/sessions.js';
import { signIn, signInCustomer, startTestServer, type TestServer } from '../harness.js';
import { addRole, addUser } from './fixtures.js';

let server: TestServer;

const callerNamed = async (token: string) => callerOf(server.ctx, await loadTokenSecret(server.ctx), token);

const rolesOf = async (token: string) => {
  const caller = await callerNamed(token);
  if (!caller.ok) throw new Error(caller.reason);
  return caller.user.roleAliases.sort();
};

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server?.close());

describe('the caller of a token', () => {
  it('holds its live roles only, read from the stored list as written', async () => {
    const cashier = await addRole(server, 'cashier');
    const auditor = await addRole(server, 'auditor');
    const retired = await addRole(server, 'retired');
    await server.ctx.db.updateTable('blade_role').set({ isDeleted: 1 }).where('id', '=', retired).execute();
    const userId = await addUser(server, { account: 'wangwu', password: 'wangwu-pass' });
    await server.ctx.db
      .updateTable('blade_user')
      .set({ roleId: `${cashier}, ${auditor},${retired}` })
      .where('id', '=', userId)
      .execute();

    expect(await rolesOf(await signIn(server, 'wangwu', 'wangwu-pass'))).toEqual(['auditor', 'cashier']);
  });

  it('does not take a role whose id ends another one held', async () => {
    const held = await addRole(server, 'holder');
    const tail = Number(String(held).slice(1));
    await server.ctx.db.insertInto('blade_role').values({ id: tail, roleName: 'tail', roleAlias: 'tail' }).execute();
    await addUser(server, { account: 'zhaoliu', password: 'zhaoliu-pass', roleIds: [held] });

    expect(await rolesOf(await signIn(server, 'zhaoliu', 'zhaoliu-pass'))).toEqual(['holder']);
  });

  it('holds no role when it has none', async () => {
    await addUser(server, { account: 'sunqi', password: 'sunqi-pass' });

    expect(await rolesOf(await signIn(server, 'sunqi', 'sunqi-pass'))).toEqual([]);
    expect(await rolesOf(await signIn(server))).toContain('administrator');
  });
});

describe('the caller of a customer-app token', () => {
  it('is the customer it signed in, while the customer is active', async () => {
    const { token, customerId } = await signInCustomer(server, 'oCaller01');
    const customer = server.ctx.db.updateTable('biz_customer').where('id', '=', Number(customerId));
    await customer.set({ nickName: '小明妈妈' }).execute();
    expect(await callerNamed(token)).toMatchObject({
      ok: true,
      user: { customerId: Number(customerId), userName: '小明妈妈', roleAliases: [], userId: 0 },
    });

    await customer.set({ status: 0 }).execute();
    expect(await callerNamed(token)).toEqual({ ok: false, reason: 'expired' });
    await customer.set({ status: 1, isDeleted: 1 }).execute();
    expect(await callerNamed(token)).toEqual({ ok: false, reason: 'expired' });
  });
});
