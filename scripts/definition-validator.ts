// The page definition validator, compiled from runtime/schema/page.schema.json when the console is built or tested:
// the browser runs Ajv's generated code instead of shipping Ajv and compiling the schema with `new Function`. It is
// generated on every build, never written to the repository, so it cannot fall behind the schema.
// A production build checks every page file first (scripts/page-files-check.ts) and refuses to build with an invalid
// one; its operators' screens then carry only the checks against the registry, not the compiled schemas, which only
// the checks (runtime/schema/compiled.ts: the studio, npm test) load.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Ajv, { type ValidateFunction } from 'ajv';
import standaloneCode from 'ajv/dist/standalone/index.js';
import type { Plugin } from 'vite';

const moduleId = 'virtual:definition-validator';
const resolvedId = `\0${moduleId}`;
const root = join(import.meta.dirname, '..');
const schemaFile = join(root, 'runtime', 'schema', 'page.schema.json');
const optionsFile = join(root, 'runtime', 'schema', 'options.schema.json');
/** The checks' validators: compiled in process under node, served compiled ahead by this plugin to the console. */
const compiledFile = join(root, 'runtime', 'schema', 'compiled.ts');
const pageFilesCheck = join(root, 'scripts', 'page-files-check.ts');
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

/** The page and option schemas added to `ajv`: the exported names (`page`, `formatters_money` …) and closed objects. */
function addSchemas(ajv: Ajv) {
  const page = JSON.parse(readFileSync(schemaFile, 'utf8'));
  ajv.addSchema(page, 'page');
  const keys: Record<string, string[][]> = { page: closedObjects(page) };
  /** `formatters/money` → `formatters_money`, the schema's key in ajv and its exported name. */
  const options: Record<string, string> = {};
  const schemas = JSON.parse(readFileSync(optionsFile, 'utf8')) as OptionSchemas;
  for (const kind of ['formatters', 'widgets'] as const) {
    for (const [name, schema] of Object.entries(schemas[kind] ?? {})) {
      const exported = `${kind}_${name}`;
      ajv.addSchema(schema, exported);
      keys[`${kind}/${name}`] = closedObjects(schema);
      options[`${kind}/${name}`] = exported;
    }
  }
  return { keys, options };
}

/**
 * Ajv's standalone code `require`s its runtime helpers (ajv#2209), which no browser module can: they become imports.
 * A CommonJS module's default import is its `exports` object under node and may be its `exports.default` under a
 * bundler, so the helper is taken from either.
 */
function withImports(source: string): string {
  const modules = new Map<string, string>();
  const body = source.replace(/require\("([^"]+)"\)\.default/g, (_, module: string) => {
    if (!modules.has(module)) modules.set(module, `helper${modules.size}`);
    const name = modules.get(module) as string;
    return `(${name}.default ?? ${name})`;
  });
  const imports = [...modules].map(([module, name]) => `import ${name} from ${JSON.stringify(module)};`);
  return [...imports, body].join('\n');
}

/** The modules the compiled validators import, for Vite's dependency optimizer. */
export const validatorHelpers = ['ajv/dist/runtime/equal', 'ajv/dist/runtime/ucs2length'];

/**
 * ES module source exporting `validatePage`, `optionValidators` (`formatters/money`, `widgets/dictSelect` …) and
 * `closedObjects` (by `page` or the option schema's name).
 */
export function definitionValidatorSource(): string {
  const ajv = definitionAjv();
  const { keys, options } = addSchemas(ajv);
  const exports: Record<string, string> = { validatePage: 'page' };
  for (const exported of Object.values(options)) exports[exported] = exported;
  const optionExports = Object.entries(options).map(([name, exported]) => `${JSON.stringify(name)}: ${exported}`);
  return [
    withImports(standaloneCode(ajv, exports)),
    `export const optionValidators = { ${optionExports.join(', ')} };`,
    `export const closedObjects = ${JSON.stringify(keys)};`,
  ].join('\n');
}

/** The same validators compiled in this process, for node (the server checking a page before it is published). */
export function compiledValidators() {
  const ajv = definitionAjv();
  const { keys, options } = addSchemas(ajv);
  const compiled = (key: string) => ajv.getSchema(key) as ValidateFunction;
  return {
    validatePage: compiled('page'),
    optionValidators: Object.fromEntries(Object.entries(options).map(([name, key]) => [name, compiled(key)])),
    closedObjects: keys,
  };
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
      // In a process of its own: the checks compile the schemas with this module, which Vite's config has bundled.
      const check = spawnSync(process.execPath, ['--import', 'tsx', pageFilesCheck], { cwd: root, encoding: 'utf8' });
      if (check.status !== 0) this.error(`invalid page definitions:\n${check.stdout}${check.stderr}`);
    },
    // A page file is read once by its screen (and kept by SWR): an edit under `npm run dev` reloads the console, which
    // reads it again, rather than replacing a module no screen asks for twice.
    handleHotUpdate({ file, server }) {
      if (!file.startsWith(`${pagesDir}/`) || !file.endsWith('.json')) return undefined;
      server.ws.send({ type: 'full-reload' });
      return [];
    },
    resolveId: (id) => (id === moduleId ? resolvedId : undefined),
    load(id) {
      // The checks (the studio, npm test, the build) import runtime/schema/compiled.ts: its code compiled ahead here.
      if (id.split('?')[0] === compiledFile) {
        this.addWatchFile(schemaFile);
        this.addWatchFile(optionsFile);
        return definitionValidatorSource();
      }
      if (id !== resolvedId) return undefined;
      // The console built for operators carries no schema validator: buildStart refused any invalid page file and
      // npm test checks every page once merged, so an operator's browser would only repeat those checks.
      if (productionBuild) return passingValidatorSource;
      return `export * from ${JSON.stringify(compiledFile)};`;
    },
  };
}
