// The version of a page published in the studio (docs/studio.md), asked of the server where the console was told to
// ask. What comes over the network is checked before anything draws it: data only, never code. A version the console
// cannot draw is reported to the server, and the console asks for the newest one below it that passes.
import type { DefinitionProblem } from '../schema/definition-problems';

/** The server's answer for a page: the version served (0 and no definition: the shipped file). */
export interface PublishedAnswer {
  version: number;
  definition: unknown;
  /** The same-origin URL of the module of the version's compiled form validators (runtime/form/precompiled.ts). */
  validators?: string;
  /** The newest version the server passed over because it fails the checks, and why. */
  passedOver?: { version: number; problems: DefinitionProblem[] };
}

/** Where the console asks for published pages and tells the server of one it could not draw. */
export interface PublishedSource {
  /** The version served for the page, below `below` when given; null when the server has no say (the shipped file). */
  published(pageId: string, below?: number): Promise<PublishedAnswer | null>;
  /** Tells the server that `version` of the page could not be drawn, and why. */
  failed(pageId: string, version: number, problem: DefinitionProblem): Promise<unknown>;
}

let publishedSource: PublishedSource | undefined;

/** Where the console asks for published pages (the shell sets the server's calls); unset, only the files count. */
export function setPublishedSource(source: PublishedSource | undefined): void {
  publishedSource = source;
}

/** A published version as the console got it: with what makes it unfit to draw, found before it was drawn. */
export interface PublishedVersion extends PublishedAnswer {
  problems: DefinitionProblem[];
}

/**
 * The published version (below `below`, when given) with its problems as data (code where data belongs), or undefined
 * when there is none or the server cannot say (the shipped file is drawn then). A null definition with `passedOver`:
 * the shipped file is drawn because no published version passes.
 */
export async function loadPublished(pageId: string, below?: number): Promise<PublishedVersion | undefined> {
  if (!publishedSource) return undefined;
  let answer: PublishedAnswer | null;
  try {
    answer = await publishedSource.published(pageId, below);
  } catch {
    return undefined;
  }
  if (!answer) return undefined;
  if (answer.definition === null || answer.definition === undefined)
    return answer.passedOver ? { ...answer, definition: null, problems: [] } : undefined;
  // The check decodes HTML entities with a table of its own: loaded only by a screen a published version stands in for.
  const { dataOnlyProblems } = await import('./data-only');
  return { ...answer, problems: dataOnlyProblems(answer.definition) };
}

/** Tells the server a version could not be drawn; a report that fails to leave changes nothing on screen. */
export function reportUndrawable(pageId: string, version: number, problem: DefinitionProblem): void {
  publishedSource?.failed(pageId, version, problem).catch(() => undefined);
}
