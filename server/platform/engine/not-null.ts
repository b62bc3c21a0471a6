// The columns of a table that cannot hold null and have no default, read once from the database itself, so a submit
// that empties one ("" or null) is refused with the field's name instead of failing in the database.
import type { AppContext } from '../context.js';
import { camelCase } from './filters.js';

const known = new WeakMap<object, Promise<Map<string, Set<string>>>>();

async function readColumns(ctx: AppContext): Promise<Map<string, Set<string>>> {
  const tables = await ctx.db.introspection.getTables();
  return new Map(
    tables.map((table) => [
      table.name,
      new Set(table.columns.filter((column) => !column.isNullable).map((column) => camelCase(column.name))),
    ]),
  );
}

/** Fields (camelCase) of `table` that are NOT NULL. */
export async function notNullFields(ctx: AppContext, table: string): Promise<Set<string>> {
  let columns = known.get(ctx.db);
  if (!columns) {
    columns = readColumns(ctx);
    known.set(ctx.db, columns);
  }
  return (await columns).get(table) ?? new Set();
}
