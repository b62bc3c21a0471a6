// The checks of a page definition, one module for the studio (in the browser), the server (before it publishes a
// page), npm test and the build: the JSON itself, the page schema, the registry's names and formatter and widget
// options, and with the server's description what passes all of those and still fails silently on screen.
import { findNodeAtLocation, type ParseError, parse, parseTree, printParseErrorCode } from 'jsonc-parser';
import { ExtendsError, resolveExtendsFrom } from '../page/extends';
import { consoleNames } from '../registry-names';
import * as validators from './compiled';
import { type DefinitionProblem, definitionProblems } from './definition-problems';
import type { ApiDescription } from './description';
import { limitProblems } from './limits';
import { pageIdProblems } from './page-id';
import { serverProblems } from './server-checks';
import type { PageDefinition } from './types';

export type { DefinitionProblem } from './definition-problems';
export type { ApiDescription } from './description';

export interface CheckContext {
  /** Where the definition comes from, as problems name it: `pages/business/order.json`. */
  file: string;
  /** The server's description (GET /api/blade-system/page-check/description); without it only the page is checked. */
  description?: ApiDescription;
  /** Other definitions by page id (`system/dict`, `_shared/log`), for what this one `extends`. */
  pages?: Record<string, unknown>;
}

/** Offset → line and column, from 1. */
function position(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, offset).split('\n');
  return { line: before.length, column: before[before.length - 1].length + 1 };
}

const tokensOf = (pointer: string) =>
  pointer
    .split('/')
    .slice(1)
    .map((token) => token.replace(/~1/g, '/').replace(/~0/g, '~'))
    .map((token) => (/^\d+$/.test(token) ? Number(token) : token));

/** The text broken: its first error, at its line and column. */
function syntaxProblems(text: string, file: string): DefinitionProblem[] {
  const errors: ParseError[] = [];
  parse(text, errors, { disallowComments: true, allowTrailingComma: false });
  return errors.slice(0, 1).map((error) => {
    const at = position(text, error.offset);
    const what = printParseErrorCode(error.error);
    return {
      file,
      ...at,
      path: '/',
      message: `not valid JSON at line ${at.line}, column ${at.column} (${what})`,
      zh: `第 ${at.line} 行第 ${at.column} 列不是合法的 JSON (${what})`,
    };
  });
}

/** The problems with their line and column in the text, the nearest place the text has for each path. */
function located(problems: DefinitionProblem[], text: string | undefined): DefinitionProblem[] {
  if (text === undefined) return problems;
  const tree = parseTree(text);
  if (!tree) return problems;
  return problems.map((problem) => {
    const tokens = tokensOf(problem.path);
    for (let length = tokens.length; length >= 0; length--) {
      const node = findNodeAtLocation(tree, tokens.slice(0, length));
      if (node) return { ...problem, ...position(text, node.offset) };
    }
    return problem;
  });
}

/** The page a definition file is (`system/param` of `pages/system/param.json`); none for other sources. */
const pageOfFile = (file: string) => /^pages\/(.+)\.json$/.exec(file)?.[1];

const isFragment = (file: string) => /(^|\/)pages\/_shared\//.test(file) || file.startsWith('_shared/');

function extendsAnything(node: unknown): boolean {
  if (Array.isArray(node)) return node.some(extendsAnything);
  if (!node || typeof node !== 'object') return false;
  return 'extends' in node || Object.values(node).some(extendsAnything);
}

/**
 * Every problem of a definition (its object, or its file's text), each naming the file, the JSON path, the wrong word
 * and the nearest right ones, in English and Chinese. A fragment under pages/_shared/ is checked where a page uses it;
 * a definition that `extends` another is checked merged with it when `pages` holds it.
 */
export function checkPage(definition: unknown, context: CheckContext): DefinitionProblem[] {
  const { file, description, pages } = context;
  const text = typeof definition === 'string' ? definition : undefined;
  if (text !== undefined) {
    const broken = syntaxProblems(text, file);
    if (broken.length) return broken;
  }
  const own = text === undefined ? definition : JSON.parse(text);
  if (isFragment(file)) return [];
  const oversize = limitProblems(own);
  if (oversize.length)
    return located(
      oversize.map((problem) => ({ file, ...problem })),
      text,
    );
  const pageId = pageOfFile(file);
  const misnamed = pageId === undefined ? [] : pageIdProblems(own, pageId);
  if (misnamed.length)
    return located(
      misnamed.map((problem) => ({ file, ...problem })),
      text,
    );
  let page = own;
  if (extendsAnything(own)) {
    // Without the definitions it extends, what it inherits is unknown: nothing more can be said without guessing.
    if (!pages) return [];
    try {
      page = resolveExtendsFrom(own, file, (pageId) => pages[pageId]);
    } catch (error) {
      if (!(error instanceof ExtendsError)) throw error;
      return located([{ file: error.file, path: error.path, message: error.message, zh: error.zh }], text);
    }
  }
  const problems = definitionProblems(page, { validators, names: consoleNames });
  // A page in the schema's shape is checked against the server too, even with a wrong name or view field: a misspelt
  // column is then named where it is, not only where a view section misses it. One problem per place is enough.
  if (description && validators.validatePage(page)) {
    const named = new Set(problems.map((problem) => problem.path));
    problems.push(...serverProblems(page as PageDefinition, description).filter(({ path }) => !named.has(path)));
  }
  return located(
    problems.map((problem) => ({ file, ...problem })),
    // A merged page keeps the file's own paths (objects merge key by key, arrays replace): a problem in what it
    // inherits is located at the nearest place the file has, the object that extends.
    text,
  );
}
