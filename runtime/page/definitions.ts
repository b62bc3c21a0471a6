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

export async function loadDefinition(pageId: string): Promise<unknown> {
  // Both are asked at once, so a page from the server costs no more time than the file.
  const [published, file] = await Promise.all([loadPublished(pageId, definitionFile(pageId)), loadFile(pageId)]);
  const definition = published ?? file;
  return definition === undefined ? undefined : resolveExtends(definition, definitionFile(pageId), loadFile);
}

/** A definition not yet stored (the studio's draft) with what it extends filled in from the shipped files. */
export function resolveFromFiles(definition: unknown, pageId: string): Promise<unknown> {
  return resolveExtends(definition, definitionFile(pageId), loadFile);
}
