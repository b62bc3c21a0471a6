// The console's texts on i18next: resources are JSON files per language and namespace under locales/ (docs/i18n.md),
// each fetched when its language is first used, never bundled with the others. Chinese is the default and the
// fallback of every language (繁體中文 reads its missing texts in simplified Chinese). What is here is only the glue:
// hooks that draw a component again when the language changes or texts arrive; the files are read by
// `locale-files.ts`, the backend the console starts i18next with (src/i18n/index.ts).
import i18next from 'i18next';
import { useMemo, useSyncExternalStore } from 'react';

type Values = Record<string, unknown> & { defaultValue?: string };
export type Translate = (key: string, values?: Values) => string;

export const i18n = i18next.createInstance();

/** Changes of language and texts that arrived (a namespace, a page's labels), counted: hooks redraw on each. */
let revision = 0;
const listeners = new Set<() => void>();
const changed = () => {
  revision += 1;
  for (const listener of listeners) listener();
};
i18n.on('languageChanged', changed);
// A namespace that arrived empty (a page without a label file in this language) changes no text on screen; drawing
// every reader again for it would draw a whole list again just after its rows.
i18n.on('loaded', (loaded: Record<string, Record<string, boolean>>) => {
  const texts = Object.entries(loaded).some(([language, namespaces]) =>
    Object.keys(namespaces).some((ns) => Object.keys(i18n.getResourceBundle(language, ns) ?? {}).length > 0),
  );
  if (texts) changed();
});

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Calls `listener` after every change of language or texts; returns the unsubscribe. */
export const onTextsChange = subscribe;

/** The current language, re-rendering the caller when it changes. */
export function useLanguage(): string {
  useSyncExternalStore(subscribe, () => revision);
  return i18n.language;
}

/** `t` for one namespace (`shell` without `ns`); a new `t` after each change, so memoised components draw again. */
export function useTranslation(ns?: string): { t: Translate; i18n: typeof i18n } {
  const seen = useSyncExternalStore(subscribe, () => revision);
  // `seen` is a dependency on purpose: a new `t` per change of language or texts.
  const t = useMemo<Translate>(() => (key, values) => i18n.t(key, { ns, ...values }), [ns, seen]);
  return { t, i18n };
}
