// The shipped files a draft extends, as the checks take them (`checkPage`'s `pages`). Kept in the studio's own chunk,
// so the operators' console does not carry it.
import { fileOf, resolveExtends } from '@ride-console/runtime/studio';

const files = import.meta.glob<unknown>('/pages/**/*.json', { import: 'default' });

/** The definitions `definition` extends, directly or through another, by page id. */
export async function pagesExtendedBy(definition: unknown, pageId: string): Promise<Record<string, unknown>> {
  const pages: Record<string, unknown> = {};
  const load = async (id: string) => {
    pages[id] = await files[`/${fileOf(id)}`]?.();
    return pages[id];
  };
  // A broken "extends" is named by the checks themselves, at its place.
  await resolveExtends(definition, fileOf(pageId), load).catch(() => undefined);
  return pages;
}
