// New pages from the studio (docs/studio.md, "New pages"): a form, a dashboard or a list under an id no page has,
// stored as its draft, passing the publish checks as it starts; a taken id, a bad id and a caller without the
// studio's edit button are refused and nothing is stored.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addRole, addUser, grantCode } from '../auth/fixtures.js';
import { call, signIn, startTestServer, type TestServer } from '../harness.js';

let server: TestServer;
let admin: string;
let viewer: string;

beforeAll(async () => {
  server = await startTestServer();
  admin = await signIn(server);
  const roleId = await addRole(server, 'studio_viewer');
  await grantCode(server, roleId, 'studio');
  await grantCode(server, roleId, 'studio_view', 2);
  await addUser(server, { account: 'looker', password: 'looker-1', roleIds: [roleId] });
  viewer = await signIn(server, 'looker', 'looker-1');
});
afterAll(async () => server?.close());

const create = (body: Record<string, unknown>, token = admin, language = 'zh') =>
  call(server, 'POST', '/api/blade-system/studio/new-page', { token, body, headers: { 'accept-language': language } });
const stored = (pageId: string) =>
  call(server, 'GET', '/api/blade-system/studio/page', { token: admin, query: { pageId } });
const title = { zh: '门店检查表', en: 'Shop check form' };

describe('a new page', () => {
  it('starts a form under a new id as its draft, which publishes and is served to every console', async () => {
    expect((await stored('flow/forms/shop-check')).statusCode).toBe(404);
    const made = await create({ pageId: 'flow/forms/shop-check', kind: 'form', title });
    expect(made.json().msg).toBe('操作成功');
    const { definition, menu } = made.json().data;
    expect(definition).toMatchObject({ id: 'flow/forms/shop-check', title, blocks: [{ type: 'list' }] });
    // No menu has the path yet: the studio explains the one to add.
    expect(menu).toBeNull();
    expect((await stored('flow/forms/shop-check')).json().data.draft.definition).toEqual(definition);
    const publish = await call(server, 'POST', '/api/blade-system/studio/publish', {
      token: admin,
      body: { pageId: 'flow/forms/shop-check', definition, comment: '新表单' },
    });
    expect(publish.json().msg).toBe('操作成功');
    const served = await call(server, 'GET', '/api/blade-system/page-definition/published', {
      token: await signIn(server, 'operator', 'operator'),
      query: { pageId: 'flow/forms/shop-check' },
    });
    expect(served.json().data).toMatchObject({ version: 1, definition: { title } });
  });

  it('starts a dashboard and a list of a resource that pass the publish checks', async () => {
    const dashboard = (await create({ pageId: 'report/today', kind: 'dashboard', title })).json().data;
    expect(dashboard.definition.blocks[0]).toMatchObject({ type: 'stats', api: '/api/blade-system/home/data' });
    const list = await create({ pageId: 'business/approvals', kind: 'list', title, prefix: '/blade-system/approval' });
    // Its calls answer whoever holds the resource's own menu, which the studio names beside the draft.
    expect(list.json().data).toMatchObject({ access: { menu: 'approval' }, menu: null });
    for (const made of [dashboard, list.json().data]) {
      const publish = await call(server, 'POST', '/api/blade-system/studio/publish', {
        token: admin,
        body: { pageId: made.pageId, definition: made.definition, comment: '新页面' },
      });
      expect(publish.json().msg).toBe('操作成功');
    }
  });

  it('refuses a taken id, a bad id, a list without a resource and a caller without the edit button', async () => {
    const taken = await create({ pageId: 'system/post', kind: 'form', title });
    expect(taken.statusCode).toBe(400);
    expect(taken.json().msg).toBe('页面 system/post 已存在, 请在页面列表中打开它');
    expect((await create({ pageId: 'system/post', kind: 'form', title }, admin, 'en')).json().msg).toBe(
      'The page system/post exists already; open it from the list of pages',
    );
    const bad = await create({ pageId: 'Shop Check', kind: 'form', title }, admin, 'en');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msg).toMatch(/Page ID/);
    const noResource = await create({ pageId: 'business/nothing', kind: 'list', title });
    expect(noResource.json().msg).toBe('请选择列表读取的资源');
    const denied = await create({ pageId: 'business/peek', kind: 'form', title }, viewer);
    expect(denied.statusCode).toBe(403);
    for (const pageId of ['Shop Check', 'business/nothing', 'business/peek'])
      expect((await stored(pageId)).statusCode).not.toBe(200);
    expect((await stored('system/post')).json().data.draft).toBeNull();
  });
});
