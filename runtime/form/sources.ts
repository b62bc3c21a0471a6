// Where each page the session opened has its forms' validators: the build's module for a shipped file, or the URL
// of the server's module for a published version (runtime/form/precompiled.ts loads them when a form opens). Kept
// apart from the form machinery so a screen records its page without loading it.
const sources = new Map<string, string | undefined>();

/** The page `pageId` is drawn from its shipped file (no `url`) or from the published version whose module is `url`. */
export function recordFormSource(pageId: string, url?: string): void {
  sources.set(pageId, url);
}

export const formSources = (): ReadonlyMap<string, string | undefined> => sources;
