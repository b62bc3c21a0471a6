// Page titles come from the menu label or a translation key (spec §2). Labels from the server are Chinese; the
// English names of the console's menus are kept by translation key (meta.i18n or the menu code).
import { useTranslation } from '../../runtime/i18n/texts';
import { englishMenuName } from './english-menu-names';
import type { MenuEntry } from './menu-entry';

export function menuTitle(entry: Pick<MenuEntry, 'label' | 'i18n' | 'viewPath'>, language: string): string {
  if (language !== 'en') return entry.label;
  return englishMenuName(entry.i18n) ?? entry.label;
}

export function useMenuTitle(): (entry: Pick<MenuEntry, 'label' | 'i18n' | 'viewPath'>) => string {
  const { i18n } = useTranslation();
  return (entry) => menuTitle(entry, i18n.language);
}
