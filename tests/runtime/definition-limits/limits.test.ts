// A definition's limits, as the studio, the server, npm test and the build all check them (runtime/schema/limits.ts
// through checkPage): each refusal names its JSON path and the limit in English and Chinese, and the largest shipped
// page passes with room to spare.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkPage } from '../../../runtime/schema/check-page';
import { DEFINITION_LIMITS } from '../../../runtime/schema/limits';
import { pageFileProblems } from '../../../scripts/page-files-check';

const root = join(import.meta.dirname, '..', '..', '..');
const shipped = (pageId: string) => JSON.parse(readFileSync(join(root, 'pages', `${pageId}.json`), 'utf8'));

const label = (text: string) => ({ zh: text, en: text });
const column = (index: number) => ({ field: `f${index}`, label: label(`列 ${index}`) });

function page(list: Record<string, unknown>, id = 'system/sample') {
  return {
    id,
    title: label('样例'),
    blocks: [{ type: 'list', api: { list: '/api/blade-system/sample/list' }, columns: [column(0)], ...list }],
  };
}

const check = (definition: unknown, file = 'pages/system/sample.json') => checkPage(definition, { file });

describe('definition limits', () => {
  it('passes the largest shipped page, whose figures are far below every limit', () => {
    const order = shipped('business/order');
    expect(check(order, 'pages/business/order.json')).toEqual([]);
    expect(Buffer.byteLength(JSON.stringify(order))).toBeLessThan(DEFINITION_LIMITS.bytes / 20);
    expect(order.blocks[1].columns.length).toBeLessThan(DEFINITION_LIMITS.columns / 4);
  });

  it('refuses 3,000 columns, naming the list and the limit', () => {
    const columns = Array.from({ length: 3000 }, (_, index) => column(index));
    const [problem, ...others] = check(page({ columns }));
    expect(others).toEqual([]);
    expect(problem).toMatchObject({
      file: 'pages/system/sample.json',
      path: '/blocks/0/columns',
      message: '3000 columns; at most 100',
      zh: '有 3000 列,最多 100 列',
    });
  });

  it('refuses a label of 300,000 characters at its path', () => {
    const columns = [{ field: 'name', label: { zh: '名'.repeat(300_000), en: 'Name' } }];
    // 900 KB in UTF-8: over the size too.
    expect(check(page({ columns }))).toContainEqual(
      expect.objectContaining({
        path: '/blocks/0/columns/0/label/zh',
        message: 'a text of 300000 characters; at most 1000',
        zh: '文字有 300000 个字符,最多 1000 个',
      }),
    );
    // So is a long title, and a field name as long.
    const titled = { ...page({}), title: label('x'.repeat(1001)) };
    expect(check(titled)[0]).toMatchObject({ path: '/title/zh' });
  });

  it('refuses too many form fields, buttons and options, and nesting past the limit', () => {
    const fields = Object.fromEntries(Array.from({ length: 101 }, (_, index) => [`f${index}`, { label: label('x') }]));
    expect(check(page({ form: { fields } }))[0]).toMatchObject({
      path: '/blocks/0/form/fields',
      message: '101 form fields; at most 100',
      zh: '表单有 101 个字段,最多 100 个',
    });
    const rowActions = Array.from({ length: 31 }, (_, index) => ({ label: label(`按钮 ${index}`), action: 'refresh' }));
    expect(check(page({ rowActions }))[0]).toMatchObject({
      path: '/blocks/0/rowActions',
      message: '31 buttons; at most 30',
      zh: '有 31 个按钮,最多 30 个',
    });
    const choices = Array.from({ length: 201 }, (_, index) => index);
    expect(check(page({ form: { fields: { f0: { enum: choices } } } }))[0]).toMatchObject({
      path: '/blocks/0/form/fields/f0/enum',
      message: '201 options; at most 200',
      zh: '有 201 个选项,最多 200 个',
    });
    const values = Object.fromEntries(choices.map((value) => [value, { label: label(String(value)) }]));
    const tagged = { field: 'state', label: label('状态'), format: { name: 'enum', values } };
    expect(check(page({ columns: [tagged] }))[0]).toMatchObject({ path: '/blocks/0/columns/0/format/values' });
    let deep: unknown = 'x';
    for (let level = 0; level < 100_000; level++) deep = [deep];
    const [nested] = check({ ...page({}), params: deep });
    expect(nested).toMatchObject({ message: 'nested deeper than 32 levels', zh: '嵌套超过 32 层' });
    expect(nested.path.startsWith('/params/0/0')).toBe(true);
  });

  it('refuses a definition over its size in bytes, written as compact JSON', () => {
    // Within every other limit: 90 columns with labels of 999 characters, about 540 KB.
    const columns = Array.from({ length: 90 }, (_, index) => ({
      field: `f${index}`,
      label: { zh: '长'.repeat(999), en: 'l'.repeat(999) },
    }));
    const [problem] = check(page({ columns }));
    expect(problem.path).toBe('/');
    expect(problem.message).toMatch(/^the definition is \d+ bytes; at most 262144 bytes$/);
    expect(problem.zh).toMatch(/^页面定义有 \d+ 字节,最多 262144 字节$/);
  });

  it('refuses an id naming another page; a draft from a resource keeps its own', () => {
    expect(check(page({}, 'system/param'))).toEqual([
      expect.objectContaining({
        path: '/id',
        message: 'the id must be the page\'s own, "system/sample", not "system/param"',
        zh: 'id 必须是本页面 "system/sample",不能是 "system/param"',
      }),
    ]);
    expect(check(page({}, 'system/sample'))).toEqual([]);
  });

  it('is what the build refuses: the problem line names the file, the path and the limit in both languages', () => {
    const dir = mkdtempSync(join(tmpdir(), 'pages-'));
    const columns = Array.from({ length: 101 }, (_, index) => column(index));
    writeFileSync(join(dir, 'sample.json'), JSON.stringify(page({ columns }, 'sample'), null, 2));
    const [line] = pageFileProblems(dir);
    expect(line).toMatch(
      /sample\.json:\d+:\d+ \/blocks\/0\/columns: 101 columns; at most 100 \/ 有 101 列,最多 100 列$/,
    );
  });
});
