// The shipped baseline: the page files under pages/ the console was built with. Fragments under pages/_shared/ are
// parts other pages extend, not screens.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { PAGE_ID } from '../../../runtime/schema/page-id.js';

export const pagesDir = join(import.meta.dirname, '..', '..', '..', 'pages');

export { PAGE_ID };

const pageIdPattern = new RegExp(PAGE_ID);

export const fileOfPage = (pageId: string): string => `pages/${pageId}.json`;

const jsonFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? jsonFiles(join(dir, entry.name))
      : entry.name.endsWith('.json')
        ? [join(dir, entry.name)]
        : [],
  );

/** Every screen the console ships, by page id. */
export function baselinePageIds(): string[] {
  return jsonFiles(pagesDir)
    .map((file) =>
      relative(pagesDir, file)
        .replace(/\\/g, '/')
        .replace(/\.json$/, ''),
    )
    .filter((pageId) => !pageId.startsWith('_shared/'))
    .sort();
}

/** The shipped file's text, or undefined for a page the console does not ship (one drafted in the studio). */
export function baselineText(pageId: string): string | undefined {
  if (!pageIdPattern.test(pageId)) return undefined;
  const file = join(pagesDir, `${pageId}.json`);
  return existsSync(file) ? readFileSync(file, 'utf8') : undefined;
}

/** Any file under pages/ (a page or a fragment) as JSON, for what a definition extends. */
export async function loadPageFile(pageId: string): Promise<unknown> {
  const text = baselineText(pageId);
  return text === undefined ? undefined : JSON.parse(text);
}
