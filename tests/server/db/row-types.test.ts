// The row types (server/platform/db/schema.ts) are written by hand beside the migrations; this reads both — the
// types through the TypeScript checker, the tables from a freshly migrated database — and fails where they drift: a
// table or column one has and the other lacks, a nullable column typed without null (or the other way round), a
// number typed as text, a column with a default the insert types still demand.
import path from 'node:path';
import { sql } from 'kysely';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../../server/platform/db/index.js';
import { migrate } from '../../../server/platform/db/migrate.js';
import { freshDatabaseUrl } from '../harness.js';

interface Column {
  kind: 'number' | 'text' | 'other';
  nullable: boolean;
  defaulted: boolean;
}

const schemaFile = path.resolve(import.meta.dirname, '../../../server/platform/db/schema.ts');

/** Every table of the `Database` interface with its columns, as the types declare them. */
function declaredTables(): Map<string, Map<string, Column>> {
  const program = ts.createProgram([schemaFile], { strict: true, skipLibCheck: true, noEmit: true });
  const checker = program.getTypeChecker();
  const source = program.getSourceFile(schemaFile) as ts.SourceFile;
  const database = source.statements.find(
    (node): node is ts.InterfaceDeclaration => ts.isInterfaceDeclaration(node) && node.name.text === 'Database',
  ) as ts.InterfaceDeclaration;
  const tables = new Map<string, Map<string, Column>>();
  for (const table of checker.getTypeAtLocation(database).getProperties()) {
    const columns = new Map<string, Column>();
    const rowType = checker.getTypeOfSymbol(table);
    for (const column of rowType.getProperties()) {
      const text = checker.typeToString(checker.getTypeOfSymbol(column));
      const defaulted = /^Generated</.test(text);
      const inner = defaulted ? text.slice('Generated<'.length, -1) : text;
      const parts = inner.split('|').map((part) => part.trim());
      const named = parts.filter((part) => part !== 'null');
      const kind = named.every((part) => part === 'number') ? 'number' : named.every(isText) ? 'text' : 'other';
      columns.set(column.name, { kind, nullable: parts.includes('null'), defaulted });
    }
    tables.set(table.name, columns);
  }
  return tables;
}

const isText = (part: string) => part === 'string' || /^"[^"]*"$/.test(part);
/** The migrator's own bookkeeping, which no query of ours reads. */
const MIGRATOR_TABLES = ['blade_migration', 'blade_migration_lock'];

/** `table.column` of every primary key column: SQLite reports a text key as nullable though it never holds null. */
async function primaryKeys(opened: ReturnType<typeof openDatabase>): Promise<Set<string>> {
  const rows =
    opened.dialect === 'sqlite'
      ? await sql<{ tableName: string; columnName: string }>`
          select t.name as table_name, c.name as column_name
          from sqlite_master t, pragma_table_info(t.name) c where t.type = 'table' and c.pk > 0`.execute(opened.db)
      : await sql<{ tableName: string; columnName: string }>`
          select k.table_name, k.column_name from information_schema.table_constraints c
          join information_schema.key_column_usage k using (constraint_schema, constraint_name)
          where c.constraint_type = 'PRIMARY KEY' and c.table_schema = current_schema()`.execute(opened.db);
  return new Set(rows.rows.map((row) => `${row.tableName}.${camel(row.columnName)}`));
}

const camel = (name: string) => name.replace(/_([a-z0-9])/g, (_, letter: string) => letter.toUpperCase());
const NUMBER_TYPES = /^(integer|int|int2|int4|int8|bigint|smallint|numeric|real|double precision|float8|boolean)$/i;

describe('the row types', () => {
  let opened: ReturnType<typeof openDatabase>;

  beforeAll(async () => {
    opened = openDatabase(await freshDatabaseUrl());
    await migrate(opened.db);
  });

  afterAll(() => opened?.close());

  it('declare every table and column the migrations create, each with its nullability, kind and default', async () => {
    const declared = declaredTables();
    const created = (await opened.db.introspection.getTables()).filter(
      (table) => !MIGRATOR_TABLES.includes(table.name),
    );
    const keys = await primaryKeys(opened);
    const drift: string[] = [];
    for (const table of created) {
      const columns = declared.get(table.name);
      if (!columns) {
        drift.push(`${table.name}: created by the migrations, missing from Database`);
        continue;
      }
      for (const column of table.columns) {
        const name = camel(column.name);
        const type = columns.get(name);
        if (!type) {
          drift.push(`${table.name}.${name}: created by the migrations, missing from the row type`);
          continue;
        }
        columns.delete(name);
        const nullable = column.isNullable && !keys.has(`${table.name}.${name}`);
        if (type.nullable !== nullable)
          drift.push(`${table.name}.${name}: the column is ${nullable ? '' : 'not '}nullable, the type says otherwise`);
        const number = NUMBER_TYPES.test(column.dataType);
        if (type.kind === 'number' && !number)
          drift.push(`${table.name}.${name}: typed number, the column is ${column.dataType}`);
        if (type.kind === 'text' && number)
          drift.push(`${table.name}.${name}: typed text, the column is ${column.dataType}`);
        const defaulted = column.hasDefaultValue || column.isAutoIncrementing;
        if (defaulted && !type.defaulted && !type.nullable)
          drift.push(`${table.name}.${name}: the column has a default, the type demands a value on insert`);
        if (type.defaulted && !defaulted)
          drift.push(`${table.name}.${name}: typed Generated, the column has no default`);
      }
      for (const name of columns.keys())
        drift.push(`${table.name}.${name}: in the row type, not created by the migrations`);
      declared.delete(table.name);
    }
    for (const name of declared.keys()) drift.push(`${name}: in Database, not created by the migrations`);
    expect(drift).toEqual([]);
  });
});
