// Page titles come from the menu label or a translation key (spec §2). Labels from the server are Chinese; the
// English names of the console's menus are kept by translation key (meta.i18n or the menu code); another language's
// (繁體中文) are the i18next namespace `menu` of that language, by the same key (locales/<language>/menu.json).
import { i18n, useTranslation } from '@ride-console/runtime/shell';
import { englishMenuName } from './english-menu-names';
import type { MenuEntry } from './menu-entry';

export function menuTitle(entry: Pick<MenuEntry, 'label' | 'i18n' | 'viewPath'>, language: string): string {
  if (language === 'en') return englishMenuName(entry.i18n) ?? entry.label;
  if (language === 'zh' || !entry.i18n) return entry.label;
  return i18n.t(entry.i18n, { ns: 'menu', lng: language, keySeparator: false, defaultValue: entry.label });
}

export function useMenuTitle(): (entry: Pick<MenuEntry, 'label' | 'i18n' | 'viewPath'>) => string {
  const { i18n } = useTranslation();
  return (entry) => menuTitle(entry, i18n.language);
}
