// The locale files past the sign-in page's (locale-files.ts): the screens' texts and the pages' labels, by path.
import type { ResourceKey } from 'i18next';

export const files = import.meta.glob<ResourceKey>(
  ['../../locales/**/*.json', '!../../locales/*/shell.json', '!../../locales/*/menu.json'],
  { import: 'default' },
);
