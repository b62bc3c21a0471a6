// A published page's forms reach the console as a JavaScript module of ajv's generated code, served from our own
// origin under a URL signed for the version: values a definition carries (quotes, backticks, `${…}`, comment
// markers, </script>, long patterns, __proto__ keys) stay data in that module, never code, and the forms still check.

import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import vm from 'node:vm';
import { parseAst } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, signIn, startTestServer, type TestServer } from '../harness.js';

let server: TestServer;
let admin: string;
let operator: string;

const baseline = JSON.parse(
  readFileSync(join(import.meta.dirname, '..', '..', '..', 'pages', 'system', 'post.json'), 'utf8'),
) as { blocks: { form: { fields: Record<string, Record<string, unknown>> } }[] };

/** Each would run as code were it pasted into JavaScript source unescaped; `globalThis.pwned` marks that it ran. */
const HOSTILE = [
  '"; globalThis.pwned = 1; "',
  "'; globalThis.pwned = 1; '",
  '`; globalThis.pwned = 1; `',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: the placeholder is the attack being tried
  '${globalThis.pwned = 1}',
  '*/ globalThis.pwned = 1; /*',
  '</script><!-- globalThis.pwned = 1; -->',
  '\\u0022; globalThis.pwned = 1; //',
  '\n globalThis.pwned = 1; //',
];
/** Escaped for a regular expression: the pattern must still compile, so its text is what it matches literally. */
const literally = (text: string) => text.replace(/[\\^$.*+?()[\]{}|/]/g, '\\$&');
const LONG = `^(${'a'.repeat(900)})?$`;

function hostilePage() {
  const page = structuredClone(baseline);
  const fields = page.blocks[0].form.fields;
  fields.postCode = { ...fields.postCode, pattern: `^(${HOSTILE.map(literally).join('|')}|ok)$` };
  fields.postName = { ...fields.postName, pattern: LONG };
  fields.remark = { ...fields.remark, enum: HOSTILE };
  return page;
}

const publishedAnswer = async (token: string) =>
  (
    await call(server, 'GET', '/api/blade-system/page-definition/published', {
      token,
      query: { pageId: 'system/post' },
    })
  ).json().data as { version: number; validators?: string };

/** The module run as the console runs it, in a context of its own, with ajv's helpers as the console passes them. */
function evaluate(source: string) {
  const context = vm.createContext({});
  const script = source.replace('export default function formValidators', '(function formValidators');
  const factory = vm.runInContext(`${script})`, context) as (require: NodeRequire) => Record<string, unknown>;
  return { context, validators: factory(createRequire(import.meta.url)) };
}

/**
 * The module of `hostilePage()`'s forms holds every hostile value as data: as code it is ajv's alone, and run, it
 * changes nothing around it and checks the form as the definition says.
 */
function expectHostileAsData(source: string) {
  // As code, the module is ajv's: no template literal, and no name a hostile value tried to bring in.
  const program = parseAst(source);
  const identifiers = new Set<string>();
  const strings: string[] = [];
  const visit = (node: unknown) => {
    if (Array.isArray(node)) {
      for (const item of node) visit(item);
      return;
    }
    if (typeof node !== 'object' || node === null) return;
    const { type, name, value } = node as { type?: string; name?: string; value?: unknown };
    expect(type).not.toBe('TemplateLiteral');
    if (type === 'Identifier') identifiers.add(String(name));
    if (type === 'Literal' && typeof value === 'string') strings.push(value);
    for (const child of Object.values(node)) visit(child);
  };
  visit(program);
  expect(identifiers.has('pwned')).toBe(false);
  expect(identifiers.has('globalThis')).toBe(false);
  // …where every hostile value is a string the module holds.
  for (const text of HOSTILE) expect(strings.some((literal) => literal.includes(text))).toBe(true);

  // Run, it changes nothing around it (nor Object.prototype), and checks the form as the definition says.
  const { context, validators } = evaluate(source);
  const [validate] = Object.values(validators) as ((data: unknown) => boolean & { errors?: unknown })[];
  const check = (data: Record<string, unknown>) => {
    const valid = validate(data);
    return {
      valid,
      errors: (validate as unknown as { errors: { keyword: string; instancePath: string }[] | null }).errors,
    };
  };
  const record = { category: 1, postCode: 'ok', postName: '', sort: 1 };
  expect(check(record).valid).toBe(true);
  expect(check({ ...record, postCode: HOSTILE[2] }).valid).toBe(true);
  expect(check({ ...record, remark: HOSTILE[3] }).valid).toBe(true);
  expect(check({ ...record, postCode: 'oops', postName: 'b', remark: 'other' }).errors).toEqual([
    expect.objectContaining({ keyword: 'pattern', instancePath: '/postCode' }),
    expect.objectContaining({ keyword: 'pattern', instancePath: '/postName' }),
    expect.objectContaining({ keyword: 'enum', instancePath: '/remark' }),
  ]);
  expect(vm.runInContext('typeof globalThis.pwned', context)).toBe('undefined');
  expect(vm.runInContext('({}).pwned', context)).toBeUndefined();
}

beforeAll(async () => {
  server = await startTestServer();
  admin = await signIn(server);
  operator = await signIn(server, 'operator', 'operator');
});
afterAll(async () => server?.close());

