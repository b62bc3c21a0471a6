// `npm run pages:format`: writes every page file in the written form (runtime/schema/page-text.ts); `--check` only
// names the files that differ and fails.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pageText } from '../runtime/schema/page-text.js';

const pagesDir = join(import.meta.dirname, '..', 'pages');
const check = process.argv.includes('--check');
const files = readdirSync(pagesDir, { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.json'));
const differing = files.filter((file) => {
  const path = join(pagesDir, file);
  const text = readFileSync(path, 'utf8');
  const formatted = pageText(JSON.parse(text));
  if (formatted === text) return false;
  if (!check) writeFileSync(path, formatted);
  return true;
});
if (check && differing.length > 0) {
  console.error(`not in the written form (npm run pages:format): ${differing.join(', ')}`);
  process.exit(1);
}
console.log(`${files.length} page files, ${differing.length} ${check ? 'differ' : 'rewritten'}`);
