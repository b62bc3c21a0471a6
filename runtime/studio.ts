// The studio's entry (`@ride-console/runtime/studio`): what the page studio (src/views/studio/) needs to check, draw
// and explain a draft as the console would: checkPage and its problems, the page schema, the server's description of
// its calls, the names the checks accept, `extends` and the preview's screen and error panel.
export { DefinitionError } from './page/DefinitionError';
export { DefinitionScreen } from './page/DefinitionPage';

/** Loads a preview's compiled form validators: the forms' code comes with them, as a screen's does with its forms. */
export const loadPreviewValidators = (url: string): Promise<void> =>
  import('./form/precompiled').then(({ loadValidatorsFrom }) => loadValidatorsFrom(url));
export { resolveFromFiles } from './page/definitions';
export { ExtendsError, fileOf, resolveExtends } from './page/extends';
export { consoleNames, type RegistryNames } from './registry-names';
export { type CheckContext, checkPage } from './schema/check-page';
export type { DefinitionProblem } from './schema/definition-problems';
export {
  type ApiDescription,
  type DescribedField,
  type DescribedMenu,
  type DescribedOperation,
  operationOf,
} from './schema/description';
export { default as pageSchema } from './schema/page.schema.json';
export { PAGE_ID } from './schema/page-id';
export { pageText } from './schema/page-text';
