// The studio's editor speaks the person's language: a key's hover gives its description in Chinese and in English,
// the person's language first, and lint marks a key the page schema does not know. Where a value is typed it offers
// what only the server knows, read from the real server's description: the fields the page's call answers and the
// seeded dictionaries.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CompletionContext } from '@codemirror/autocomplete';
import { EditorState } from '@codemirror/state';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TextDocument } from 'vscode-json-languageservice';
import type { ApiDescription } from '../../runtime/schema/description';
import { hoverText, pageCompletion, serviceIn } from '../../src/views/studio/editor/json-language';
import { serverNames } from '../../src/views/studio/editor/server-names';
import { call, signIn, startTestServer, type TestServer } from '../server/harness';

const shipped = (pageId: string) =>
  readFileSync(join(import.meta.dirname, '..', '..', 'pages', `${pageId}.json`), 'utf8');
const file = 'pages/system/post.json';
const page = shipped('system/post');
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

  describe('with the server description', () => {
    let server: TestServer;
    let description: ApiDescription;
    beforeAll(async () => {
      server = await startTestServer();
      const token = await signIn(server);
      description = (await call(server, 'GET', '/api/blade-system/page-check/description', { token })).json().data;
    });
    afterAll(() => server?.app.close());

    /**
     * What the editor offers on `pageId` with the cursor just after `before` in its half-typed text; the names come
     * from the last text that parsed, as in the studio.
     */
    const offeredAt = async (pageId: string, text: string, before: string, lang: 'zh' | 'en') => {
      const state = EditorState.create({ doc: text });
      const names = serverNames(JSON.parse(shipped(pageId)), pageId, description, lang);
      const complete = pageCompletion(serviceIn(lang), `pages/${pageId}.json`, () => names);
      const answer = await complete(new CompletionContext(state, text.indexOf(before) + before.length, true));
      return answer?.options ?? [];
    };

    it("offers the fields of what the page's list answers, with their names in both languages", async () => {
      const text = shipped('system/param').replace('"field": "paramValue"', '"field": "param');
      const offered = await offeredAt('system/param', text, '"field": "param', 'zh');
      const field = offered.find((option) => option.label === '"paramKey"');
      expect(field?.detail).toMatch(/^参数键名 · \S/);
      expect(
        (await offeredAt('system/param', text, '"field": "param', 'en')).find((o) => o.label === '"paramKey"')?.detail,
      ).toMatch(/· 参数键名$/);
    });

    it("offers a nested record's fields written whole, where a dashboard card names one", async () => {
      const text = shipped('wel/index').replace('"field": "today.revenue"', '"field": "today.rev');
      const offered = await offeredAt('wel/index', text, '"field": "today.rev', 'en');
      expect(offered.find((option) => option.label === '"today.revenue"')?.detail).toBe('Revenue (cents) · 收入(分)');
    });

    it('offers the seeded dictionary codes where a dictionary is named', async () => {
      const text = shipped('system/post').replace('"dict": "post_category"', '"dict": "post');
      const offered = await offeredAt('system/post', text, '"dict": "post', 'zh');
      expect(offered.find((option) => option.label === '"post_category"')?.detail).toBe('系统字典');
    });
  });
});
