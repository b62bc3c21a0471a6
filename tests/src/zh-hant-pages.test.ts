// 繁體中文 is files alone (docs/i18n.md): every page has its labels file, holding each Chinese label the page shows
// (its fragments' included) with the same `{{…}}` parts, and nothing the page no longer shows.
import { existsSync } from 'node:fs';
import { expect, it } from 'vitest';
import { chineseLabels, labelsFile, pageIds, readDefinition, readLabels } from '../../scripts/zh-hant-pages';

const parts = (text: string): string[] => [...text.matchAll(/\{\{[^}]*\}\}/g)].map((match) => match[0]).sort();
const ids = pageIds();

it('covers every page', () => {
  expect(ids.length).toBeGreaterThan(70);
  expect(ids.filter((pageId) => !existsSync(labelsFile(pageId)))).toEqual([]);
});

it.each(ids)('%s: every Chinese label has its 繁體中文, and no other entry', (pageId) => {
  const labels = readLabels(pageId);
  const chinese = chineseLabels(readDefinition(pageId));
  expect(chinese.filter((zh) => !labels[zh]?.trim())).toEqual([]);
  expect(Object.keys(labels).filter((zh) => !chinese.includes(zh))).toEqual([]);
  for (const zh of chinese) expect(parts(labels[zh]), `${pageId}: ${zh}`).toEqual(parts(zh));
});
