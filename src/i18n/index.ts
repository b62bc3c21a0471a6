// The console's languages: Chinese by default, English by switch, persisted under the language key.

import { i18n, type Texts } from '../../runtime/i18n/texts';
import { settings } from '../config/settings';
import { loadEnglishMenuNames } from '../menu/english-menu-names';
import { getStore, setStore } from '../session/storage';
import { en } from './en';
import { zh } from './zh';

export type Language = 'zh' | 'en';
export const languages: Language[] = ['zh', 'en'];
export const languageNames: Record<Language, string> = { zh: '中文', en: 'English' };
const storeName = 'language';

export const storedLanguage = (): Language => (getStore<string>(storeName) === 'en' ? 'en' : 'zh');

export function setUpI18n(): typeof i18n {
  i18n.init({
    resources: { zh: { shell: zh }, en: { shell: en } },
    lng: storedLanguage() ?? settings.defaultLanguage,
    fallbackLng: settings.defaultLanguage,
    defaultNS: 'shell',
  });
  document.documentElement.lang = i18n.language === 'en' ? 'en' : 'zh-CN';
  return i18n;
}

export async function changeLanguage(language: Language): Promise<void> {
  setStore(storeName, language);
  // The menus read their English names as soon as the screens redraw in English.
  if (language === 'en') await loadEnglishMenuNames();
  await i18n.changeLanguage(language);
  document.documentElement.lang = language === 'en' ? 'en' : 'zh-CN';
}

/** The runtime's strings join as namespace `runtime` when the signed-in part of the console loads. */
export function addRuntimeStrings(resources: { zh: object; en: object }): void {
  i18n.addTexts('zh', 'runtime', resources.zh as Texts);
  i18n.addTexts('en', 'runtime', resources.en as Texts);
}
