// The studio's calls (server/system/studio/routes.ts), typed from the server's OpenAPI document.
import { api } from '@ride-console/runtime';
import type { Schema } from '@ride-console/runtime/shell';
import type { ApiDescription, DefinitionProblem } from '@ride-console/runtime/studio';

type Pages = Schema<'StudioPages'>;
/** A page with its state in the studio's list. */
export type StudioPage = Pages['pages'][number];
export type PageState = StudioPage['state'];
/** A call prefix a page can be drafted from. */
export type DraftableResource = Pages['resources'][number];

/** A stored version of a page. */
export type Version = Schema<'PageVersion'>;
/** A page with its shipped file, the version in force and its draft. */
export type PageDetail = Schema<'StudioPage'>;

/** The screen (menu) a role must be granted for a drafted page's calls to answer it. */
export type DraftAccess = Schema<'ResourceDraft'>['access'];

/** A page started under a new id: its draft, the resource menu its calls need (a list) and a menu with its path. */
export type NewPage = Schema<'NewPage'>;
export type NewPageKind = 'form' | 'dashboard' | 'list';

/** Whatever JSON the analyst typed: the server names it when it is not a page definition (an object). */
const typed = (definition: unknown) => definition as Record<string, unknown>;

export const studioApi = {
  pages: () => api.get('/api/blade-system/studio/pages'),
  /** Quiet: a page drafted from a resource is not stored yet (404). */
  page: (pageId: string) => api.get('/api/blade-system/studio/page', { pageId }, { quiet: true }),
  versions: (pageId: string) => api.get('/api/blade-system/studio/versions', { pageId }),
  resourceDraft: (prefix: string) => api.get('/api/blade-system/studio/resource-draft', { prefix }),
  newPage: (page: { pageId: string; kind: NewPageKind; title: { zh: string; en: string }; prefix?: string }) =>
    api.post('/api/blade-system/studio/new-page', page),
  saveDraft: (pageId: string, definition: unknown) =>
    api.post('/api/blade-system/studio/draft', { pageId, definition: typed(definition) }),
  /** Refused pages come back quietly: the screen lists their problems itself. */
  publish: (pageId: string, definition: unknown, comment: string) =>
    api.post('/api/blade-system/studio/publish', { pageId, definition: typed(definition), comment }, { quiet: true }),
  /** Quiet: a preview whose forms cannot be compiled is drawn without their checks; the publish names the field. */
  previewValidators: (pageId: string, definition: unknown) =>
    api.post('/api/blade-system/studio/preview-validators', { pageId, definition: typed(definition) }, { quiet: true }),
  rollback: (pageId: string, version: number) => api.post('/api/blade-system/studio/rollback', { pageId, version }),
  /** What the server knows (its calls' records and filters, dictionaries, menus' buttons), for completion and checks:
   * typed from the document, which describes the runtime's own `ApiDescription`; the compiler holds the two together. */
  description: (): Promise<ApiDescription> => api.get('/api/blade-system/page-check/description'),
  revert: (pageId: string) => api.post('/api/blade-system/studio/revert', { pageId }),
  downloadUrl: (pageId: string, version: number) =>
    `/api/blade-system/studio/download?pageId=${encodeURIComponent(pageId)}&version=${version}`,
};

/** The problems of a refused publish, from the refusal's body. */
export function problemsOf(error: unknown): DefinitionProblem[] {
  const body = (error as { body?: { data?: { problems?: DefinitionProblem[] } } }).body;
  return body?.data?.problems ?? [];
}
