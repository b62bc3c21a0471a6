// What a definition screen does before it is drawn: its definition checked (once per registry), and the first call of
// its own list sent as soon as the definition is known. Apart from the screen's code, so that a screen opened from
// its address can send its list while that code is still loading (screen-ahead.ts).
import type { RuntimeConfig } from '../config';
import { sendOpeningList } from '../crud/controller/listQuery';
import { hasPermission } from '../permissions';
import type { Registry } from '../registry';
import type { PageDefinition } from '../schema/types';
import { type DefinitionProblem, validateDefinition } from '../schema/validate';

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
export function sendScreenList(definition: unknown, runtime: RuntimeConfig): void {
  if (definition === undefined || problemsOf(definition, runtime.registry).length) return;
  const page = definition as PageDefinition;
  const block = page.blocks.find((b) => b.type === 'list');
  if (block?.type !== 'list' || (block.permission !== undefined && !hasPermission(block.permission))) return;
  const { type: _type, ...list } = block;
  sendOpeningList(runtime.provider, { ...list, id: page.id, title: page.title }, runtime.pageSize);
}
