// The one place the server checks a page before storing a version (the studio's publish calls nothing else) and
// before serving one (served.ts).
// It refuses a definition past its limits (runtime/schema/limits.ts) before walking it further, code where data
// belongs (runtime/page/data-only.ts), resolves what the page extends from the shipped files, and runs the page checks
// every other place runs (runtime/schema/check-page.ts) with the server's own description, so a publish is refused for
// what would fail silently on screen.
import type { FastifyInstance } from 'fastify';
import { dataOnlyProblems } from '../../../runtime/page/data-only.js';
import { ExtendsError, resolveExtends } from '../../../runtime/page/extends.js';
import { type ApiDescription, checkPage, type DefinitionProblem } from '../../../runtime/schema/check-page.js';
import { limitProblems } from '../../../runtime/schema/limits.js';
import { pageDescription } from '../../platform/docs/page-description.js';
import { loadPageFile } from './baseline.js';

/**
 * What is wrong with a page an analyst wants to publish as `file` (`pages/system/param.json`); nothing when it may be
 * stored.
 */
export async function studioProblems(
  app: FastifyInstance,
  definition: unknown,
  file: string,
): Promise<DefinitionProblem[]> {
  return pageProblems(definition, file, () => pageDescription(app));
}

/**
 * What makes a stored version unfit to draw as `file`, whatever the database holds now: its limits, code, what it
 * extends, the schema and the console's names. The server checks what it serves with this (served.ts); the same
 * answer for a version as long as the server runs.
 */
export function servedProblems(definition: unknown, file: string): Promise<DefinitionProblem[]> {
  return pageProblems(definition, file);
}

async function pageProblems(
  definition: unknown,
  file: string,
  describe?: () => Promise<ApiDescription>,
): Promise<DefinitionProblem[]> {
  const oversize = limitProblems(definition);
  if (oversize.length) return oversize;
  const unsafe = dataOnlyProblems(definition);
  if (unsafe.length) return unsafe;
  let whole: unknown;
  try {
    whole = await resolveExtends(definition, file, loadPageFile);
  } catch (error) {
    if (error instanceof ExtendsError) return [{ path: error.path, message: error.message, zh: error.zh }];
    throw error;
  }
  return checkPage(whole, { file, description: describe && (await describe()) });
}

/** What a draft may not be even unfinished: past its limits, or code. */
export function draftProblems(definition: unknown): DefinitionProblem[] {
  const oversize = limitProblems(definition);
  return oversize.length ? oversize : dataOnlyProblems(definition);
}
