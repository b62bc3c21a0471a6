// `npm run pages:format`: writes every page file in the written form (runtime/schema/page-text.ts); `--check` only
// names the files that differ and fails.
import { readFileSync, writeFileSync } from 'node:fs';
import { relative } from 'node:path';
import { pageText } from '../runtime/schema/page-text.js';
import { pageFiles, pagesDir } from './page-files.js';

const check = process.argv.includes('--check');
const files = pageFiles();
const differing = files.filter((path) => {
  const text = readFileSync(path, 'utf8');
  const formatted = pageText(JSON.parse(text));
  if (formatted === text) return false;
  if (!check) writeFileSync(path, formatted);
  return true;
});
if (check && differing.length > 0) {
  console.error(
    `not in the written form (npm run pages:format): ${differing.map((path) => relative(pagesDir, path)).join(', ')}`,
  );
  process.exit(1);
}
console.log(`${files.length} page files, ${differing.length} ${check ? 'differ' : 'rewritten'}`);
