// The one place the server checks a page before storing a version: the studio's publish calls nothing else.
// It runs the page schema (runtime/schema/page.schema.json, compiled once with Ajv), resolves what the page extends
// from the shipped files, and refuses code where data belongs (runtime/page/data-only.ts).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Ajv, { type ErrorObject } from 'ajv';
import { dataOnlyProblems } from '../../runtime/page/data-only.js';
import { ExtendsError, resolveExtends } from '../../runtime/page/extends.js';
import { closest } from '../../runtime/schema/closest.js';
import type { DefinitionProblem } from '../../runtime/schema/validate.js';
import { loadPageFile } from './baseline.js';

const schema = JSON.parse(
  readFileSync(join(import.meta.dirname, '..', '..', 'runtime', 'schema', 'page.schema.json'), 'utf8'),
) as object;

const validatePage = new Ajv({
  allErrors: true,
  strict: true,
  strictRequired: false,
  allowUnionTypes: true,
  keywords: ['x-description-en'],
}).compile(schema);

/** The key lists of the schema's closed objects: "did you mean" picks among those that fit the object best. */
const closedObjects: string[][] = [];
(function collect(node: unknown) {
  if (Array.isArray(node)) {
    for (const item of node) collect(item);
    return;
  }
  if (!node || typeof node !== 'object') return;
  const object = node as Record<string, unknown>;
  if (object.additionalProperties === false && object.properties && typeof object.properties === 'object')
    closedObjects.push(Object.keys(object.properties));
  for (const [key, value] of Object.entries(object)) if (key !== 'examples' && key !== 'enum') collect(value);
})(schema);

function at(data: unknown, pointer: string): unknown {
  return pointer
    .split('/')
    .slice(1)
    .reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], data);
}

function unknownKey(error: ErrorObject, data: unknown): DefinitionProblem {
  const name = String(error.params.additionalProperty);
  const value = at(data, error.instancePath);
  const present = value && typeof value === 'object' ? Object.keys(value).filter((key) => key !== name) : [];
  const fit = (keys: string[]) => present.filter((key) => keys.includes(key)).length;
  const best = Math.max(0, ...closedObjects.map(fit));
  const suggestion = closest(name, [...new Set(closedObjects.filter((keys) => fit(keys) === best).flat())]);
  const path = `${error.instancePath}/${name}`;
  const said = { path, message: `unknown property "${name}"`, zh: `未知的属性 "${name}"` };
  return suggestion ? { ...said, suggestion } : said;
}

function describe(error: ErrorObject, data: unknown): DefinitionProblem {
  const path = error.instancePath || '/';
  if (error.keyword === 'additionalProperties') return unknownKey(error, data);
  if (error.keyword === 'required') {
    const name = String(error.params.missingProperty);
    return { path, message: `must have property "${name}"`, zh: `缺少属性 "${name}"` };
  }
  if (error.keyword === 'enum') {
    const allowed = (error.params.allowedValues as unknown[]).map(String);
    const given = at(data, error.instancePath);
    const suggestion = typeof given === 'string' ? closest(given, allowed) : undefined;
    const said = {
      path,
      message: `must be one of: ${allowed.join(', ')}`,
      zh: `只能是以下之一: ${allowed.join(', ')}`,
    };
    return suggestion ? { ...said, suggestion } : said;
  }
  const message = error.message ?? error.keyword;
  return { path, message, zh: `不符合规则: ${message}` };
}

/** Ajv reports every failed branch of a oneOf; the deepest errors are the ones an analyst can act on. */
function schemaProblems(definition: unknown): DefinitionProblem[] {
  if (validatePage(definition)) return [];
  const errors = validatePage.errors ?? [];
  const depth = (e: ErrorObject) => e.instancePath.split('/').length + (e.keyword === 'additionalProperties' ? 1 : 0);
  const deepest = Math.max(...errors.map(depth));
  const seen = new Set<string>();
  return errors
    .filter((e) => depth(e) === deepest && e.keyword !== 'oneOf' && e.keyword !== 'if')
    .map((e) => describe(e, definition))
    .filter((p) => {
      const key = `${p.path}|${p.message}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
}

/**
 * What is wrong with a page an analyst wants to publish as `file` (`pages/system/param.json`); nothing when it may be
 * stored. The studio's checks of the server's names (fields, filters, dictionaries, buttons) take this place.
 */
export async function studioProblems(definition: unknown, file: string): Promise<DefinitionProblem[]> {
  const unsafe = dataOnlyProblems(definition);
  if (unsafe.length) return unsafe;
  let whole: unknown;
  try {
    whole = await resolveExtends(definition, file, loadPageFile);
  } catch (error) {
    if (error instanceof ExtendsError) return [{ path: error.path, message: error.message, zh: error.zh }];
    throw error;
  }
  return schemaProblems(whole);
}
