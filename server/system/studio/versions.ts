// The stored versions of the pages (table blade_page_version). The database is the truth for every instance: a
// published version is read from it on each screen's load (answered 304 when the console has it already).
import type { FastifyRequest } from 'fastify';
import type { FromSchema } from 'json-schema-to-ts';
import { recordControlChange } from '../../platform/audit/record.js';
import type { AppContext } from '../../platform/context.js';
import { nextId } from '../../platform/db/ids.js';
import type { PageVersionTable } from '../../platform/db/schema.js';
import { now } from '../../platform/db/time.js';
import { baselineText } from './baseline.js';

export const DRAFT = 0;
export const PUBLISHED = 1;
/** A page's draft is kept at number 0: one per page, saved over until it is published. */
const DRAFT_NUMBER = 0;

/**
 * A stored version as the studio reads it, declared once: the server's type comes from this schema, and the console's
 * from the OpenAPI document it is shared in (`components.schemas.PageVersion`, runtime/http/openapi.d.ts).
 */
export const VERSION_SCHEMA = {
  type: 'object',
  additionalProperties: false,
  required: [
    'id',
    'pageId',
    'version',
    'state',
    'definition',
    'comment',
    'author',
    'createTime',
    'baseline',
    'drawFailure',
  ],
  properties: {
    id: { type: 'string' },
    pageId: { type: 'string' },
    version: { type: 'integer' },
    state: { enum: ['draft', 'published'] },
    definition: { description: 'the page definition; null: the shipped file is in force (a revert to the baseline)' },
    comment: { type: 'string' },
    author: { type: 'string' },
    createTime: { type: 'string' },
    baseline: { description: 'the shipped file as it was when this version was written (null: none)' },
    drawFailure: {
      description: 'why the version could not be drawn (server/system/studio/served.ts), when it could not',
      anyOf: [
        {
          type: 'object',
          additionalProperties: false,
          required: ['by', 'path', 'message', 'zh', 'time'],
          properties: {
            by: { enum: ['server', 'console'] },
            path: { type: 'string' },
            message: { type: 'string' },
            zh: { type: 'string' },
            time: { type: 'string' },
          },
        },
        { type: 'null' },
      ],
    },
  },
} as const;

export type VersionOnWire = FromSchema<typeof VERSION_SCHEMA>;

const parsed = (text: string | null | undefined): unknown => (text ? JSON.parse(text) : null);

export const toWire = (row: PageVersionTable): VersionOnWire => ({
  id: String(row.id),
  pageId: row.pageId,
  version: row.version,
  state: row.state === DRAFT ? 'draft' : 'published',
  definition: parsed(row.definition),
  comment: row.comment ?? '',
  author: row.author,
  createTime: row.createTime,
  baseline: parsed(row.baseline),
  drawFailure: parsed(row.drawFailure) as VersionOnWire['drawFailure'],
});

/** Every version of a page, the draft first, then the newest published. */
export async function versionsOf(ctx: AppContext, pageId: string): Promise<PageVersionTable[]> {
  const rows = await ctx.db.selectFrom('blade_page_version').selectAll().where('pageId', '=', pageId).execute();
  return rows.sort((a, b) => (a.state === DRAFT ? -1 : b.state === DRAFT ? 1 : b.version - a.version));
}

export async function versionOf(ctx: AppContext, pageId: string, version: number) {
  return ctx.db
    .selectFrom('blade_page_version')
    .selectAll()
    .where('pageId', '=', pageId)
    .where('version', '=', version)
    .where('state', '=', PUBLISHED)
    .executeTakeFirst();
}

/** The version in force: the newest published one (below `below`, when given), if any. */
export async function publishedOf(ctx: AppContext, pageId: string, below?: number) {
  let query = ctx.db
    .selectFrom('blade_page_version')
    .selectAll()
    .where('pageId', '=', pageId)
    .where('state', '=', PUBLISHED);
  if (below !== undefined) query = query.where('version', '<', below);
  return query.orderBy('version', 'desc').limit(1).executeTakeFirst();
}

/** The newest published version of every page that has one, and which pages have a draft. */
export async function latestOfAll(ctx: AppContext) {
  const rows = await ctx.db
    .selectFrom('blade_page_version')
    .select(['pageId', 'version', 'state', 'definition', 'baseline', 'author', 'createTime'])
    .execute();
  const published = new Map<string, (typeof rows)[number]>();
  const drafts = new Set<string>();
  for (const row of rows) {
    if (row.state === DRAFT) drafts.add(row.pageId);
    else if ((published.get(row.pageId)?.version ?? -1) < row.version) published.set(row.pageId, row);
  }
  return { published, drafts };
}

const authorOf = (request: FastifyRequest) => ({
  author: request.user?.account ?? '',
  createUser: request.user?.userId ?? null,
});

/** Saves the page's draft over the one it had. */
export async function saveDraft(ctx: AppContext, request: FastifyRequest, pageId: string, definition: unknown) {
  await ctx.db.transaction().execute(async (trx) => {
    await trx.deleteFrom('blade_page_version').where('pageId', '=', pageId).where('state', '=', DRAFT).execute();
    await trx
      .insertInto('blade_page_version')
      .values({
        id: nextId(),
        pageId,
        version: DRAFT_NUMBER,
        state: DRAFT,
        definition: JSON.stringify(definition),
        comment: null,
        baseline: baselineText(pageId) ?? null,
        ...authorOf(request),
        createTime: now(),
      })
      .execute();
  });
}

/** How a version came to be in force: published from the editor, rolled back to an older one, or the shipped file. */
export type PublishAction = 'publish' | 'rollback' | 'revert';

/** A version as the audit trail shows it: its number, comment and definition (null: the shipped file). */
const inForce = (row: { version: number; comment: string | null; definition: string | null } | undefined) => ({
  version: row?.version ?? 0,
  comment: row?.comment ?? '',
  definition: parsed(row?.definition),
});

/**
 * Puts `definition` in force as the page's next version (null: the shipped file again) and drops its draft; the
 * versions in force before and after go into the audit trail with it. Two publishes of one page at once cannot take
 * one number (a unique index): the loser is refused and may try again.
 */
export async function publish(
  ctx: AppContext,
  request: FastifyRequest,
  pageId: string,
  definition: unknown,
  comment: string,
  action: PublishAction = 'publish',
): Promise<number> {
  return ctx.db.transaction().execute(async (trx) => {
    const newest = await trx
      .selectFrom('blade_page_version')
      .select('version')
      .where('pageId', '=', pageId)
      .orderBy('version', 'desc')
      .limit(1)
      .executeTakeFirst();
    const before = await trx
      .selectFrom('blade_page_version')
      .select(['version', 'comment', 'definition'])
      .where('pageId', '=', pageId)
      .where('state', '=', PUBLISHED)
      .orderBy('version', 'desc')
      .limit(1)
      .executeTakeFirst();
    const version = (newest?.version ?? 0) + 1;
    await trx.deleteFrom('blade_page_version').where('pageId', '=', pageId).where('state', '=', DRAFT).execute();
    await trx
      .insertInto('blade_page_version')
      .values({
        id: nextId(),
        pageId,
        version,
        state: PUBLISHED,
        definition: definition === null ? null : JSON.stringify(definition),
        comment,
        baseline: baselineText(pageId) ?? null,
        ...authorOf(request),
        createTime: now(),
      })
      .execute();
    await recordControlChange(trx, request, {
      kind: 'page',
      action,
      subject: pageId,
      before: inForce(before),
      after: { version, comment, definition },
    });
    return version;
  });
}
