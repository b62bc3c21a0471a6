// Column sets shared by migrations. Fresh databases replay every migration, so never change one a migration uses.
import type { CreateTableBuilder } from 'kysely';

export type Table = CreateTableBuilder<string, string>;

/** The base columns of most BladeX tables: audit, status and logical delete. */
export function withBase(table: Table): Table {
  return table
    .addColumn('id', 'bigint', (c) => c.primaryKey())
    .addColumn('tenant_id', 'varchar(12)', (c) => c.notNull().defaultTo('000000'))
    .addColumn('create_user', 'bigint')
    .addColumn('create_dept', 'bigint')
    .addColumn('create_time', 'timestamp')
    .addColumn('update_user', 'bigint')
    .addColumn('update_time', 'timestamp')
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('is_deleted', 'integer', (c) => c.notNull().defaultTo(0));
}
