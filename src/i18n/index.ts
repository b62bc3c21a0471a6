// The console's languages: Chinese by default, 繁體中文 and English by switch, persisted under the language key. The
// texts are i18next resources (locales/, docs/i18n.md); Chinese, the fallback of the others, comes with the first
// load, another language's files are fetched when it is chosen (or started in), before anything is drawn in it.

import { i18n, localeFiles } from '@ride-console/runtime/shell';
import zhShell from '../../locales/zh/shell.json';
import { settings } from '../config/settings';
import { loadEnglishMenuNames } from '../menu/english-menu-names';
import { getStore, setStore } from '../session/storage';

export type Language = 'zh' | 'zh-Hant' | 'en';
export const languages: Language[] = ['zh', 'zh-Hant', 'en'];
export const languageNames: Record<Language, string> = { zh: '中文', 'zh-Hant': '繁體中文', en: 'English' };
/** The page's `lang` attribute per language. */
const htmlLang: Record<Language, string> = { zh: 'zh-CN', 'zh-Hant': 'zh-Hant', en: 'en' };
const storeName = 'language';

const isLanguage = (value: unknown): value is Language => languages.includes(value as Language);

export const storedLanguage = (): Language => {
  const stored = getStore<string>(storeName);
  return isLanguage(stored) ? stored : (settings.defaultLanguage as Language);
};

/** The console's language as one of its three (i18next may hold a longer code). */
export const currentLanguage = (): Language => (isLanguage(i18n.language) ? i18n.language : 'zh');

/**
 * Starts i18next in the stored language. Chinese is at hand at once (the returned promise is already settled for it);
 * another language resolves once its texts (and English menu names) have come.
 */
export function setUpI18n(): Promise<unknown> {
  const language = storedLanguage();
  const ready = i18n.use(localeFiles).init({
    resources: { zh: { shell: zhShell } },
    partialBundledLanguages: true,
    lng: language,
    fallbackLng: settings.defaultLanguage,
    supportedLngs: languages,
    // `menu`: menu names by translation key, in the languages that have such a file (繁體中文).
    ns: ['shell', 'menu'],
    defaultNS: 'shell',
    interpolation: { escapeValue: false },
    initAsync: false,
  });
  document.documentElement.lang = htmlLang[language];
  return Promise.all([ready, language === 'en' ? loadEnglishMenuNames() : undefined]);
}

export async function changeLanguage(language: Language): Promise<void> {
  setStore(storeName, language);
  // The screens redraw in the new language with its texts (every namespace in use) and menu names at hand.
  if (language === 'en') await loadEnglishMenuNames();
  await i18n.changeLanguage(language);
  document.documentElement.lang = htmlLang[language];
}
