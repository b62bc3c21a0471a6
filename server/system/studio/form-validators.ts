// A published version's forms compiled by ajv (runtime/form/compile.ts), served from our own origin as a JavaScript
// module the console imports: the browser checks a form as the definition says without compiling anything, so the
// Content-Security-Policy keeps refusing eval. A publish compiles the version before storing it (a form ajv cannot
// compile is refused, naming it); a stored version never changes, so its module is kept per process, by what it was
// compiled from, and compiled again from the stored definition after a restart.
// A module script is fetched without the caller's Blade-Auth header, so its URL carries the right to read it: the
// published-version answer, which only a signed-in console gets, hands out a URL signed for that page and version.
import crypto from 'node:crypto';
import { formSchemasOf, formValidatorsSource, uncompilableField } from '../../../runtime/form/compile.js';
import { resolveExtends } from '../../../runtime/page/extends.js';
import type { DefinitionProblem } from '../../../runtime/schema/validate.js';
import { fileOfPage, loadPageFile } from './baseline.js';

export const formValidatorsCall = '/blade-system/page-definition/form-validators';

/**
 * Compiled modules by what they were compiled from (the page, its version and its definition's hash): a version number
 * alone is not enough, as a database restored from a backup numbers its next publishes again. The shipped files a
 * definition extends are the release's own, the same for every instance. The oldest go first past MODULES_KEPT.
 */
const modules = new Map<string, string>();
const MODULES_KEPT = 500;
const keyOf = (pageId: string, version: number) => `${pageId}@${version}`;
const contentKey = (pageId: string, version: number, definition: unknown) =>
  `${keyOf(pageId, version)}#${crypto.createHash('sha256').update(JSON.stringify(definition)).digest('base64url')}`;

/** The module of a definition's forms, with what it extends filled in from the shipped files; `origin` names it. */
export async function formsModule(pageId: string, definition: unknown, origin: string): Promise<string> {
  const whole = await resolveExtends(definition, fileOfPage(pageId), loadPageFile);
  return formValidatorsSource(formSchemasOf(whole), origin);
}

/** The module of a version's forms, kept once compiled. */
export async function compileFormValidators(pageId: string, version: number, definition: unknown): Promise<string> {
  const key = contentKey(pageId, version, definition);
  let source = modules.get(key);
  if (!source) {
    source = await formsModule(pageId, definition, `${fileOfPage(pageId)} v${version}`);
    modules.set(key, source);
    if (modules.size > MODULES_KEPT) modules.delete(modules.keys().next().value as string);
  }
  return source;
}

/** The first field of a definition about to be published that ajv cannot compile, with its path, if any. */
export async function formCompileProblem(pageId: string, definition: unknown): Promise<DefinitionProblem | undefined> {
  const whole = await resolveExtends(definition, fileOfPage(pageId), loadPageFile);
  const field = uncompilableField(whole);
  return (
    field && {
      path: field.path,
      message: `the field cannot be checked: ${field.message}`,
      zh: `该字段的校验无法编译: ${field.message}`,
    }
  );
}

/** A module script is fetched without the Blade-Auth header: its URL carries a signature for what it may read. */
export const signatureOf = (secret: string, subject: string) =>
  crypto.createHmac('sha256', secret).update(subject).digest('base64url');

export function isSignatureOf(secret: string, subject: string, sig: string): boolean {
  const expected = Buffer.from(signatureOf(secret, subject));
  const given = Buffer.from(sig);
  return expected.length === given.length && crypto.timingSafeEqual(expected, given);
}

const versionSubject = (pageId: string, version: number) => `form-validators\n${keyOf(pageId, version)}`;

/** The URL a signed-in console imports the version's module from. */
export function formValidatorsUrl(secret: string, pageId: string, version: number): string {
  const sig = signatureOf(secret, versionSubject(pageId, version));
  const query = new URLSearchParams({ pageId, version: String(version), sig });
  return `/api${formValidatorsCall}?${query}`;
}

export const isSigned = (secret: string, pageId: string, version: number, sig: string): boolean =>
  isSignatureOf(secret, versionSubject(pageId, version), sig);
