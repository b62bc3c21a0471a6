// The console's texts in its two languages: keys grouped by namespace (`shell`, `runtime`), values filled into
// `{{name}}`, a missing English text falling back to Chinese, and one event when the language changes. That is all
// the console asks of an i18n library, so it is written here in a few lines instead of loading i18next and
// react-i18next (about 15 KB of gzipped JavaScript on every load, /login included).
import { useMemo, useSyncExternalStore } from 'react';

export interface Texts {
  [key: string]: string | Texts;
}
type Values = Record<string, unknown> & { defaultValue?: string };
export type Translate = (key: string, values?: Values) => string;

const bundles: Record<string, Record<string, Texts>> = {};
const listeners = new Set<() => void>();
let current = 'zh';
let fallback = 'zh';
let defaultNs = 'shell';

function lookup(language: string, ns: string, path: string): string | undefined {
  let node: Texts | string | undefined = bundles[language]?.[ns];
  for (const part of path.split('.')) {
    if (typeof node !== 'object') return undefined;
    node = node[part];
  }
  return typeof node === 'string' ? node : undefined;
}

/** `ns:key` or `key` (in `ns`), in the current language, else in Chinese, else the key itself. */
function translate(key: string, values: Values | undefined, ns: string): string {
  const colon = key.indexOf(':');
  const [space, path] = colon > 0 ? [key.slice(0, colon), key.slice(colon + 1)] : [ns, key];
  const text = lookup(current, space, path) ?? lookup(fallback, space, path) ?? values?.defaultValue ?? path;
  if (!values) return text;
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => String(values[name] ?? ''));
}

function merge(into: Texts, from: Texts): Texts {
  const merged: Texts = { ...into };
  for (const [key, value] of Object.entries(from)) {
    const before = merged[key];
    merged[key] = typeof before === 'object' && typeof value === 'object' ? merge(before, value) : value;
  }
  return merged;
}

function subscribe(changed: () => void): () => void {
  listeners.add(changed);
  return () => listeners.delete(changed);
}

export const i18n = {
  get language(): string {
    return current;
  },
  init(options: { lng: string; fallbackLng?: string; defaultNS?: string; resources: Record<string, Texts> }): void {
    current = options.lng;
    fallback = options.fallbackLng ?? fallback;
    defaultNs = options.defaultNS ?? defaultNs;
    for (const [language, spaces] of Object.entries(options.resources)) {
      for (const [ns, texts] of Object.entries(spaces)) i18n.addTexts(language, ns, texts as Texts);
    }
  },
  /** Adds a namespace's texts (or more of them) for one language. */
  addTexts(language: string, ns: string, texts: Texts): void {
    bundles[language] = { ...bundles[language], [ns]: merge(bundles[language]?.[ns] ?? {}, texts) };
  },
  async changeLanguage(language: string): Promise<void> {
    if (language === current) return;
    current = language;
    for (const changed of listeners) changed();
  },
  t: ((key, values) => translate(key, values, defaultNs)) as Translate,
  /** Calls `changed` after every change of language; returns the unsubscribe. */
  onLanguageChange: subscribe,
};

/** The current language, re-rendering the caller when it changes. */
export function useLanguage(): string {
  return useSyncExternalStore(subscribe, () => current);
}

/** `t` for one namespace (the default one without `ns`); a new `t` after each change of language. */
export function useTranslation(ns?: string): { t: Translate; i18n: typeof i18n } {
  const language = useLanguage();
  // A new `t` per language (`language` is a dependency on purpose): the components memoised on `t` draw again.
  const t = useMemo<Translate>(() => (key, values) => translate(key, values, ns ?? defaultNs), [ns, language]);
  return { t, i18n };
}