describe("a published version's form validators", () => {
  it('keep every value of a hostile definition as data, and the form still checks it', async () => {
    const publish = await call(server, 'POST', '/api/blade-system/studio/publish', {
      token: admin,
      body: { pageId: 'system/post', definition: hostilePage(), comment: '带特殊字符的校验' },
    });
    expect(publish.json()).toMatchObject({ success: true });
    const { validators: url, version } = await publishedAnswer(operator);
    expect(url).toMatch(/^\/api\/blade-system\/page-definition\/form-validators\?/);
    // Imported by a module script: no Blade-Auth header, the URL's signature stands for it.
    const module = await call(server, 'GET', String(url));
    expect(module.statusCode).toBe(200);
    expect(module.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expectHostileAsData(module.body);
    expect(version).toBeGreaterThan(0);
  });

  it('are served only under the signature the published answer gave, for a version that exists', async () => {
    const { validators: url } = await publishedAnswer(operator);
    const signed = new URL(String(url), 'http://console');
    const forged = new URL(signed);
    forged.searchParams.set('sig', 'A'.repeat(43));
    expect((await call(server, 'GET', `${forged.pathname}${forged.search}`)).statusCode).toBe(404);
    const other = new URL(signed);
    other.searchParams.set('version', '99');
    expect((await call(server, 'GET', `${other.pathname}${other.search}`)).statusCode).toBe(404);
  });

  it('never takes a __proto__ or constructor.prototype key in: such a body is refused before it is read', async () => {
    const before = await publishedAnswer(operator);
    for (const value of ['{"__proto__": {"pwned": 1}}', '{"constructor": {"prototype": {"pwned": 1}}}']) {
      const page = hostilePage();
      page.blocks[0].form.fields.remark.enum = [JSON.parse(value)];
      const refused = await call(server, 'POST', '/api/blade-system/studio/publish', {
        token: admin,
        body: { pageId: 'system/post', definition: page, comment: '原型键' },
      });
      expect(refused.statusCode).toBe(400);
    }
    expect((await publishedAnswer(operator)).version).toBe(before.version);
  });

  it('refuses to publish a form whose pattern ajv cannot compile, and stores nothing', async () => {
    const before = await publishedAnswer(operator);
    const page = structuredClone(baseline);
    page.blocks[0].form.fields.postCode = { required: true, pattern: '(' };
    const refused = await call(server, 'POST', '/api/blade-system/studio/publish', {
      token: admin,
      body: { pageId: 'system/post', definition: page, comment: '坏的正则' },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().msg).toContain('postCode');
    expect((await publishedAnswer(operator)).version).toBe(before.version);
  });
});

describe("a studio preview's form validators", () => {
  const compile = (definition: unknown, token = admin) =>
    call(server, 'POST', '/api/blade-system/studio/preview-validators', {
      token,
      body: { pageId: 'system/post', definition },
    });

  it('are compiled from a draft never saved, kept where any instance reads them, the hostile values data', async () => {
    const before = await publishedAnswer(operator);
    const answer = await compile(hostilePage());
    expect(answer.statusCode).toBe(200);
    const url = String(answer.json().data.url);
    expect(url).toMatch(/^\/api\/blade-system\/studio\/preview-validators\?hash=/);
    const hash = new URL(url, 'http://console').searchParams.get('hash');
    const rows = await server.ctx.db.selectFrom('blade_preview_validators').select('hash').execute();
    expect(rows.map((row) => row.hash)).toContain(hash);
    // Imported by a module script: no Blade-Auth header, the URL's signature stands for it.
    const module = await call(server, 'GET', url);
    expect(module.statusCode).toBe(200);
    expect(module.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expectHostileAsData(module.body);
    // A preview publishes nothing.
    expect((await publishedAnswer(operator)).version).toBe(before.version);
  });

  it('are served only under their signature, and a module older than a day goes when another is stored', async () => {
    const url = new URL(String((await compile(hostilePage())).json().data.url), 'http://console');
    const forged = new URL(url);
    forged.searchParams.set('sig', 'A'.repeat(43));
    expect((await call(server, 'GET', `${forged.pathname}${forged.search}`)).statusCode).toBe(404);
    await server.ctx.db
      .updateTable('blade_preview_validators')
      .set({ createTime: '2026-01-01 00:00:00' })
      .where('hash', '=', String(url.searchParams.get('hash')))
      .execute();
    const page = hostilePage();
    page.blocks[0].form.fields.postName = { ...page.blocks[0].form.fields.postName, maxLength: 9 };
    expect((await compile(page)).statusCode).toBe(200);
    expect((await call(server, 'GET', `${url.pathname}${url.search}`)).statusCode).toBe(404);
  });

  it('refuse a pattern ajv cannot compile, naming the field, and are the studio’s alone', async () => {
    const page = structuredClone(baseline);
    page.blocks[0].form.fields.postCode = { required: true, pattern: '(' };
    const refused = await compile(page);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().msg).toContain('postCode');
    // A page the publish's checks refuse is never handed to ajv: named, not a failure of the server.
    const misshapen = structuredClone(baseline) as unknown as { blocks: { form: { fields: unknown } }[] };
    misshapen.blocks[0].form.fields = { postName: null };
    expect(await compile(misshapen).then((answer) => answer.statusCode)).toBe(400);
    expect((await compile(baseline, operator)).statusCode).toBe(403);
  });
});
