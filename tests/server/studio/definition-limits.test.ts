// The studio refuses a definition that would make a screen unusable (docs/studio.md, "Limits"): 3,000 columns, a label
// of 300,000 characters, an id naming another page, a script hidden by entities, tabs or case. Each refusal names the
// JSON path and the limit, and nothing changes: the version served is still the one before. A version stored before
// these checks is checked when served and passed over; a console that cannot draw a version says so to the studio.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextId } from '../../../server/platform/db/ids.js';
import { now } from '../../../server/platform/db/time.js';
import { call, signIn, startTestServer, type TestServer } from '../harness.js';

let server: TestServer;
let admin: string;
let operator: string;

type Page = { id: string; title: unknown; blocks: { columns: Record<string, unknown>[] }[] };
const baseline = JSON.parse(
  readFileSync(join(import.meta.dirname, '..', '..', '..', 'pages', 'system', 'post.json'), 'utf8'),
) as Page;

function edited(change: (page: Page) => void): Page {
  const page = structuredClone(baseline);
  change(page);
  return page;
}

const publish = (definition: unknown, headers: Record<string, string> = {}) =>
  call(server, 'POST', '/api/blade-system/studio/publish', {
    token: admin,
    headers,
    body: { pageId: 'system/post', definition, comment: '试一试' },
  });

const served = async (query: Record<string, number> = {}) =>
  (
    await call(server, 'GET', '/api/blade-system/page-definition/published', {
      token: operator,
      query: { pageId: 'system/post', ...query },
    })
  ).json().data;

const versions = async () =>
  (
    await call(server, 'GET', '/api/blade-system/studio/versions', { token: admin, query: { pageId: 'system/post' } })
  ).json().data as { version: number; drawFailure: { by: string; path: string; zh: string } | null }[];

/** Proves a refusal changed nothing: version 1 (the searchable remark) is still served, and no version was added. */
async function expectNothingChanged() {
  const answer = await served();
  expect(answer.version).toBe(1);
  expect(answer.definition.blocks[0].columns[4]).toMatchObject({ field: 'remark', search: true });
  expect((await versions()).map((row) => row.version)).toEqual([1]);
}

beforeAll(async () => {
  server = await startTestServer();
  admin = await signIn(server);
  operator = await signIn(server, 'operator', 'operator');
  const first = await publish(edited((page) => Object.assign(page.blocks[0].columns[4], { search: true })));
  expect(first.json()).toMatchObject({ success: true, data: { version: 1 } });
});
afterAll(async () => server?.close());

