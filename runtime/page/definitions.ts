// The definition files under pages/, each loaded only when its screen opens, with what it extends filled in. Files
// under pages/_shared/ are fragments other files extend, not screens. A version published in the studio
// (docs/studio.md) stands in for its file, when the console was told where to ask for one.
import { recordFormSource } from '../form/sources';
import { editedDefinition } from './edited';
import { ExtendsError, fileOf, resolveExtends } from './extends';
import { loadPublished, reportUndrawable } from './published';

const files = import.meta.glob<unknown>('/pages/**/*.json', { import: 'default' });

export const definitionFile = fileOf;

const isFragment = (pageId: string) => pageId.startsWith('_shared/');

export function hasDefinition(pageId: string): boolean {
  return !isFragment(pageId) && `/${definitionFile(pageId)}` in files;
}

const loadFile = async (pageId: string): Promise<unknown> => {
  const file = `/${definitionFile(pageId)}`;
  // Under `npm run dev`, a file edited since the console loaded reads as it now is.
  const edit = editedDefinition(file);
  if (edit) return edit.definition;
  const load = files[file];
  return load ? load() : undefined;
};

/** Which published version a loaded definition is, and the newest one that could not be drawn in its place. */
export interface ServedVersion {
  /** 0: the shipped file, drawn because no published version could be. */
  version: number;
  replaced?: number;
}

const servedVersions = new WeakMap<object, ServedVersion>();

/** The published version a definition from `loadDefinition` is; none for the shipped file in force. */
export function servedVersionOf(definition: unknown): ServedVersion | undefined {
  return typeof definition === 'object' && definition !== null ? servedVersions.get(definition) : undefined;
}

function served<T>(definition: T, version: ServedVersion): T {
  if (typeof definition === 'object' && definition !== null) servedVersions.set(definition, version);
  return definition;
}

/**
 * The page's definition: its published version, or else its file. `shipped` is told the file's definition as soon as
 * it is read, before the server has said whether a published version stands in for it (a screen sends its list's
 * first call from it then, the usual case being that none does). `below` asks for a version older than one the screen
 * could not draw. A published version holding code, or extending what does not exist, is reported and passed over.
 */
export async function loadDefinition(
  pageId: string,
  shipped?: (definition: unknown) => void,
  below?: number,
): Promise<unknown> {
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
  let replaced: number | undefined;
  let under = below;
  for (;;) {
    const published = await loadPublished(pageId, under);
    replaced ??= published?.passedOver?.version;
    if (published?.definition === undefined || published.definition === null) {
      const own = await fromFile;
      recordFormSource(pageId);
      // A copy carries the note that it stands in for a version, so the file's own object never does.
      return replaced === undefined || own === undefined
        ? own
        : served({ ...(own as object) }, { version: 0, replaced });
    }
    let problem = published.problems[0];
    if (!problem) {
      try {
        const definition = await resolved(published.definition);
        recordFormSource(pageId, published.validators);
        return served(definition, { version: published.version, replaced });
      } catch (error) {
        if (!(error instanceof ExtendsError)) throw error;
        problem = { path: error.path, message: error.message, zh: error.zh };
      }
    }
    reportUndrawable(pageId, published.version, problem);
    replaced ??= published.version;
    under = published.version;
  }
}

/** A definition not yet stored (the studio's draft) with what it extends filled in from the shipped files. */
export function resolveFromFiles(definition: unknown, pageId: string): Promise<unknown> {
  return resolveExtends(definition, definitionFile(pageId), loadFile);
}
