// The page studio's calls (docs/studio.md): a published page reaches every console by the server, a page failing its
// checks is refused with its path and "did you mean", rollback and revert are new versions, and nobody without the
// studio's buttons reads drafts or publishes.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pullPublishedPages } from '../../../server/system/studio/pull.js';
import { addRole, addUser, grantCode } from '../auth/fixtures.js';
import { call, signIn, startTestServer, type TestServer } from '../harness.js';

let server: TestServer;
let admin: string;
let viewer: string;
let operator: string;

const baseline = JSON.parse(
  readFileSync(join(import.meta.dirname, '..', '..', '..', 'pages', 'system', 'post.json'), 'utf8'),
) as { blocks: { columns: Record<string, unknown>[] }[] };

/** post.json with one more column. */
function withColumn(column: Record<string, unknown>) {
  const page = structuredClone(baseline);
  page.blocks[0].columns.push(column);
  return page;
}

/** post.json with its remark column searchable (or any other change to that column). */
function edited(change: Record<string, unknown>) {
  const page = structuredClone(baseline);
  page.blocks[0].columns[4] = { ...page.blocks[0].columns[4], ...change };
  return page;
}

const published = (token: string, headers: Record<string, string> = {}) =>
  call(server, 'GET', '/api/blade-system/page-definition/published', {
    token,
    query: { pageId: 'system/post' },
    headers,
  });

beforeAll(async () => {
  server = await startTestServer();
  admin = await signIn(server);
  operator = await signIn(server, 'operator', 'operator');
  const roleId = await addRole(server, 'studio_viewer');
  await grantCode(server, roleId, 'studio');
  await grantCode(server, roleId, 'studio_view', 2);
  await addUser(server, { account: 'looker', password: 'looker-1', roleIds: [roleId] });
  viewer = await signIn(server, 'looker', 'looker-1');
});
afterAll(async () => server?.close());

