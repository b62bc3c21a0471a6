// The i18next backend of the console: reads `locales/<language>/<namespace>.json`, each file a chunk of its own
// fetched on first use. The default language's shell texts are left out: they come with the first load
// (src/i18n/index.ts). Apart from texts.ts because `import.meta.glob` exists only in the bundler, and the build's own
// scripts import the runtime's texts.
import type { BackendModule, ReadCallback, ResourceKey } from 'i18next';

const files = import.meta.glob<ResourceKey>(['../../locales/**/*.json', '!../../locales/zh/shell.json'], {
  import: 'default',
});

/** A file that does not exist is an empty namespace: the fallback language's text is read instead. */
export const localeFiles: BackendModule = {
  type: 'backend',
  callbackApi: true,
  init: () => undefined,
  read(language: string, namespace: string, done: ReadCallback) {
    const load = files[`../../locales/${language}/${namespace}.json`];
    if (!load) return done(null, {});
    load().then(
      (texts) => done(null, texts),
      (failure: Error) => done(failure, false),
    );
  },
};
