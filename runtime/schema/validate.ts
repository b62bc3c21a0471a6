// Checks a page definition as the console opens it: against page.schema.json (compiled ahead of time by
// scripts/definition-validator.ts, so the console ships no schema compiler) and against the registry's names.
import * as validators from 'virtual:definition-validator';
import { registry as builtinRegistry, type Registry } from '../registry';
import { type DefinitionProblem, definitionProblems } from './definition-problems';

export type { DefinitionProblem } from './definition-problems';

/** `registry` names the widgets, formatters and actions a definition may use (a screen gives its own; the runtime's
 * built-ins unless given). */
export function validateDefinition(definition: unknown, registry: Registry = builtinRegistry): DefinitionProblem[] {
  const names = {
    formatters: registry.formatterNames(),
    widgets: registry.widgetNames(),
    actions: registry.actionNames(),
  };
  return definitionProblems(definition, { validators, names });
}
