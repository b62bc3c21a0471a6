// The definition files under pages/, each loaded only when its screen opens, with what it extends filled in. Files
// under pages/_shared/ are fragments other files extend, not screens. A version published in the studio
// (docs/studio.md) stands in for its file, when the console was told where to ask for one.
import { fileOf, resolveExtends } from './extends';
import { loadPublished } from './published';

const files = import.meta.glob<unknown>('/pages/**/*.json', { import: 'default' });

export const definitionFile = fileOf;

const isFragment = (pageId: string) => pageId.startsWith('_shared/');

export function hasDefinition(pageId: string): boolean {
  return !isFragment(pageId) && `/${definitionFile(pageId)}` in files;
}

const loadFile = async (pageId: string): Promise<unknown> => {
  const load = files[`/${definitionFile(pageId)}`];
  return load ? load() : undefined;
};

/**
 * The page's definition: its published version, or else its file. `shipped` is told the file's definition as soon as
 * it is read, before the server has said whether a published version stands in for it (a screen sends its list's
 * first call from it then, the usual case being that none does).
 */
export async function loadDefinition(pageId: string, shipped?: (definition: unknown) => void): Promise<unknown> {
  const file = definitionFile(pageId);
  const resolved = (definition: unknown) =>
    definition === undefined ? undefined : resolveExtends(definition, file, loadFile);
  // Both are asked at once, so a page from the server costs no more time than the file. The file's definition is the
  // answer itself when none is published (the screen then checks and sends from one object); a file that fails to
  // resolve matters only then.
  const fromFile = loadFile(pageId).then(resolved);
  fromFile.then(
    (own) => own !== undefined && shipped?.(own),
    () => undefined,
  );
  const published = await loadPublished(pageId, file);
  return published === undefined ? fromFile : resolved(published);
}

/** A definition not yet stored (the studio's draft) with what it extends filled in from the shipped files. */
export function resolveFromFiles(definition: unknown, pageId: string): Promise<unknown> {
  return resolveExtends(definition, definitionFile(pageId), loadFile);
}