describe('definition limits on publish', () => {
  it('refuses 3,000 columns, naming the list and the limit, in the caller language', async () => {
    const columns = Array.from({ length: 3000 }, (_, index) => ({ field: `f${index}`, label: { zh: '列', en: 'C' } }));
    const wide = edited((page) => {
      page.blocks[0].columns = columns;
    });
    const refused = await publish(wide);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().msg).toBe('页面定义有误 /blocks/0/columns: 有 3000 列,最多 100 列');
    const english = await publish(wide, { 'accept-language': 'en' });
    expect(english.json().msg).toBe('The page is not valid at /blocks/0/columns: 3000 columns; at most 100');
    await expectNothingChanged();
  });

  it('refuses a 300,000-character label: by its path, and unread when the body passes twice the size limit', async () => {
    const long = await publish(
      edited((page) => Object.assign(page.blocks[0].columns[0], { label: { zh: '名', en: 'x'.repeat(300_000) } })),
    );
    expect(long.statusCode).toBe(400);
    expect(long.json().data.problems).toContainEqual(
      expect.objectContaining({
        path: '/blocks/0/columns/0/label/en',
        message: 'a text of 300000 characters; at most 1000',
        zh: '文字有 300000 个字符,最多 1000 个',
      }),
    );
    // 900 KB of Chinese: refused before the JSON is parsed, in the usual envelope.
    const huge = await publish(
      edited((page) => Object.assign(page.blocks[0].columns[0], { label: { zh: '名'.repeat(300_000), en: 'x' } })),
    );
    expect(huge.statusCode).toBe(413);
    expect(huge.json()).toMatchObject({ code: 413, success: false, msg: '请求体过大, 不能超过 512 KB' });
    await expectNothingChanged();
  });

  it('refuses an id naming another page, naming the field', async () => {
    const refused = await publish({ ...baseline, id: 'system/param' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().msg).toBe('页面定义有误 /id: id 必须是本页面 "system/post",不能是 "system/param"');
    await expectNothingChanged();
  });

  it.each([
    'java\tscript:alert(1)',
    '&#106;avascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    '\x01javascript:alert(1)',
    'data:text/html,<b>x</b>',
    'vbscript:msgbox(1)',
  ])('refuses %j in a label, and in a draft too', async (text) => {
    const hostile = edited((page) => Object.assign(page.blocks[0].columns[0], { label: { zh: '名称', en: text } }));
    const refused = await publish(hostile);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().msg).toBe('页面定义有误 /blocks/0/columns/0/label/en: 页面定义只能是数据,不能含代码');
    const draft = await call(server, 'POST', '/api/blade-system/studio/draft', {
      token: admin,
      body: { pageId: 'system/post', definition: hostile },
    });
    expect(draft.statusCode).toBe(400);
    await expectNothingChanged();
  });
});

describe('a version that cannot be drawn', () => {
  it('passes over a version stored before the limits, serves the one before, and shows the studio why', async () => {
    // As a version published before the limits existed was stored: straight into the table.
    const wide = edited((page) => {
      page.blocks[0].columns = Array.from({ length: 3000 }, (_, index) => ({
        field: `f${index}`,
        label: { zh: '列', en: 'C' },
      }));
    });
    await server.ctx.db
      .insertInto('blade_page_version')
      .values({
        id: nextId(),
        pageId: 'system/post',
        version: 2,
        state: 1,
        definition: JSON.stringify(wide),
        comment: '旧版本',
        baseline: null,
        author: 'admin',
        createUser: null,
        createTime: now(),
      })
      .execute();
    const answer = await served();
    expect(answer.version).toBe(1);
    expect(answer.definition.blocks[0].columns[4]).toMatchObject({ field: 'remark', search: true });
    expect(answer.passedOver).toMatchObject({
      version: 2,
      problems: [{ path: '/blocks/0/columns', zh: '有 3000 列,最多 100 列' }],
    });
    const [newest] = await versions();
    expect(newest).toMatchObject({ version: 2, drawFailure: { by: 'server', path: '/blocks/0/columns' } });
    // The next publish is in force again.
    expect((await publish(baseline)).json().data).toEqual({ version: 3 });
    expect((await served()).version).toBe(3);
  });

  it("keeps a console's report on the version for the studio, and serves what passes below it on asking", async () => {
    const report = await call(server, 'POST', '/api/blade-system/page-definition/failure', {
      token: operator,
      body: { pageId: 'system/post', version: 3, path: '/blocks/0', message: 'drawing failed', zh: '绘制出错' },
    });
    expect(report.json()).toMatchObject({ success: true });
    const rows = await versions();
    expect(rows.find((row) => row.version === 3)?.drawFailure).toMatchObject({
      by: 'console',
      path: '/blocks/0',
      zh: '绘制出错',
    });
    // A report decides nothing: version 3 is still served; the console asks for what passes below it.
    expect((await served()).version).toBe(3);
    expect((await served({ below: 3 })).version).toBe(1);
    expect((await served({ below: 1 })).version).toBe(0);
    const unknown = await call(server, 'POST', '/api/blade-system/page-definition/failure', {
      token: operator,
      body: { pageId: 'system/post', version: 99, path: '/', message: 'x', zh: 'x' },
    });
    expect(unknown.statusCode).toBe(404);
  });
});
