// The i18next backend of the console: reads `locales/<language>/<namespace>.json`, each file a chunk of its own
// fetched on first use. The default language's shell texts are left out: they come with the first load
// (src/i18n/index.ts). Apart from texts.ts because `import.meta.glob` exists only in the bundler, and the build's own
// scripts import the runtime's texts.
import type { BackendModule, ReadCallback, ResourceKey } from 'i18next';

/** The namespaces the sign-in page may read: their files are listed with the first load. */
const FIRST = new Set(['shell', 'menu']);
const firstFiles = import.meta.glob<ResourceKey>(
  ['../../locales/*/shell.json', '../../locales/*/menu.json', '!../../locales/zh/shell.json'],
  { import: 'default' },
);
/** Every other file (the screens' texts, the pages' labels) is listed in a chunk of its own, which the sign-in page
 * never loads and a signed-in address asks for with its texts (scripts/preload-table.ts). */
const laterFiles = () => import('./locale-table').then((table) => table.files);

/** A file that does not exist is an empty namespace: the fallback language's text is read instead. */
export const localeFiles: BackendModule = {
  type: 'backend',
  callbackApi: true,
  init: () => undefined,
  read(language: string, namespace: string, done: ReadCallback) {
    const path = `../../locales/${language}/${namespace}.json`;
    const listed = FIRST.has(namespace) ? Promise.resolve(firstFiles) : laterFiles();
    listed
      .then((files) => (files[path] ? files[path]() : {}))
      .then(
        (texts) => done(null, texts),
        (failure: Error) => done(failure, false),
      );
  },
};
