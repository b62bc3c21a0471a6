// Page files edited while `npm run dev` serves the console: the dev server sends each one as it now reads
// (scripts/definition-validator.ts) and it stands in for the file's module, read once when the console loaded, so
// an open screen can draw the edit in place instead of the whole console reloading. Nothing is sent to a built console.

/** The name of the dev server's message carrying an edited page file. */
export const pageEditedEvent = 'ride:page-edited';

/** What the message carries: the file from the console's root (`/pages/system/client.json`) and its definition. */
export interface PageEdited {
  file: string;
  definition: unknown;
}

const edited = new Map<string, unknown>();
const listeners = new Set<(file: string) => void>();

/** The definition a page file was last edited to, if it was. */
export const editedDefinition = (file: string): { definition: unknown } | undefined =>
  edited.has(file) ? { definition: edited.get(file) } : undefined;

/** Keeps an edited page file and tells the screens, which ask for their definitions again. */
export function pageEdited({ file, definition }: PageEdited): void {
  edited.set(file, definition);
  for (const listener of listeners) listener(file);
}

/** Calls `listener` with each page file edited; answers the function that stops it. */
export function onPageEdited(listener: (file: string) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

if (import.meta.hot) import.meta.hot.on(pageEditedEvent, pageEdited);
