// The definition files under pages/, each loaded only when its screen opens, with what it extends filled in. Files
// under pages/_shared/ are fragments other files extend, not screens. A version published in the studio
// (docs/studio.md) stands in for its file, when the console was told where to ask for one.
import { dataOnlyProblems, UnsafeDefinitionError } from './data-only';
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

/** Answers the page's published definition, or null while the shipped file is in force. */
export type PublishedSource = (pageId: string) => Promise<unknown>;

let publishedSource: PublishedSource | undefined;

/** Where the console asks for published pages (the shell sets the server's call); unset, only the files count. */
export function setPublishedSource(source: PublishedSource | undefined): void {
  publishedSource = source;
}

/** The published version, or undefined when there is none or the server cannot say (the file is drawn then). */
async function loadPublished(pageId: string): Promise<unknown> {
  if (!publishedSource) return undefined;
  try {
    return (await publishedSource(pageId)) ?? undefined;
  } catch {
    return undefined;
  }
}

export async function loadDefinition(pageId: string): Promise<unknown> {
  // Both are asked at once, so a page from the server costs no more time than the file.
  const [published, file] = await Promise.all([loadPublished(pageId), loadFile(pageId)]);
  if (published !== undefined) {
    // What came over the network is checked again before it is drawn: data only, never code.
    const problems = dataOnlyProblems(published);
    if (problems.length) throw new UnsafeDefinitionError(definitionFile(pageId), problems);
  }
  const definition = published ?? file;
  return definition === undefined ? undefined : resolveExtends(definition, definitionFile(pageId), loadFile);
}

/** A definition not yet stored (the studio's draft) with what it extends filled in from the shipped files. */
export function resolveFromFiles(definition: unknown, pageId: string): Promise<unknown> {
  return resolveExtends(definition, definitionFile(pageId), loadFile);
}
