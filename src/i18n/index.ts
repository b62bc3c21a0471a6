// The console's languages: Chinese by default, English by switch, persisted under the language key.

import { i18n, type Texts } from '../../runtime/i18n/texts';
import { settings } from '../config/settings';
import { loadEnglishMenuNames } from '../menu/english-menu-names';
import { getStore, setStore } from '../session/storage';
import { zh } from './zh';

export type Language = 'zh' | 'en';
export const languages: Language[] = ['zh', 'en'];
export const languageNames: Record<Language, string> = { zh: '中文', en: 'English' };
const storeName = 'language';

export const storedLanguage = (): Language => (getStore<string>(storeName) === 'en' ? 'en' : 'zh');

/**
 * The English texts and menu names load with the English console only: starting in English and switching to it wait
 * for them, so a Chinese console (the sign-in page included) never fetches them.
 */
export async function loadEnglish(): Promise<void> {
  const [{ en }] = await Promise.all([import('./en'), loadEnglishMenuNames()]);
  i18n.addTexts('en', 'shell', en);
}

export function setUpI18n(): typeof i18n {
  i18n.init({
    resources: { zh: { shell: zh } },
    lng: storedLanguage() ?? settings.defaultLanguage,
    fallbackLng: settings.defaultLanguage,
    defaultNS: 'shell',
  });
  document.documentElement.lang = i18n.language === 'en' ? 'en' : 'zh-CN';
  return i18n;
}

export async function changeLanguage(language: Language): Promise<void> {
  setStore(storeName, language);
  // The screens redraw in English with its texts and menu names at hand.
  if (language === 'en') await loadEnglish();
  await i18n.changeLanguage(language);
  document.documentElement.lang = language === 'en' ? 'en' : 'zh-CN';
}

/** The runtime's strings join as namespace `runtime` when the signed-in part of the console loads. */
export function addRuntimeStrings(resources: { zh: object; en: object }): void {
  i18n.addTexts('zh', 'runtime', resources.zh as Texts);
  i18n.addTexts('en', 'runtime', resources.en as Texts);
}
