// What `npm run pages:pull` writes: the newest published version of every page changed in the studio, as the page file
// a developer commits — with its `$schema` first, so an editor checks and completes it as it does every shipped page.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import type { Kysely } from 'kysely';
import { pageText } from '../../../runtime/schema/page-text.js';
import type { Database } from '../../platform/db/schema.js';

const schemaFile = join(import.meta.dirname, '..', '..', '..', 'runtime', 'schema', 'page.schema.json');

/** Writes each page changed in the studio under `dir`; answers the page ids and versions written, oldest first. */
export async function pullPublishedPages(
  db: Kysely<Database>,
  dir: string,
): Promise<Array<{ pageId: string; version: number }>> {
  const rows = await db
    .selectFrom('blade_page_version')
    .select(['pageId', 'version', 'definition'])
    .where('state', '=', 1)
    .orderBy('version', 'asc')
    .execute();
  const newest = new Map(rows.map((row) => [row.pageId, row]));
  const written: Array<{ pageId: string; version: number }> = [];
  for (const row of newest.values()) {
    // A page reverted to its shipped file has no definition of its own: the file stays as shipped.
    if (!row.definition) continue;
    const file = join(dir, `${row.pageId}.json`);
    const { $schema: _stored, ...definition } = JSON.parse(row.definition) as Record<string, unknown>;
    const $schema = relative(dirname(file), schemaFile).replace(/\\/g, '/');
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, pageText({ $schema, ...definition }));
    written.push({ pageId: row.pageId, version: row.version });
  }
  return written;
}
