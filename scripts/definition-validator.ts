// The page definition validator, compiled from runtime/schema/page.schema.json when the console is built or tested:
// the browser runs Ajv's generated code instead of shipping Ajv and compiling the schema with `new Function`. It is
// generated on every build, never written to the repository, so it cannot fall behind the schema.
// A production build checks every page file first (scripts/page-files-check.ts) and refuses to build with an invalid
// one; its operators' screens then carry only the checks against the registry, not the compiled schemas, which only
// the checks (runtime/schema/compiled.ts: the studio, npm test) load.
import { spawnSync } from 'node:child_process';
import { join, relative } from 'node:path';
import standaloneCode from 'ajv/dist/standalone/index.js';
import type { Plugin } from 'vite';
import { pageEditedEvent } from '../runtime/page/edited';
import { addDefinitionSchemas, definitionAjv, definitionSchemaFiles } from '../runtime/schema/compile';

const moduleId = 'virtual:definition-validator';
const resolvedId = `\0${moduleId}`;
const root = join(import.meta.dirname, '..');
/** The checks' validators: compiled in process under node, served compiled ahead by this plugin to the console. */
const compiledFile = join(root, 'runtime', 'schema', 'compiled.ts');
const pageFilesCheck = join(root, 'scripts', 'page-files-check.ts');
const pagesDir = join(root, 'pages');

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
  const { keys, options } = addDefinitionSchemas(ajv);
  const exports: Record<string, string> = { validatePage: 'page' };
  for (const exported of Object.values(options)) exports[exported] = exported;
  const optionExports = Object.entries(options).map(([name, exported]) => `${JSON.stringify(name)}: ${exported}`);
  return [
    withImports(standaloneCode(ajv, exports)),
    `export const optionValidators = { ${optionExports.join(', ')} };`,
    `export const closedObjects = ${JSON.stringify(keys)};`,
  ].join('\n');
}

/**
 * What a production build gets instead of the compiled schemas: every definition passes them, the options of every
 * name included (a name without a validator would have its options refused).
 */
const passingValidatorSource = [
  'const pass = Object.assign(() => true, { errors: null });',
  'export const validatePage = pass;',
  'export const optionValidators = new Proxy({}, { get: () => pass });',
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
    // A page file edited under `npm run dev` is sent to the console as it now reads, and the open screen draws it in
    // place (runtime/page/definitions.ts): the list's search, an open dialog and what was typed in it stay. A file
    // that is not JSON yet (half typed) is shown in Vite's error overlay; the screen keeps the last one that was.
    handleHotUpdate({ file, server, read }) {
      if (!file.startsWith(`${pagesDir}/`) || !file.endsWith('.json')) return undefined;
      return (async () => {
        const text = await read();
        try {
          const definition = JSON.parse(text) as unknown;
          server.ws.send({
            type: 'custom',
            event: pageEditedEvent,
            data: { file: `/${relative(root, file)}`, definition },
          });
        } catch (error) {
          server.ws.send({ type: 'error', err: { message: `${relative(root, file)}: ${String(error)}`, stack: '' } });
        }
        return [];
      })();
    },
    resolveId: (id) => (id === moduleId ? resolvedId : undefined),
    load(id) {
      // The checks (the studio, npm test, the build) import runtime/schema/compiled.ts: its code compiled ahead here.
      if (id.split('?')[0] === compiledFile) {
        for (const file of definitionSchemaFiles) this.addWatchFile(file);
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
