// The definition files under pages/, each loaded only when its screen opens, with what it extends filled in. Files
// under pages/_shared/ are fragments other files extend, not screens.
import { fileOf, resolveExtends } from './extends';

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
  const definition = await loadFile(pageId);
  return definition === undefined ? undefined : resolveExtends(definition, definitionFile(pageId), loadFile);
}
