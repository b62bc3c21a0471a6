// The English names of the console's menus (menu-names-en.ts, read from the seed's whole menu tree) load with the
// English console only, so a Chinese one never fetches them: switching to English and starting in English wait for
// them, and the names are looked up synchronously after that.
type Names = typeof import('./menu-names-en');

let names: Names | undefined;

export async function loadEnglishMenuNames(): Promise<void> {
  names ??= await import('./menu-names-en');
}

/** A menu's English name by its i18n key, once loaded. */
export const englishMenuName = (key: string): string | undefined => names?.menuNamesEn[key];

/** A seeded top menu's English name by its code, once loaded. */
export const englishTopMenuName = (code: string): string | undefined => names?.topMenuNamesEn[code];
