// The written form of a page (runtime/schema/page-text.ts): every shipped file is in it, a label is one line, and
// what does not fit in 120 columns opens as Biome opens it (`npm run lint` checks the files with Biome itself).
import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { pageText } from '../../runtime/schema/page-text';
import { pageFiles, pagesDir } from '../../scripts/page-files';

const files = pageFiles().map((path) => relative(pagesDir, path));

describe('the written form of a page', () => {
  it.each(files)('pages/%s is in it (npm run pages:format writes it)', (file) => {
    const text = readFileSync(join(pagesDir, file), 'utf8');
    expect(pageText(JSON.parse(text))).toBe(text);
  });

  it('writes a label on one line and a column that fits on one line', () => {
    const label = { zh: '参数名称', en: 'Name' };
    expect(pageText({ title: label })).toBe('{ "title": { "zh": "参数名称", "en": "Name" } }\n');
    const columns = [{ field: 'paramName', label, width: 220, search: true }];
    expect(pageText({ id: 'system/param', title: label, blocks: [{ type: 'list', columns }] })).toBe(
      [
        '{',
        '  "id": "system/param",',
        '  "title": { "zh": "参数名称", "en": "Name" },',
        '  "blocks": [',
        '    {',
        '      "type": "list",',
        '      "columns": [{ "field": "paramName", "label": { "zh": "参数名称", "en": "Name" }, "width": 220, "search": true }]',
        '    }',
        '  ]',
        '}',
        '',
      ].join('\n'),
    );
  });

  it('counts a Chinese character as two columns, as Biome does', () => {
    // 92 characters, 142 columns: Biome opens the label, so the written form does too.
    const zh = '参'.repeat(50);
    expect(pageText({ title: { zh, en: 'Parameters' } })).toBe(
      `{\n  "title": {\n    "zh": "${zh}",\n    "en": "Parameters"\n  }\n}\n`,
    );
    const fits = '参'.repeat(40);
    expect(pageText({ title: { zh: fits, en: 'P' } }).split('\n')).toHaveLength(2);
  });

  it('fills lines with a long list of numbers and keeps empty values short', () => {
    const numbers = Array.from({ length: 60 }, (_, index) => 1000 + index);
    const lines = pageText({ empty: {}, none: [], numbers }).split('\n');
    expect(lines[1]).toBe('  "empty": {},');
    expect(lines[3]).toBe('  "numbers": [');
    expect(lines[4].startsWith('    1000, 1001,')).toBe(true);
    expect(Math.max(...lines.map((line) => line.length))).toBeLessThanOrEqual(120);
  });
});
