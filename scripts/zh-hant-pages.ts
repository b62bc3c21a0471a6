// `npx tsx scripts/zh-hant-pages.ts`: drafts the 繁體中文 labels of every page (`locales/zh-Hant/pages/<page id>.json`,
// docs/i18n.md) with OpenCC, simplified → Taiwan phrases, then this product's own terms. Only the labels a file lacks
// are drafted; a translation already written is never touched, so the draft is read through and corrected by hand.
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import * as OpenCC from 'opencc-js';
import { fileOf, resolveExtendsFrom } from '../runtime/page/extends.js';

const root = join(import.meta.dirname, '..');
const pagesDir = join(root, 'pages');
const labelsDir = join(root, 'locales', 'zh-Hant', 'pages');

/**
 * Where OpenCC's Taiwan phrases are not this product's words (the shell's and the three first pages' choices):
 * an account is 帳戶/帳號 (分賬, 對賬 keep 賬), a port stays 端口, a type is 類型, a permission 權限, a setting's
 * parameter 參數, a callback 回呼, an item 項目; and 已在线下 is "offline", not 線上 ("online") followed by 下.
 */
const TERMS: [RegExp, string][] = [
  [/賬戶/g, '帳戶'],
  [/賬號/g, '帳號'],
  [/許可權/g, '權限'],
  [/型別/g, '類型'],
  [/埠/g, '端口'],
  [/引數/g, '參數'],
  [/回撥/g, '回呼'],
  [/專案/g, '項目'],
  [/線上下/g, '在線下'],
];

/** Every page's id: its path under `pages/` without `.json` (the fragments of `_shared/` are no pages). */
export function pageIds(dir = pagesDir): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === '_shared' ? [] : pageIds(path);
    return entry.name.endsWith('.json') ? [relative(pagesDir, path).replace(/\.json$/, '')] : [];
  });
}

/** The Chinese of every inline label `{zh, …}` of a definition, in the order written, once each. */
export function chineseLabels(definition: unknown): string[] {
  const found = new Set<string>();
  const walk = (value: unknown) => {
    if (Array.isArray(value)) value.forEach(walk);
    else if (value && typeof value === 'object') {
      const { zh } = value as { zh?: unknown };
      if (typeof zh === 'string' && zh) found.add(zh);
      Object.values(value).forEach(walk);
    }
  };
  walk(definition);
  return [...found];
}

const readFile = (pageId: string): unknown => JSON.parse(readFileSync(join(pagesDir, `${pageId}.json`), 'utf8'));

/** A page as it is drawn: what it `extends` (a fragment's labels are the page's) merged in. */
export const readDefinition = (pageId: string): unknown =>
  resolveExtendsFrom(readFile(pageId), fileOf(pageId), readFile);

export const labelsFile = (pageId: string) => join(labelsDir, `${pageId}.json`);

export function readLabels(pageId: string): Record<string, string> {
  const file = labelsFile(pageId);
  return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : {};
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const convert = OpenCC.Converter({ from: 'cn', to: 'twp' });
  const traditional = (text: string) => TERMS.reduce((out, [from, to]) => out.replace(from, to), convert(text));
  for (const pageId of pageIds()) {
    const labels = readLabels(pageId);
    const missing = chineseLabels(readDefinition(pageId)).filter((zh) => !(zh in labels));
    if (missing.length === 0) continue;
    for (const zh of missing) labels[zh] = traditional(zh);
    mkdirSync(dirname(labelsFile(pageId)), { recursive: true });
    writeFileSync(labelsFile(pageId), `${JSON.stringify(labels, null, 2)}\n`);
    console.log(`${pageId}: ${missing.length} drafted`);
  }
}
