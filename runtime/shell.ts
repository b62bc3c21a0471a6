// The shell's entry (`@ride-console/runtime/shell`): what the console needs before any screen, the sign-in page
// first: the request client, the wire types, the texts and the files they are read from. Importing it loads nothing
// of the screens (definitions, dictionaries, registry), which the console's entry (index.ts) brings with it.
export * from './client';
export type * from './http/wire';
export { localeFiles } from './i18n/locale-files';
export { loadRuntimeTexts } from './i18n/runtime-texts';
export { i18n, onTextsChange, type Translate, useLanguage, useTranslation } from './i18n/texts';
export { isChunkLoadError } from './page/chunk-load';
export { type ReadyLazy, readyLazy } from './page/ready-lazy';
