// The studio's editor speaks the person's language: a key's hover gives its description in Chinese and in English,
// the person's language first, and lint marks a key the page schema does not know.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { TextDocument } from 'vscode-json-languageservice';
import { hoverText, serviceIn } from '../../src/views/studio/editor/json-language';

const file = 'pages/system/post.json';
const page = readFileSync(join(import.meta.dirname, '..', '..', file), 'utf8');
const onTitle = page.indexOf('"title"') + 2;

describe('the studio editor', () => {
  it('hovers in Chinese first, English under it', async () => {
    // Plain text as the tooltip shows it: no Markdown escapes between the two languages.
    expect(await hoverText(serviceIn('zh'), page, file, onTitle)).toBe(
      "页面标题，显示在标签页和导出文件名中\n\nThe page's title, shown on its tab and in export file names",
    );
  });

  it('hovers in English first for an English console', async () => {
    const text = await hoverText(serviceIn('en'), page, file, onTitle);
    expect(text.startsWith("The page's title")).toBe(true);
    expect(text).toContain('页面标题');
  });

  it('marks an unknown key of a column', async () => {
    const service = serviceIn('en');
    const bad = page.replace('"field": "remark"', '"field": "remark", "widht": 90');
    const document = TextDocument.create(`studio:///${file}`, 'json', 1, bad);
    const problems = await service.doValidation(document, service.parseJSONDocument(document));
    expect(problems.map((p) => p.message).join('\n')).toMatch(/widht/);
  });
});
