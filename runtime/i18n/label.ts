// Labels in definitions carry both languages inline or name an i18n key; this resolves them in the current language.
import { useCallback, useMemo } from 'react';
import type { Label } from '../schema/types';
import { useLanguage, useTranslation } from './texts';

export type Lang = 'zh' | 'en';

export function langOf(language: string | undefined): Lang {
  return language?.startsWith('en') ? 'en' : 'zh';
}

/** The console's language, re-rendering the caller when it changes. Every cell of a list asks it (a dictionary's labels, a unit). */
export function useLang(): Lang {
  return langOf(useLanguage());
}

/** `(label) => text` in the current language; re-renders the caller when the language changes. */
export function useLabel(): (label: Label | undefined) => string {
  const { t, i18n } = useTranslation();
  const lang = langOf(i18n.language);
  return useCallback(
    (label: Label | undefined) => {
      if (!label) return '';
      if ('key' in label) return t(label.key);
      return label[lang];
    },
    [t, lang],
  );
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
