// The names the console's registry holds (the runtime's built-ins and the console's own), without their components:
// what the checks in node, in the studio and in the build accept. They are the names whose options
// runtime/schema/options.schema.json declares, so declaring a name's options is what makes it known outside the
// console, and there is no second list to keep. tests/pages/definitions.test.ts fails while the registry the console
// fills holds a name this file does not, or the other way round.
import declared from './schema/options.schema.json';
import { rjsfWidgets } from './schema/rjsf-widgets';

export interface RegistryNames {
  formatters: readonly string[];
  widgets: readonly string[];
  actions: readonly string[];
}

const namesOf = (kind: Record<string, unknown>) => Object.keys(kind).sort();

export const consoleNames: RegistryNames = {
  formatters: namesOf(declared.formatters),
  // rjsf's own widgets are declared beside the registry's, but are not the registry's.
  widgets: namesOf(declared.widgets).filter((name) => !rjsfWidgets.includes(name)),
  actions: namesOf(declared.actions),
};
