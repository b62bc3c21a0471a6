// The shipped pages' forms compiled by ajv when the console is built or tested (runtime/form/compile.ts): one module
// per page under pages/, loaded as a chunk of its own when one of its forms opens, plus the check of the server's
// field limits. Generated on every build, never written to the repository, so it cannot fall behind the pages.
// Development and the tests also get a compiler for a form no page ships; the operators' build does not.
import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { Plugin } from 'vite';
import { formSchemasOf, formValidatorsSource, limitsValidatorSource } from '../runtime/form/compile';
import { resolveExtends } from '../runtime/page/extends';
import { pageFiles, pagesDir } from './page-files';

const moduleId = 'virtual:form-validators';
const resolvedId = `\0${moduleId}`;
const pagePrefix = `${moduleId}/`;

/** Every screen under pages/ by id (`system/param`); fragments under _shared/ are parts of them. */
const shippedPageIds = () =>
  pageFiles()
    .map((file) =>
      relative(pagesDir, file)
        .replace(/\\/g, '/')
        .replace(/\.json$/, ''),
    )
    .filter((pageId) => !pageId.startsWith('_shared/'))
    .sort();

const readPage = async (pageId: string): Promise<unknown> => {
  try {
    return JSON.parse(readFileSync(join(pagesDir, `${pageId}.json`), 'utf8'));
  } catch {
    return undefined;
  }
};

/** The module of a shipped page's forms, with what it extends filled in. */
export async function shippedPageSource(pageId: string): Promise<string> {
  const definition = await readPage(pageId);
  const whole = await resolveExtends(definition, `pages/${pageId}.json`, readPage);
  return formValidatorsSource(formSchemasOf(whole), `pages/${pageId}.json`);
}

const compilerSource = [
  "import { compileSchemaValidatorsCode } from '@rjsf/validator-ajv8/lib/compileSchemaValidatorsCode.js';",
  'export function compileMissing(schema, options, require) {',
  '  const exports = {};',
  "  new Function('require', 'exports', compileSchemaValidatorsCode(schema, options))(require, exports);",
  '  return exports;',
  '}',
].join('\n');

export function formValidators(): Plugin {
  let productionBuild = false;
  return {
    name: 'form-validators',
    configResolved(config) {
      productionBuild = config.command === 'build' && config.mode === 'production';
    },
    resolveId: (id) => (id === moduleId || id.startsWith(pagePrefix) ? `\0${id}` : undefined),
    async load(id) {
      if (id.startsWith(`\0${pagePrefix}`)) {
        const pageId = id.slice(pagePrefix.length + 1);
        for (const file of pageFiles()) this.addWatchFile(file);
        return shippedPageSource(pageId);
      }
      if (id !== resolvedId) return undefined;
      const pages = shippedPageIds().map(
        (pageId) => `  ${JSON.stringify(pageId)}: () => import(${JSON.stringify(`${pagePrefix}${pageId}`)}),`,
      );
      return [
        `export const shippedPages = {\n${pages.join('\n')}\n};`,
        limitsValidatorSource().replace('export default function formValidators', 'function limits'),
        'export const limitsValidators = { default: limits };',
        productionBuild ? 'export const compileMissing = undefined;' : compilerSource,
      ].join('\n');
    },
  };
}
