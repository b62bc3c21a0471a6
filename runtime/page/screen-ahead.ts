// A definition screen starts as soon as the shell draws it, before the screen's own code has loaded: its definition
// is asked for (the studio's published version and the shipped file), the code is fetched meanwhile, and the first
// call of its list leaves once the definition is known (screen-list.ts, a small module of its own). The screen then
// takes the definition started here instead of asking again.
import type { RuntimeConfig } from '../config';
import { loadDefinition } from './definitions';

const started = new Set<string>();
const pending = new Map<string, Promise<unknown>>();

/** Once per screen and visit: later openings draw from the definition the screen keeps. Safe to call while drawing. */
export function openScreenAhead(pageId: string, runtime: RuntimeConfig): void {
  if (started.has(pageId)) return;
  started.add(pageId);
  void import('./DefinitionPage');
  const definition = Promise.all([loadDefinition(pageId), import('./screen-list')]).then(
    ([loaded, { sendScreenList }]) => {
      sendScreenList(loaded, runtime);
      return loaded;
    },
  );
  // A failure is shown by the screen when it takes the definition.
  definition.catch(() => {});
  pending.set(pageId, definition);
}

/** The definition started ahead for a screen, taken once: its list was sent with it. */
export function takeScreenAhead(pageId: string): Promise<unknown> | undefined {
  const definition = pending.get(pageId);
  pending.delete(pageId);
  return definition;
}
