// What a definition screen draws, read and checked: its definition (a published version, or the shipped file), the
// published version it is, and the newest one that could not be drawn in its place. A reload reads it before the
// console's first drawing (`prepareDrawable`), so that drawing holds the screen instead of a spinner.
import { builtins } from '../builtins';
import { configuredRuntime, type RuntimeConfig } from '../config';
import { sendOpeningList } from '../crud/controller/listQuery';
import { hasPermission } from '../permissions';
import { type Registry, registry } from '../registry';
import { pageIdProblems } from '../schema/page-id';
import type { PageDefinition } from '../schema/types';
import { type DefinitionProblem, validateDefinition } from '../schema/validate';
import { loadDefinition, servedVersionOf } from './definitions';
import { reportUndrawable } from './published';
import { screenListOf } from './screen-list';

// The runtime's registry takes its own formatters, widgets and actions with the first screen (the console's is drawn
// over it, runtime/config.tsx).
registry.add(builtins);

/** A definition is checked once per registry, however often its screen is drawn (and before its list is sent). */
const checked = new WeakMap<Registry, WeakMap<object, DefinitionProblem[]>>();
export function problemsOf(definition: unknown, against: Registry): DefinitionProblem[] {
  if (typeof definition !== 'object' || definition === null) return validateDefinition(definition, against);
  const known = checked.get(against) ?? new WeakMap<object, DefinitionProblem[]>();
  checked.set(against, known);
  let problems = known.get(definition);
  if (!problems) {
    problems = validateDefinition(definition, against);
    known.set(definition, problems);
  }
  return problems;
}

/**
 * Sends the first call of the screen's own list (its first list block) as soon as the definition is known, so the
 * rows travel while the screen is drawn. Nothing is sent for a definition the screen will refuse or a list the person
 * may not see; the server still checks the call as any other.
 */
function sendScreenList(definition: unknown, runtime: RuntimeConfig): void {
  if (definition === undefined || problemsOf(definition, runtime.registry).length) return;
  const own = screenListOf(definition as PageDefinition);
  if (!own || (own.permission !== undefined && !hasPermission(own.permission))) return;
  sendOpeningList(runtime.provider, own.list, runtime.pageSize);
}

/** What a screen draws: the definition, and the newest published version that could not be drawn in its place. */
export interface Drawable {
  definition: unknown;
  /** The published version drawn; none for the shipped file. */
  version?: number;
  replaced?: number;
}

/** Starts the search for a drawable version below `below`, the newest one not drawn being `replaced`. */
export interface Fallback {
  below: number;
  replaced: number;
}

/** Reads a definition with what it extends filled in; see `DefinitionPageProps.load`. */
export type DefinitionLoad = (
  pageId: string,
  shipped?: (definition: unknown) => void,
  below?: number,
) => Promise<unknown>;

/**
 * Reads what the screen draws. Its first read (`opening`) sends the list's first call as soon as a definition is
 * known; a read again leaves that to the screen's list as it opens.
 */
export async function readDrawable(
  pageId: string,
  {
    load,
    runtime,
    fallback,
    opening,
  }: { load: DefinitionLoad; runtime: RuntimeConfig; fallback?: Fallback; opening: boolean },
): Promise<Drawable> {
  let below = fallback?.below;
  let replaced = fallback?.replaced;
  let settled = false;
  for (;;) {
    const definition = await load(
      pageId,
      opening ? (shipped) => settled || sendScreenList(shipped, runtime) : undefined,
      below,
    );
    settled = true;
    const served = servedVersionOf(definition);
    replaced ??= served?.replaced;
    // A published version the console cannot draw (a name this build lacks, past a limit, another page's id) is
    // reported, and the newest one before it that passes is drawn instead, or the shipped file.
    const problems = served?.version
      ? [...problemsOf(definition, runtime.registry), ...pageIdProblems(definition, pageId)]
      : [];
    if (served?.version && problems.length) {
      reportUndrawable(pageId, served.version, problems[0]);
      replaced ??= served.version;
      below = served.version;
      continue;
    }
    // Sent again only if it asks otherwise than the shipped file (a published version that differs).
    if (opening) sendScreenList(definition, runtime);
    return { definition, version: served?.version || undefined, replaced };
  }
}

/** A read made before the screen was drawn, taken by its first drawing only while fresh: a screen opened later reads
 * anew (a version published meanwhile). */
let ahead: { pageId: string; at: number; drawable: Drawable } | undefined;
const FRESH_MS = 10_000;

/**
 * Reads what the screen of `pageId` draws before the console draws it (a reload on its address), sending its list's
 * first call on the way. Settles without rejecting: a read that fails is the screen's to make again and report.
 */
export async function prepareDrawable(pageId: string): Promise<void> {
  try {
    const drawable = await readDrawable(pageId, { load: loadDefinition, runtime: configuredRuntime(), opening: true });
    ahead = { pageId, at: performance.now(), drawable };
  } catch {
    ahead = undefined;
  }
}

/** The read made ahead for `pageId`, if it is still fresh. */
export function drawableAhead(pageId: string): Drawable | undefined {
  if (ahead?.pageId !== pageId || performance.now() - ahead.at >= FRESH_MS) return undefined;
  return ahead.drawable;
}

/** Forgets the read made ahead once a screen has drawn it, so no later opening draws it again. */
export function forgetAhead(pageId: string): void {
  if (ahead?.pageId === pageId) ahead = undefined;
}
