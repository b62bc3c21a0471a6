// The page definition validator, compiled from runtime/schema/page.schema.json when the console is built or tested:
// the browser runs Ajv's generated code instead of shipping Ajv and compiling the schema with `new Function`. It is
// generated on every build, never written to the repository, so it cannot fall behind the schema.
// A production build checks every page file first and refuses to build with an invalid one; its console then carries
// only the checks against the registry (names of widgets, formatters and actions), not the compiled schemas.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import Ajv from 'ajv';
import standaloneCode from 'ajv/dist/standalone/index.js';
import type { Plugin } from 'vite';

const moduleId = 'virtual:definition-validator';
const resolvedId = `\0${moduleId}`;
const root = join(import.meta.dirname, '..');
const schemaFile = join(root, 'runtime', 'schema', 'page.schema.json');
const optionsFile = join(root, 'runtime', 'schema', 'options.schema.json');
const pagesDir = join(root, 'pages');

/** Keywords the schemas carry for people and editors, not for validation. */
export const annotationKeywords = ['x-description-en'];

/** Ajv as the definitions are checked with: every error reported, so the deepest one can be shown. */
export function definitionAjv(): Ajv {
  return new Ajv({
    allErrors: true,
    strict: true,
    // `if { required: [dict] } then { required: [dict] }` is how a key that needs another key is written.
    strictRequired: false,
    allowUnionTypes: true,
    keywords: annotationKeywords,
    code: { source: true, esm: true },
  });
}

/**
 * The keys of every closed object (`additionalProperties: false`) of a schema: what "did you mean" picks from. The
 * compiled code names a referenced definition's path only from that definition down, so the object is recognised by
 * the keys it does have.
 */
export function closedObjects(schema: unknown): string[][] {
  const found: string[][] = [];
  const visit = (node: unknown) => {
    if (Array.isArray(node)) {
      for (const item of node) visit(item);
      return;
    }
    if (typeof node !== 'object' || node === null) return;
    const object = node as Record<string, unknown>;
    if (object.additionalProperties === false && typeof object.properties === 'object' && object.properties)
      found.push(Object.keys(object.properties));
    for (const [key, value] of Object.entries(object)) {
      if (key !== 'examples' && key !== 'enum' && key !== 'const') visit(value);
    }
  };
  visit(schema);
  return found;
}

type OptionSchemas = Record<'formatters' | 'widgets', Record<string, object>>;

/**
 * ES module source exporting `validatePage`, `optionValidators` (`formatters/money`, `widgets/dictSelect` …) and
 * `closedObjects` (by `page` or the option schema's name).
 */
export function definitionValidatorSource(): string {
  const ajv = definitionAjv();
  const page = JSON.parse(readFileSync(schemaFile, 'utf8'));
  ajv.addSchema(page, 'page');
  const keys: Record<string, string[][]> = { page: closedObjects(page) };
  const exports: Record<string, string> = { validatePage: 'page' };
  const options = JSON.parse(readFileSync(optionsFile, 'utf8')) as OptionSchemas;
  const optionExports: string[] = [];
  for (const kind of ['formatters', 'widgets'] as const) {
    for (const [name, schema] of Object.entries(options[kind] ?? {})) {
      const exported = `${kind}_${name}`;
      ajv.addSchema(schema, exported);
      keys[`${kind}/${name}`] = closedObjects(schema);
      exports[exported] = exported;
      optionExports.push(`${JSON.stringify(`${kind}/${name}`)}: ${exported}`);
    }
  }
  return [
    standaloneCode(ajv, exports),
    `export const optionValidators = { ${optionExports.join(', ')} };`,
    `export const closedObjects = ${JSON.stringify(keys)};`,
  ].join('\n');
}

const pageFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? pageFiles(join(dir, entry.name))
      : entry.name.endsWith('.json')
        ? [join(dir, entry.name)]
        : [],
  );

/**
 * Every whole page file against the page schema: `pages/system/param.json /blocks/0/columns/2: must have property
 * "field"`. Shared fragments (`pages/_shared/`) and files that extend another anywhere (a page, a block, a column)
 * are whole only once merged; npm test checks those.
 */
function extendsAnything(node: unknown): boolean {
  if (Array.isArray(node)) return node.some(extendsAnything);
  if (!node || typeof node !== 'object') return false;
  return 'extends' in node || Object.values(node).some(extendsAnything);
}

export function pageFileProblems(): string[] {
  const validate = definitionAjv().compile(JSON.parse(readFileSync(schemaFile, 'utf8')));
  return pageFiles(pagesDir).flatMap((file) => {
    const page = JSON.parse(readFileSync(file, 'utf8'));
    if (relative(pagesDir, file).startsWith('_shared') || extendsAnything(page) || validate(page)) return [];
    const name = relative(root, file);
    return (validate.errors ?? []).map((error) => `${name} ${error.instancePath || '/'}: ${error.message}`);
  });
}

/** What a production build gets instead of the compiled schemas: every definition passes them. */
const passingValidatorSource = [
  'export const validatePage = Object.assign(() => true, { errors: null });',
  'export const optionValidators = {};',
  'export const closedObjects = {};',
].join('\n');

export function definitionValidator(): Plugin {
  let productionBuild = false;
  return {
    name: 'definition-validator',
    configResolved(config) {
      productionBuild = config.command === 'build' && config.mode === 'production';
    },
    buildStart() {
      if (!productionBuild) return;
      const problems = pageFileProblems();
      if (problems.length)
        this.error(`invalid page definitions (npm test shows each on its screen):\n${problems.join('\n')}`);
    },
    resolveId: (id) => (id === moduleId ? resolvedId : undefined),
    load(id) {
      if (id !== resolvedId) return undefined;
      // The console built for operators carries no schema validator: buildStart refused any invalid page file and
      // npm test checks every page once merged, so an operator's browser would only repeat those checks.
      if (productionBuild) return passingValidatorSource;
      this.addWatchFile(schemaFile);
      this.addWatchFile(optionsFile);
      return definitionValidatorSource();
    },
  };
}
