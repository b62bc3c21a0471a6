// English names of the console's menus, by the i18n key of the menu row (meta.i18n, else its code). They are read
// from the seed's menu tree, the one place a menu's Chinese and English names are written.
import { aliasOf, MENU_TREE, type MenuSeed, TOP_MENUS } from '../../facts/menu-tree';

const names = (menus: MenuSeed[]): [string, string][] =>
  menus.flatMap((menu) => [[aliasOf(menu.code), menu.en] as [string, string], ...names(menu.children ?? [])]);

export const menuNamesEn: Record<string, string> = Object.fromEntries(names(MENU_TREE));

/** English names of the seeded top menus, by code; a top menu an administrator adds shows its Chinese name. */
export const topMenuNamesEn: Record<string, string> = Object.fromEntries(TOP_MENUS.map((top) => [top.code, top.en]));
