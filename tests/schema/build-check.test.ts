// A production build checks every page file (scripts/page-files-check.ts) and refuses an invalid one, saying why in
// readable lines; the pages the product ships pass it.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { pageFileProblems } from '../../scripts/page-files-check';

describe('the build check of page files', () => {
  it('passes every page the product ships', () => {
    expect(pageFileProblems()).toEqual([]);
  });

  it('names the file, line, column, path and the nearest name, never raw schema errors', () => {
    const dir = mkdtempSync(join(tmpdir(), 'pages-'));
    mkdirSync(join(dir, 'demo'));
    const page = (columns: unknown[]) => ({
      id: 'demo/x',
      title: { zh: '演示', en: 'Demo' },
      blocks: [{ type: 'list', api: { list: '/api/x/list' }, columns }],
    });
    const label = { zh: '金额', en: 'Amount' };
    writeFileSync(join(dir, 'demo', 'broken.json'), '{\n  "id": "demo/broken",\n  "title": }\n');
    writeFileSync(
      join(dir, 'demo', 'format.json'),
      JSON.stringify(page([{ field: 'amount', label, format: 'mony' }]), null, 2),
    );
    writeFileSync(
      join(dir, 'demo', 'options.json'),
      JSON.stringify(page([{ field: 'amount', label, format: { name: 'money', unti: 'yuan' } }]), null, 2),
    );
    const lines = pageFileProblems(dir).map((line) => line.replace(`${dir}/`, ''));
    expect(lines).toEqual([
      expect.stringMatching(
        /broken\.json:3:12 \/: not valid JSON at line 3, column 12 .* \/ 第 3 行第 12 列不是合法的 JSON/,
      ),
      expect.stringMatching(
        /format\.json:\d+:\d+ \/blocks\/0\/columns\/0\/format: unknown formatter "mony"; did you mean "money"\? \/ 未知的格式 "mony"; 是否想写 "money"\?/,
      ),
      expect.stringMatching(/options\.json:\d+:\d+ \/blocks\/0\/columns\/0\/format: unknown property "unti"/),
    ]);
    expect(lines.join('\n')).not.toMatch(/must match|instancePath/);
  });
});
