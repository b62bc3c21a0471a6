// A client's secret is read only by those who may edit clients: someone granted the client list alone sees it masked
// in the list and the detail, so the secret never reaches their browser.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { call, liveIdOf, signIn, startTestServer, type TestServer } from '../harness.js';

let server: TestServer;
let admin: string;

const menuIdOf = async (code: string): Promise<string> =>
  String(
    (await server.ctx.db.selectFrom('blade_menu').select('id').where('code', '=', code).executeTakeFirstOrThrow()).id,
  );

beforeAll(async () => {
  server = await startTestServer();
  admin = await signIn(server);
});
afterAll(async () => server?.close());

const saberOf = async (token: string) => {
  const list = await call(server, 'GET', '/api/blade-system/client/list', {
    token,
    query: { clientId_equal: 'saber' },
  });
  const [row] = list.json().data.records;
  const detail = await call(server, 'GET', '/api/blade-system/client/detail', { token, query: { id: row.id } });
  return [row.clientSecret, detail.json().data.clientSecret];
};

it('shows the secret to an editor and masks it for someone who may only view clients', async () => {
  expect(await saberOf(admin)).toEqual(['saber_secret', 'saber_secret']);
  const operatorRole = await liveIdOf(server, 'blade_role', 'roleAlias', 'operator');
  const held = (
    await call(server, 'GET', '/api/blade-system/menu/role-tree-keys', {
      token: admin,
      query: { roleIds: operatorRole },
    })
  ).json().data.menu as string[];
  const granted = await call(server, 'POST', '/api/blade-system/role/grant', {
    token: admin,
    body: { roleIds: [operatorRole], menuIds: [...held, await menuIdOf('client'), await menuIdOf('client_view')] },
  });
  expect(granted.json()).toMatchObject({ success: true });
  const operator = await signIn(server, 'operator', 'operator');
  expect(await saberOf(operator)).toEqual(['******', '******']);
});
