// Moves texts written in the old TypeScript style into the i18next resources under locales/: the shell's
// `export const zh = {…}` / `export const en = {…}` (src/i18n/zh.ts, en.ts before i18next) and the runtime's
// `export const runtimeResources = { zh, en }` (runtime/i18n/resources.ts). Only keys the JSON lacks are added, so
// texts already changed in JSON (a format, a plural) stay as they are; the keys keep the module's order.
//   npx tsx scripts/texts-to-locales.ts <module.ts>...      e.g. an old zh.ts taken from another branch
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

type Texts = { [key: string]: string | Texts };

const locales = join(import.meta.dirname, '..', 'locales');

/** `into` with every key of `from` it lacks, nested objects merged the same way. */
function addMissing(into: Texts, from: Texts): Texts {
  const merged: Texts = { ...into };
  for (const [key, value] of Object.entries(from)) {
    const before = merged[key];
    if (before === undefined) merged[key] = value;
    else if (typeof before === 'object' && typeof value === 'object') merged[key] = addMissing(before, value);
  }
  return merged;
}

function write(language: string, namespace: string, texts: Texts): void {
  const file = join(locales, language, `${namespace}.json`);
  const before: Texts = existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : {};
  const after = addMissing(before, texts);
  writeFileSync(file, `${JSON.stringify(after, null, 2)}\n`);
  const added = JSON.stringify(after) === JSON.stringify(before) ? 'unchanged' : 'keys added';
  console.log(`${language}/${namespace}.json: ${added}`);
}

for (const path of process.argv.slice(2)) {
  const module = (await import(pathToFileURL(resolve(path)).href)) as Record<string, Texts | undefined>;
  const runtime = module.runtimeResources as { zh: Texts; en: Texts } | undefined;
  if (runtime) {
    write('zh', 'runtime', runtime.zh);
    write('en', 'runtime', runtime.en);
  }
  if (module.zh) write('zh', 'shell', module.zh);
  if (module.en) write('en', 'shell', module.en);
  if (!runtime && !module.zh && !module.en) throw new Error(`${path} exports no zh, en or runtimeResources`);
}
