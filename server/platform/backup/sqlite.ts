// SQLite: a backup through SQLite's online backup API, consistent while the server runs and writes; a restore that
// checks the copy before it replaces the database and keeps the replaced file aside.
import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { migrationNames } from '../db/migrate.js';
import { BackupRefused, checkMigrations, type Made, stampedName, writeAtomically } from './files.js';
import { processesHolding } from './in-use.js';

/** A step of more pages than any database holds copies the rest at once (better-sqlite3 takes 0 as none). */
const ALL_PAGES = 0x7fffffff;

export const sqliteFileOf = (url: string): string => path.resolve(url.replace(/^sqlite:(\/\/)?/, ''));

/**
 * Copies every page in one step: the copy reads one snapshot (the write-ahead log lets the server keep writing
 * meanwhile), where page batches would start over after each write of another connection and might never finish
 * on a busy database. The copy is then made a single file (no write-ahead log beside it) and checked.
 */
export async function backupSqlite(databaseFile: string, dir: string): Promise<Made> {
  if (!fs.existsSync(databaseFile)) {
    throw new BackupRefused(`数据库文件不存在: ${databaseFile} (no database file at ${databaseFile})`);
  }
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, stampedName(path.basename(databaseFile, path.extname(databaseFile)), '.db'));
  const source = new SQLite(databaseFile, { fileMustExist: true });
  try {
    source.pragma('busy_timeout = 5000');
    await writeAtomically(file, async (partial) => {
      await source.backup(partial, { progress: () => ALL_PAGES });
      const copy = new SQLite(partial);
      try {
        copy.pragma('journal_mode = DELETE');
      } finally {
        copy.close();
      }
      checkIntegrity(partial);
    });
  } finally {
    source.close();
  }
  return { file, bytes: fs.statSync(file).size };
}

/** `PRAGMA integrity_check` answers the single row `ok`, or lists what is broken. */
function checkIntegrity(file: string): void {
  const copy = new SQLite(file, { readonly: true, fileMustExist: true });
  try {
    const rows = copy.pragma('integrity_check', { simple: false }) as Array<{ integrity_check: string }>;
    const problems = rows.map((row) => row.integrity_check).filter((answer) => answer !== 'ok');
    if (problems.length > 0) {
      throw new BackupRefused(
        `备份文件已损坏 (the backup fails its integrity check): ${problems.slice(0, 5).join('; ')}`,
      );
    }
  } finally {
    copy.close();
  }
}

/** The copy is sound and was made by this version or an older one. */
export async function checkSqliteBackup(file: string): Promise<void> {
  if (!fs.existsSync(file)) throw new BackupRefused(`备份文件不存在: ${file} (no backup at ${file})`);
  try {
    checkIntegrity(file);
  } catch (error) {
    if (error instanceof BackupRefused) throw error;
    throw new BackupRefused(`备份文件无法读取 (the backup cannot be read as a database): ${(error as Error).message}`);
  }
  const copy = new SQLite(file, { readonly: true, fileMustExist: true });
  let recorded: string[] = [];
  try {
    recorded = (copy.prepare('select name from blade_migration').all() as Array<{ name: string }>).map(
      (row) => row.name,
    );
  } catch {
    // No migrations table: refused below as not a console database.
  } finally {
    copy.close();
  }
  checkMigrations(recorded, await migrationNames());
}

export interface Restored {
  /** Where the database that was replaced now lies (with its write-ahead log, if it had one); none if there was none. */
  aside?: string;
  /** Nothing could tell whether a process had the file open (no /proc): the operator stopped them, as documented. */
  inUseUnchecked: boolean;
}

/**
 * Puts the checked copy in the database's place. The copy is written beside the database first and renamed over it,
 * so the database is never half written; the one it replaces is renamed aside with its write-ahead log (which may
 * hold its last commits), so it can be opened as it was.
 */
export async function restoreSqlite(backupFile: string, databaseFile: string): Promise<Restored> {
  await checkSqliteBackup(backupFile);
  const holders = processesHolding(databaseFile);
  if (holders && holders.length > 0) {
    const list = holders.map(({ pid, command }) => `${pid} ${command}`).join('\n  ');
    throw new BackupRefused(
      `数据库正被使用, 请先停止这些进程 (the database is in use; stop these processes first):\n  ${list}`,
    );
  }
  fs.mkdirSync(path.dirname(databaseFile), { recursive: true });
  const incoming = `${databaseFile}.restoring`;
  fs.copyFileSync(backupFile, incoming);
  let aside: string | undefined;
  if (fs.existsSync(databaseFile)) {
    aside = `${databaseFile}.replaced-${new Date().toISOString().replace(/[:.]/g, '-')}`;
    fs.renameSync(databaseFile, aside);
    for (const suffix of ['-wal', '-shm']) {
      if (fs.existsSync(databaseFile + suffix)) fs.renameSync(databaseFile + suffix, aside + suffix);
    }
  }
  fs.renameSync(incoming, databaseFile);
  return { aside, inUseUnchecked: holders === undefined };
}
