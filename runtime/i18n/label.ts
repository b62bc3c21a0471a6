// Labels in definitions carry Chinese and English inline (`{zh, en}`) or name a text (`{key}`); this resolves them
// through i18next in the current language. A language not written inline (繁體中文) reads a page's labels from its
// own file, `locales/<language>/pages/<page id>.json`, keyed by the Chinese label (docs/i18n.md); a label that file
// lacks, or a label outside a page, is shown in Chinese.
import { createContext, createElement, type ReactNode, useCallback, useContext, useEffect, useMemo } from 'react';
import type { Label } from '../schema/types';
import { i18n, useLanguage, useTranslation } from './texts';

export type Lang = 'zh' | 'en';

/** The inline language a label is shown in: English for English, Chinese for every other language. */
export function langOf(language: string | undefined): Lang {
  return language?.startsWith('en') ? 'en' : 'zh';
}

/** The console's language, re-rendering the caller when it changes. Every cell of a list asks it (a dictionary's labels, a unit). */
export function useLang(): Lang {
  return langOf(useLanguage());
}

/** The i18next namespace of a page's labels. */
export const pageNamespace = (pageId: string): string => `pages/${pageId}`;

const PageLabels = createContext<string | undefined>(undefined);

/** Resolves the labels below it as those of page `pageId`, whose label files load with it. */
export function PageLabelsProvider({ pageId, children }: { pageId: string; children: ReactNode }) {
  const language = useLanguage();
  useEffect(() => {
    // Only languages with page files fetch anything; for the others the namespace is empty.
    void i18n.loadNamespaces(pageNamespace(pageId));
  }, [pageId, language]);
  return createElement(PageLabels.Provider, { value: pageId }, children);
}

/** A label's text in `language`, read as page `pageId`'s when one is given. */
export function labelText(label: Label | undefined, language: string, pageId?: string): string {
  if (!label) return '';
  if ('key' in label) return i18n.t(label.key);
  const inline = label[langOf(language)];
  if (!pageId || !label.zh) return inline;
  // Chinese labels are keys as written: a '.' or ':' in one is no path or namespace.
  return i18n.t(label.zh, {
    ns: pageNamespace(pageId),
    keySeparator: false,
    nsSeparator: false,
    defaultValue: inline,
    skipInterpolation: true,
  });
}

/** `(label) => text` in the current language; re-renders the caller when the language or the page's labels change. */
export function useLabel(): (label: Label | undefined) => string {
  const { t, i18n: current } = useTranslation();
  const language = current.language;
  const pageId = useContext(PageLabels);
  // `t` is new whenever texts arrive (a page's labels): a new function then, so memoised cells draw again.
  return useCallback((label: Label | undefined) => labelText(label, language, pageId), [t, language, pageId]);
}

/** The runtime's own texts. */
export function useRuntimeText() {
  return useTranslation('runtime').t;
}

/**
 * A label inside a sentence: English lowers a leading capital unless the label starts with an abbreviation ("Code" →
 * "code", "SMS code" stays); Chinese joins without a space.
 */
export function inSentence(label: string, lang: Lang): string {
  if (lang !== 'en' || !/^[A-Z][a-z]/.test(label)) return label;
  return label[0].toLowerCase() + label.slice(1);
}

/** Placeholders naming the field: 请输入参数名称, "Please enter name". */
export function usePrompt() {
  const t = useRuntimeText();
  const lang = useLang();
  return useMemo(
    () => ({
      enter: (label: string) => t('enterField', { field: inSentence(label, lang) }),
      select: (label: string) => t('selectField', { field: inSentence(label, lang) }),
    }),
    [t, lang],
  );
}
