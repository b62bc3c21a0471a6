// What a refused request must leave untouched: the row count and the latest update of every business and system
// table, read in one query. Logs, sessions, captchas, failure counters and rate-limit counters are written by
// refusals on purpose; blade_setting holds the server's own bookkeeping, which timers update whatever the requests.
import { sql } from 'kysely';
import type { Server } from '../../../server/start.js';

const WRITTEN_BY_REFUSALS =
  /^(blade_log_|blade_session$|blade_captcha$|blade_login_failure$|blade_rate_limit$|blade_setting$|kysely_)/;

export type Fingerprint = () => Promise<string>;

/** The tables whose rows differ between two fingerprints, for a message that says where a refusal wrote. */
export function changedTables(before: string, after: string): string[] {
  const rows = (text: string) => JSON.parse(text) as Array<{ t: string }>;
  const old = new Map(rows(before).map((row) => [row.t, JSON.stringify(row)]));
  return rows(after)
    .filter((row) => old.get(row.t) !== JSON.stringify(row))
    .map((row) => row.t);
}

export async function fingerprintOf(server: Server): Promise<Fingerprint> {
  const tables = (await server.ctx.db.introspection.getTables()).filter(
    (table) => !WRITTEN_BY_REFUSALS.test(table.name),
  );
  const parts = tables.map((table) => {
    const updated = table.columns.some((column) => column.name === 'update_time')
      ? sql`(select cast(max(update_time) as varchar(32)) from ${sql.table(table.name)})`
      : sql`cast('' as varchar(32))`;
    return sql`select ${sql.lit(table.name)} as t, (select count(*) from ${sql.table(table.name)}) as n, ${updated} as u`;
  });
  const query = sql.join(parts, sql` union all `);
  return async () => JSON.stringify((await sql<Record<string, unknown>>`${query}`.execute(server.ctx.db)).rows);
}
