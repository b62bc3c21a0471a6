// The studio's preview checks a draft's forms as the published page will: the server compiles the draft's forms with
// the code a publish uses (form-validators.ts) into a module stored as a row under the hash of what it was compiled
// from, so any instance serves it, and hands out a URL signed for that hash, which the preview imports (a module
// script carries no Blade-Auth header). A module is asked for while the analyst types: one older than a day is no
// draft's any more and goes when another is stored.
import crypto from 'node:crypto';
import type { AppContext } from '../../platform/context.js';
import { formatDateTime } from '../../platform/db/time.js';
import { compileFormValidators } from './form-validators.js';

export const previewValidatorsCall = '/blade-system/studio/preview-validators';
const KEPT_MS = 24 * 3600_000;

const signature = (secret: string, hash: string) =>
  crypto.createHmac('sha256', secret).update(`preview-validators\n${hash}`).digest('base64url');

export function isPreviewSigned(secret: string, hash: string, sig: string): boolean {
  const expected = Buffer.from(signature(secret, hash));
  const given = Buffer.from(sig);
  return expected.length === given.length && crypto.timingSafeEqual(expected, given);
}

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
    // The version number only names the module's origin in its comment: a preview is no version.
    const source = await compileFormValidators(pageId, 0, definition);
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
  const query = new URLSearchParams({ hash, sig: signature(secret, hash) });
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
