// The studio's preview checks a draft's forms as the published page will: the server compiles the draft's forms with
// the code a publish uses (form-validators.ts) into a module stored as a row under the hash of what it was compiled
// from, so any instance serves it, and hands out a URL signed for that hash, which the preview imports (a module
// script carries no Blade-Auth header). A module is asked for while the analyst types: one older than a day is no
// draft's any more and goes when another is stored.
import crypto from 'node:crypto';
import type { AppContext } from '../../platform/context.js';
import { formatDateTime } from '../../platform/db/time.js';
import { fileOfPage } from './baseline.js';
import { formsModule, isSignatureOf, signatureOf } from './form-validators.js';

export const previewValidatorsCall = '/blade-system/studio/preview-validators';
const KEPT_MS = 24 * 3600_000;

const subjectOf = (hash: string) => `preview-validators\n${hash}`;

export const isPreviewSigned = (secret: string, hash: string, sig: string): boolean =>
  isSignatureOf(secret, subjectOf(hash), sig);

/** Compiles the draft's forms (unless this very draft was), stores the module and answers the URL it is read from. */
export async function previewValidatorsUrl(
  ctx: AppContext,
  secret: string,
  pageId: string,
  definition: unknown,
): Promise<string> {
  const hash = crypto.createHash('sha256').update(JSON.stringify({ pageId, definition })).digest('base64url');
  const stored = await ctx.db
    .selectFrom('blade_preview_validators')
    .select('hash')
    .where('hash', '=', hash)
    .executeTakeFirst();
  if (!stored) {
    // Compiled afresh, not kept in the published versions' cache: the row is what any instance serves.
    const source = await formsModule(pageId, definition, `a preview of ${fileOfPage(pageId)}`);
    await ctx.db
      .deleteFrom('blade_preview_validators')
      .where('createTime', '<', formatDateTime(new Date(Date.now() - KEPT_MS)))
      .execute();
    await ctx.db
      .insertInto('blade_preview_validators')
      .values({ hash, pageId, source, createTime: formatDateTime(new Date()) })
      .onConflict((conflict) => conflict.column('hash').doNothing())
      .execute();
  }
  const query = new URLSearchParams({ hash, sig: signatureOf(secret, subjectOf(hash)) });
  return `/api${previewValidatorsCall}?${query}`;
}

/** The stored module of a preview, if it is still kept. */
export async function previewValidatorsSource(ctx: AppContext, hash: string): Promise<string | undefined> {
  const row = await ctx.db
    .selectFrom('blade_preview_validators')
    .select('source')
    .where('hash', '=', hash)
    .executeTakeFirst();
  return row?.source;
}
