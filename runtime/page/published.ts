// The version of a page published in the studio (docs/studio.md), asked of the server where the console was told to
// ask. What comes over the network is checked before anything draws it: data only, never code.
import { dataOnlyProblems, UnsafeDefinitionError } from './data-only';

/** Answers the page's published definition, or null while the shipped file is in force. */
export type PublishedSource = (pageId: string) => Promise<unknown>;

let publishedSource: PublishedSource | undefined;

/** Where the console asks for published pages (the shell sets the server's call); unset, only the files count. */
export function setPublishedSource(source: PublishedSource | undefined): void {
  publishedSource = source;
}

/**
 * The published version, checked as data only (its file named for the error panel), or undefined when there is none
 * or the server cannot say (the shipped file is drawn then).
 */
export async function loadPublished(pageId: string, file: string): Promise<unknown> {
  if (!publishedSource) return undefined;
  let published: unknown;
  try {
    published = (await publishedSource(pageId)) ?? undefined;
  } catch {
    return undefined;
  }
  if (published !== undefined) {
    const problems = dataOnlyProblems(published);
    if (problems.length) throw new UnsafeDefinitionError(file, problems);
  }
  return published;
}
