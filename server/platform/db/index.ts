// Opens the database named by DATABASE_URL: PostgreSQL for `postgres://…`, otherwise a SQLite file.
import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import {
  CamelCasePlugin,
  CompiledQuery,
  type DatabaseConnection,
  type Driver,
  Kysely,
  PostgresDialect,
  SqliteDialect,
  type SqliteDialectConfig,
  SqliteDriver,
} from 'kysely';
import pg from 'pg';
import type { Database } from './schema.js';

export type DialectName = 'sqlite' | 'postgres';

export interface Db {
  db: Kysely<Database>;
  dialect: DialectName;
  close: () => Promise<void>;
}

// int8 (ids, cents) and numeric counts arrive as numbers: ids stay below 2^53 (see ids.ts), and timestamps arrive
// as the BladeX text form instead of Date objects so both databases answer alike.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (value) => Number(value));
pg.types.setTypeParser(pg.types.builtins.TIMESTAMP, (value) => value.slice(0, 19));

export const isPostgresUrl = (url: string): boolean => /^postgres(ql)?:\/\//.test(url);

const pause = (ms: number): void => {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
};

/**
 * WAL lets readers go on while one writes, and stays set in the file. Switching a new file to it needs the file to
 * itself, and SQLite answers a second process opening it at that moment with SQLITE_BUSY at once, without waiting
 * out the busy timeout; so the switch is tried again for a few seconds.
 */
function useWriteAheadLog(database: SQLite.Database): void {
  for (let attempt = 1; ; attempt += 1) {
    try {
      database.pragma('journal_mode = WAL');
      return;
    } catch (error) {
      if ((error as { code?: string }).code !== 'SQLITE_BUSY' || attempt === 50) throw error;
      pause(100);
    }
  }
}

/**
 * Transactions begin IMMEDIATE: they take the write lock at once, waiting out the busy timeout while another process
 * (a second instance, figures:rebuild, seed:demo) writes. A deferred transaction that read first and then writes
 * asks for the lock mid-way, and SQLite refuses that at once with SQLITE_BUSY instead of waiting (waiting could
 * deadlock two such readers), so a request failed with `database is locked`. One connection per process serialises
 * everything anyway, so taking the lock early costs nothing here.
 */
class ImmediateSqliteDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }
}

class ImmediateSqliteDialect extends SqliteDialect {
  constructor(private readonly settings: SqliteDialectConfig) {
    super(settings);
  }

  override createDriver(): Driver {
    return new ImmediateSqliteDriver(this.settings);
  }
}

/** The connection pool behind a PostgreSQL database, for the metrics of its use; SQLite has none. */
const pools = new WeakMap<Kysely<Database>, pg.Pool>();

export const poolOf = (db: Kysely<Database>): pg.Pool | undefined => pools.get(db);

export function openDatabase(url: string): Db {
  if (isPostgresUrl(url)) {
    const pool = new pg.Pool({ connectionString: url, max: 10 });
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), plugins: [new CamelCasePlugin()] });
    pools.set(db, pool);
    return { db, dialect: 'postgres', close: () => db.destroy() };
  }
  const file = url.replace(/^sqlite:(\/\/)?/, '');
  if (file !== ':memory:') fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const database = new SQLite(file);
  database.pragma('busy_timeout = 5000');
  useWriteAheadLog(database);
  database.pragma('foreign_keys = ON');
  const db = new Kysely<Database>({
    dialect: new ImmediateSqliteDialect({ database }),
    plugins: [new CamelCasePlugin()],
  });
  return { db, dialect: 'sqlite', close: () => db.destroy() };
}
