// The studio's calls (server/system/studio/routes.ts).
import { http, request } from '@ride-console/runtime';
import type { Schema } from '@ride-console/runtime/shell';
import type { ApiDescription, DefinitionProblem } from '@ride-console/runtime/studio';

export type PageState = 'baseline' | 'changed' | 'draft';

export interface StudioPage {
  pageId: string;
  title: { zh: string; en: string } | string | null;
  shipped: boolean;
  state: PageState;
  version: number;
  baselineChanged: boolean;
}

export interface DraftableResource {
  prefix: string;
  title: string;
  menu: string;
  hasScreen: boolean;
}

/** A stored version of a page, as the server declares it (`PageVersion` in its OpenAPI document). */
export type Version = Schema<'PageVersion'>;

export interface PageDetail {
  pageId: string;
  file: string;
  baseline: unknown;
  published: Version | null;
  draft: Version | null;
  baselineChanged: boolean;
}

/** A page drafted from a resource, with the menu whose grant its calls need. */
export interface ResourceDraft {
  pageId: string;
  definition: object;
  access: DraftAccess;
}

/** The screen (menu) a role must be granted for the drafted page's calls to answer it. */
export interface DraftAccess {
  menu: string;
  zh: string;
  en: string;
}

export type NewPageKind = 'form' | 'dashboard' | 'list';

/** A page started under a new id: its draft, the resource menu its calls need (a list) and a menu with its path. */
export interface NewPage {
  pageId: string;
  definition: object;
  access: DraftAccess | null;
  menu: { code: string; name: string } | null;
}

const base = '/api/blade-system/studio';

export const studioApi = {
  pages: () => http.get<{ pages: StudioPage[]; resources: DraftableResource[] }>(`${base}/pages`),
  /** Quiet: a page drafted from a resource is not stored yet (404). */
  page: (pageId: string) => request<PageDetail>({ url: `${base}/page`, params: { pageId }, quiet: true }),
  versions: (pageId: string) => http.get<Version[]>(`${base}/versions`, { pageId }),
  resourceDraft: (prefix: string) => http.get<ResourceDraft>(`${base}/resource-draft`, { prefix }),
  newPage: (page: { pageId: string; kind: NewPageKind; title: { zh: string; en: string }; prefix?: string }) =>
    http.post<NewPage>(`${base}/new-page`, page),
  saveDraft: (pageId: string, definition: unknown) => http.post(`${base}/draft`, { pageId, definition }),
  /** Refused pages come back quietly: the screen lists their problems itself. */
  publish: (pageId: string, definition: unknown, comment: string) =>
    request<{ version: number }>({
      method: 'POST',
      url: `${base}/publish`,
      data: { pageId, definition, comment },
      quiet: true,
    }),
  rollback: (pageId: string, version: number) =>
    http.post<{ version: number }>(`${base}/rollback`, { pageId, version }),
  /** What the server knows (its calls' records and filters, dictionaries, menus' buttons), for completion and checks. */
  description: () => http.get<ApiDescription>('/api/blade-system/page-check/description'),
  revert: (pageId: string) => http.post<{ version: number }>(`${base}/revert`, { pageId }),
  downloadUrl: (pageId: string, version: number) =>
    `${base}/download?pageId=${encodeURIComponent(pageId)}&version=${version}`,
};

/** The problems of a refused publish, from the refusal's body. */
export function problemsOf(error: unknown): DefinitionProblem[] {
  const body = (error as { body?: { data?: { problems?: DefinitionProblem[] } } }).body;
  return body?.data?.problems ?? [];
}
