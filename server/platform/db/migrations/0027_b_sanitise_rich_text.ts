// Rich text written before the server kept it to the allowlist (runtime/rich-text/allowlist.ts) is cleaned where it
// lies, as a save cleans it now: notices, tips, answers to common questions, activities' rules and official-account
// articles. Rows are read in pages of ids; only a value whose markup changes is written back. There is no `down`:
// what was taken out is not kept, so nothing can be put back.
import { type Kysely, sql } from 'kysely';
import { cleanRichText } from '../../rich-text.js';

/** Every column a resource declares `richText`. */
const RICH_TEXT: Array<[table: string, column: string]> = [
  ['blade_notice', 'content'],
  ['biz_tip', 'content'],
  ['biz_normal', 'answer'],
  ['biz_activity', 'rules'],
  ['mp_material', 'content'],
];

const PAGE = 500;

async function clean(db: Kysely<unknown>, table: string, column: string): Promise<void> {
  let after = 0;
  for (;;) {
    const { rows } = await sql<{ id: number | string; html: string | null }>`
      select id, ${sql.ref(column)} as html from ${sql.table(table)} where id > ${after} order by id limit ${PAGE}
    `.execute(db);
    for (const row of rows) {
      if (!row.html) continue;
      const { html } = cleanRichText(row.html);
      if (html !== row.html) {
        await sql`update ${sql.table(table)} set ${sql.ref(column)} = ${html} where id = ${row.id}`.execute(db);
      }
    }
    if (rows.length < PAGE) return;
    after = Number(rows[rows.length - 1].id);
  }
}

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const [table, column] of RICH_TEXT) await clean(db, table, column);
}
