// The page and option schemas compiled, as the checks use them. Under node (the server checking a page before it is
// published) they are compiled in process (compile.ts); the console's bundler serves this module as the same
// validators compiled ahead of time (scripts/definition-validator.ts), so no browser compiles a schema with
// `new Function`.
import type * as Compiled from 'virtual:definition-validator';
import { compiledValidators } from './compile';

const compiled = compiledValidators() as unknown as typeof Compiled;

export const validatePage = compiled.validatePage;
export const optionValidators = compiled.optionValidators;
export const closedObjects = compiled.closedObjects;