describe('page versions', () => {
  it('serves the shipped file until a publish, then the published page to every signed-in console, 304 when unchanged', async () => {
    const before = await published(operator);
    expect(before.json().data).toEqual({ pageId: 'system/post', version: 0, definition: null });
    const publish = await call(server, 'POST', '/api/blade-system/studio/publish', {
      token: admin,
      body: { pageId: 'system/post', definition: edited({ search: true }), comment: '描述可搜索' },
    });
    expect(publish.json()).toMatchObject({ success: true, data: { version: 1 } });
    const after = await published(operator);
    expect(after.json().data.definition.blocks[0].columns[4]).toMatchObject({ field: 'remark', search: true });
    const again = await published(operator, { 'if-none-match': String(after.headers.etag) });
    expect(again.statusCode).toBe(304);
  });

  it('refuses a page failing its checks, naming the path and the nearest key, in the caller language', async () => {
    const bad = edited({ lable: { zh: '描述', en: 'Description' } });
    const refused = await call(server, 'POST', '/api/blade-system/studio/publish', {
      token: admin,
      body: { pageId: 'system/post', definition: bad, comment: 'typo' },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().msg).toBe('页面定义有误 /blocks/0/columns/4: 未知的属性 "lable",是否想写 "label"?');
    const english = await call(server, 'POST', '/api/blade-system/studio/publish', {
      token: admin,
      headers: { 'accept-language': 'en' },
      body: { pageId: 'system/post', definition: bad, comment: 'typo' },
    });
    expect(english.json().msg).toBe(
      'The page is not valid at /blocks/0/columns/4: unknown property "lable"; did you mean "label"?',
    );
    // A problem found against the server's description offers its nearest name once, like the schema's.
    const misspelt = await call(server, 'POST', '/api/blade-system/studio/publish', {
      token: admin,
      headers: { 'accept-language': 'en' },
      body: {
        pageId: 'system/post',
        definition: withColumn({ field: 'postNme', label: { zh: '岗位', en: 'Post' } }),
        comment: 'typo',
      },
    });
    expect(misspelt.statusCode).toBe(400);
    expect(misspelt.json().msg).toMatch(/"postNme".*; did you mean "postName"\?$/);
    expect(misspelt.json().msg.match(/did you mean/g)).toHaveLength(1);
    const script = await call(server, 'POST', '/api/blade-system/studio/draft', {
      token: admin,
      body: { pageId: 'system/post', definition: { ...baseline, title: 'javascript:alert(1)' } },
    });
    expect(script.statusCode).toBe(400);
    expect((await published(operator)).json().data.version).toBe(1);
  });

  it('refuses a dashboard card naming a field its nested figures do not have, with the nearest one', async () => {
    const home = JSON.parse(
      readFileSync(join(import.meta.dirname, '..', '..', '..', 'pages', 'wel', 'index.json'), 'utf8'),
    ) as { blocks: { type: string; cards?: { field: string }[] }[] };
    const card = home.blocks.flatMap((block) => block.cards ?? []).find((each) => each.field === 'today.revenue');
    if (!card) throw new Error('the dashboard has no card of today.revenue');
    card.field = 'today.revenu';
    const refused = await call(server, 'POST', '/api/blade-system/studio/publish', {
      token: admin,
      headers: { 'accept-language': 'en' },
      body: { pageId: 'wel/index', definition: home, comment: 'typo' },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().msg).toMatch(/"today\.revenu".*; did you mean "today\.revenue"\?$/);
    const served = await call(server, 'GET', '/api/blade-system/page-definition/published', {
      token: operator,
      query: { pageId: 'wel/index' },
    });
    expect(served.json().data.version).toBe(0);
  });

  it('rolls back and reverts as new versions, each in the usual log', async () => {
    await call(server, 'POST', '/api/blade-system/studio/publish', {
      token: admin,
      body: { pageId: 'system/post', definition: edited({ width: 300 }), comment: '加宽' },
    });
    const rollback = await call(server, 'POST', '/api/blade-system/studio/rollback', {
      token: admin,
      body: { pageId: 'system/post', version: 1 },
    });
    expect(rollback.json().data.version).toBe(3);
    expect((await published(operator)).json().data.definition.blocks[0].columns[4]).not.toHaveProperty('width');
    const revert = await call(server, 'POST', '/api/blade-system/studio/revert', {
      token: admin,
      body: { pageId: 'system/post' },
    });
    expect(revert.json().data.version).toBe(4);
    expect((await published(operator)).json().data).toMatchObject({ version: 4, definition: null });
    const versions = await call(server, 'GET', '/api/blade-system/studio/versions', {
      token: viewer,
      query: { pageId: 'system/post' },
    });
    expect(versions.json().data.map((v: { version: number }) => v.version)).toEqual([4, 3, 2, 1]);
    const pages = await call(server, 'GET', '/api/blade-system/studio/pages', { token: viewer });
    expect(pages.json().data.pages.find((p: { pageId: string }) => p.pageId === 'system/post')).toMatchObject({
      state: 'baseline',
      version: 4,
    });
    await expect
      .poll(async () =>
        (await server.ctx.db.selectFrom('blade_log_usual').select('logId').execute()).map((row) => row.logId),
      )
      .toEqual(expect.arrayContaining(['page-publish', 'page-rollback', 'page-revert']));
  });

  it('lets nobody without the studio buttons read drafts or publish', async () => {
    const draft = { pageId: 'system/post', definition: edited({ search: true }) };
    expect(
      (await call(server, 'POST', '/api/blade-system/studio/draft', { token: admin, body: draft })).statusCode,
    ).toBe(200);
    for (const token of [operator, viewer]) {
      for (const [url, body] of [
        ['/api/blade-system/studio/draft', draft],
        ['/api/blade-system/studio/publish', { ...draft, comment: 'x' }],
        ['/api/blade-system/studio/rollback', { pageId: 'system/post', version: 1 }],
        ['/api/blade-system/studio/revert', { pageId: 'system/post' }],
      ] as const) {
        const answer = await call(server, 'POST', url, { token, body });
        expect(answer.statusCode, url).toBe(403);
      }
    }
    for (const url of ['/api/blade-system/studio/versions', '/api/blade-system/studio/page']) {
      const answer = await call(server, 'GET', url, { token: operator, query: { pageId: 'system/post' } });
      expect(answer.statusCode, url).toBe(403);
    }
    const seen = await call(server, 'GET', '/api/blade-system/studio/page', {
      token: viewer,
      query: { pageId: 'system/post' },
    });
    expect(seen.json().data.draft.definition.blocks[0].columns[4].search).toBe(true);
    expect((await published(operator)).json().data.version).toBe(4);
  });

  it('drafts a page from a resource of the server that passes the checks', async () => {
    const pages = await call(server, 'GET', '/api/blade-system/studio/pages', { token: admin });
    const resources = pages.json().data.resources as { prefix: string }[];
    const { prefix } = resources.find((r) => r.prefix === '/blade-system/approval') ?? { prefix: '' };
    const drafted = await call(server, 'GET', '/api/blade-system/studio/resource-draft', {
      token: admin,
      query: { prefix },
    });
    const { pageId, definition } = drafted.json().data;
    expect(pageId).toBe('business/approval-draft');
    // Titled in both languages after the resource's own screen.
    expect(definition.title).toEqual({ zh: '付款审批', en: 'Payout approvals' });
    // Its calls answer whoever holds the resource's own menu, which the studio says beside the draft.
    expect(drafted.json().data.access).toEqual({ menu: 'approval', zh: '付款审批', en: 'Payout approvals' });
    expect(definition.blocks[0].columns[0]).toMatchObject({
      field: 'kind',
      label: { zh: '付款类型', en: 'Payout kind' },
      dict: 'approval_kind',
      search: true,
    });
    const publish = await call(server, 'POST', '/api/blade-system/studio/publish', {
      token: admin,
      body: { pageId, definition, comment: '新页面' },
    });
    expect(publish.json().msg).toBe('操作成功');

    // `npm run pages:pull` writes it as a page file an editor checks: its `$schema` first, then the definition.
    const dir = mkdtempSync(join(tmpdir(), 'ride-console-pull-'));
    try {
      const written = await pullPublishedPages(server.ctx.db, dir);
      expect(written.map((page) => page.pageId)).toContain(pageId);
      const text = readFileSync(join(dir, `${pageId}.json`), 'utf8');
      const file = JSON.parse(text);
      expect(Object.keys(file)[0]).toBe('$schema');
      const schema = join(import.meta.dirname, '..', '..', '..', 'runtime', 'schema', 'page.schema.json');
      expect(join(dir, dirname(pageId), file.$schema)).toBe(schema);
      const { $schema: _schema, ...pulled } = file;
      expect(pulled).toEqual(definition);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
