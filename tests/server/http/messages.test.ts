// The server answers in the console's language: Chinese by default, English for Accept-Language: en. Every message
// in the server's code has its English (found by reading the code, so a message added later is checked too), every
// field's required message has one, and refusals name fields by their labels.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { md5 } from 'js-md5';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { englishOf, englishRequired } from '../../../server/platform/http/messages-en.js';
import { call, signIn, startTestServer, type TestServer } from '../harness.js';

const root = join(import.meta.dirname, '..', '..', '..');
const serverDir = join(root, 'server');
/** The seed writes data (menu names, dictionary items), the docs describe the API: neither answers a message. */
const NOT_MESSAGES = ['seed', join('platform', 'docs')];
const CJK = /[\u4e00-\u9fff]/;

const sources = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return NOT_MESSAGES.includes(relative(serverDir, path)) ? [] : sources(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });

/** Where the code answers a message: a refusal's or a success's text, a message constant, a uniqueness message,
 * either branch of a message chosen by a condition. Names and descriptions (labels, route summaries, tags) are not
 * answers; a field's required message is built from the field's `en` and checked below. */
const ANSWER_POSITIONS = [
  /\b(?:badRequest|forbidden|notFound|unauthorized|BladeError|TokenRefusal|done|unique)\((?:[^()]*,)?\s*(?:[\w.]+\s*\?\s*)?$/,
  /\bMSG_\w+\s*=\s*$/,
  /['`]\s*:\s*$/,
];
const REQUIRED_POSITION = /\brequired:\s*$/;

interface Literal {
  file: string;
  text: string;
  answer: boolean;
  required: boolean;
}

function chineseLiterals(): Literal[] {
  const found: Literal[] = [];
  for (const file of sources(serverDir)) {
    const code = readFileSync(file, 'utf8')
      .replace(/\/\*[\s\S]*?\*\//g, (comment) => comment.replace(/[^\n]/g, ' '))
      .replace(/(^|[^:'"`\\])\/\/[^\n]*/g, '$1');
    for (const match of code.matchAll(/'((?:[^'\\\n]|\\.)*)'|`((?:[^`\\]|\\.)*)`/g)) {
      const text = match[1] ?? match[2];
      if (!CJK.test(text)) continue;
      const before = code.slice(Math.max(0, (match.index ?? 0) - 80), match.index);
      found.push({
        file: relative(root, file),
        text,
        answer: ANSWER_POSITIONS.some((position) => position.test(before)),
        required: REQUIRED_POSITION.test(before),
      });
    }
  }
  return found;
}

/** A template's values (`${x}`) stand for any text; a sample value lets the catalog's pattern match it. */
const sample = (text: string) => text.replace(/\$\{(?:[^{}]|\{[^{}]*\})*\}/g, 'v1');

describe('messages in English', () => {
  const literals = chineseLiterals();

  it('finds the messages in the code', () => {
    expect(literals.filter((literal) => literal.answer).length).toBeGreaterThan(50);
    expect(literals.filter((literal) => literal.required).length).toBeGreaterThan(30);
  });

  it('has the English of every message the server answers', () => {
    const missing = literals
      .filter((literal) => literal.answer)
      .filter((literal) => {
        const english = englishOf(sample(literal.text));
        return english === undefined || CJK.test(english);
      })
      .map((literal) => `${literal.file}: ${literal.text}`);
    expect([...new Set(missing)]).toEqual([]);
  });

  it('puts the words a message carries into English: an order state and the action it refuses, not other values', () => {
    expect(englishOf('订单当前状态为「已完成」, 不能结束')).toBe('The order is “Completed”; it cannot be finished');
    expect(englishOf('订单当前状态为「使用中」, 不能退款')).toBe('The order is “In use”; it cannot be refunded');
    expect(englishOf('上级区划不存在: 110')).toBe('The parent region does not exist: 110');
  });

  it('has the English of every field’s required message, from the field’s English name', () => {
    const required = literals.filter((literal) => literal.required);
    const missing = required.filter((literal) => CJK.test(englishRequired(literal.text, 'Name')));
    expect(missing.map((literal) => `${literal.file}: ${literal.text}`)).toEqual([]);
  });

  it('gives every field an English name', () => {
    const unnamed = sources(serverDir).flatMap((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .filter((line) => /\btype: '\w+', label: '/.test(line) && !/\ben: '[^'\u4e00-\u9fff]+'/.test(line))
        .map((line) => `${relative(root, file)}: ${line.trim()}`),
    );
    expect(unnamed).toEqual([]);
  });
});

describe('answers in the caller’s language', () => {
  let server: TestServer;
  let token: string;
  const english = { 'accept-language': 'en-US,en;q=0.9' };
  const submit = (body: unknown, headers: Record<string, string> = {}) =>
    call(server, 'POST', '/api/blade-system/param/submit', { token, body, headers });

  beforeAll(async () => {
    server = await startTestServer();
    token = await signIn(server);
  });
  afterAll(async () => server?.close());

  it('names the field by its label, in Chinese by default and in English when asked', async () => {
    const tooLong = { paramName: 'n', paramKey: 'k', paramValue: 'x'.repeat(3000) };
    expect((await submit(tooLong)).json().msg).toBe('参数键值长度不能超过 2000 个字符');
    expect((await submit(tooLong, { 'accept-language': 'zh-CN,zh;q=0.9' })).json().msg).toBe(
      '参数键值长度不能超过 2000 个字符',
    );
    expect((await submit(tooLong, english)).json().msg).toBe('Value must not exceed 2000 characters');
    expect((await submit({ paramKey: 'k', paramValue: 'v' }, english)).json().msg).toBe('Please enter name');
  });

  it('answers refusals and successes in English', async () => {
    await submit({ paramName: 'n', paramKey: 'lang.once', paramValue: 'v' });
    const again = await submit({ paramName: 'n', paramKey: 'lang.once', paramValue: 'v' }, english);
    expect(again.json().msg).toBe('This parameter key already exists');
    const added = await submit({ paramName: 'n', paramKey: 'lang.twice', paramValue: 'v' }, english);
    expect(added.json().msg).toBe('Done');
  });

  it('tells a form the limits its submit checks, with the field names in both languages', async () => {
    const params = (await call(server, 'GET', '/api/blade-system/param/fields', { token })).json().data;
    expect(params.paramValue).toEqual({ label: '参数键值', en: 'Value', required: true, maxLength: 2000 });
    const users = (await call(server, 'GET', '/api/blade-user/fields', { token })).json().data;
    expect(users.sex).toMatchObject({ required: false, enum: [1, 2, 3] });
    expect(users.password).toEqual({ label: '密码', en: 'Password', required: true, maxLength: 64 });
  });

  it('answers a failed sign-in in English', async () => {
    const refused = await call(server, 'POST', '/api/blade-auth/oauth/token', {
      query: { username: 'admin', password: md5('wrong'), grant_type: 'password', scope: 'all' },
      headers: english,
    });
    expect(refused.json().error_description).toBe('Wrong account or password');
  });
});
