// The page and option schemas compiled with Ajv, as the checks use them under node (the server checking a page
// before it is published, the tests). The console's bundler compiles the same schemas ahead of time from here
// (scripts/definition-validator.ts), so no browser compiles a schema with `new Function`.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Ajv, { type ValidateFunction } from 'ajv';

const pageSchemaFile = join(import.meta.dirname, 'page.schema.json');
const optionsSchemaFile = join(import.meta.dirname, 'options.schema.json');

/** The files the validators are compiled from (a change to one compiles them again). */
export const definitionSchemaFiles = [pageSchemaFile, optionsSchemaFile];

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

/** The kinds of name whose options are declared, as options.schema.json groups them. */
export const optionKinds = ['formatters', 'widgets', 'actions'] as const;

type OptionSchemas = Record<(typeof optionKinds)[number], Record<string, object>>;

/** The page and option schemas added to `ajv`: the exported names (`page`, `formatters_money` …) and closed objects. */
export function addDefinitionSchemas(ajv: Ajv) {
  const page = JSON.parse(readFileSync(pageSchemaFile, 'utf8'));
  ajv.addSchema(page, 'page');
  const keys: Record<string, string[][]> = { page: closedObjects(page) };
  /** `formatters/money` → `formatters_money`, the schema's key in ajv and its exported name. */
  const options: Record<string, string> = {};
  const schemas = JSON.parse(readFileSync(optionsSchemaFile, 'utf8')) as OptionSchemas;
  for (const kind of optionKinds) {
    for (const [name, schema] of Object.entries(schemas[kind] ?? {})) {
      const exported = `${kind}_${name}`;
      ajv.addSchema(schema, exported);
      keys[`${kind}/${name}`] = closedObjects(schema);
      options[`${kind}/${name}`] = exported;
    }
  }
  return { keys, options };
}

/** The validators compiled in this process, for node (the server checking a page before it is published). */
export function compiledValidators() {
  const ajv = definitionAjv();
  const { keys, options } = addDefinitionSchemas(ajv);
  const compiled = (key: string) => ajv.getSchema(key) as ValidateFunction;
  return {
    validatePage: compiled('page'),
    optionValidators: Object.fromEntries(Object.entries(options).map(([name, key]) => [name, compiled(key)])),
    closedObjects: keys,
  };
}
