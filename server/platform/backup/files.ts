// Where backups are written and how they are named: the database's name and the moment, so a folder of them sorts
// by age and no two collide.
import fs from 'node:fs';
import path from 'node:path';

/** A refusal said to the operator, in Chinese and English; the command prints it and exits 1. */
export class BackupRefused extends Error {}

/** A backup written: its file and size. */
export interface Made {
  file: string;
  bytes: number;
}

/** `console-2026-12-07T03-12-00-123Z.db`: UTC, to the millisecond, with nothing a file system dislikes. */
export function stampedName(base: string, extension: string): string {
  return `${base}-${new Date().toISOString().replace(/[:.]/g, '-')}${extension}`;
}

/**
 * Writes through `write` into a name that says it is unfinished, then renames it: a copy cut short by a crash or a
 * full disk never looks like a backup.
 */
export async function writeAtomically(target: string, write: (partial: string) => Promise<void>): Promise<void> {
  const partial = `${target}.partial`;
  fs.rmSync(partial, { force: true });
  try {
    await write(partial);
    fs.renameSync(partial, target);
  } finally {
    fs.rmSync(partial, { force: true });
  }
}

/** The backups in `dir`, newest last. */
export function listBackups(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((name) => /\.(db|dump)$/.test(name))
    .sort()
    .map((name) => path.join(dir, name));
}

/** Unknown migration names in a copy mean a newer version made it: this one would run on a schema it does not know. */
export function checkMigrations(recorded: string[], known: string[]): void {
  if (recorded.length === 0) {
    throw new BackupRefused(
      '备份中没有迁移记录, 不是本控制台的数据库 (the backup has no migrations table rows: not a console database)',
    );
  }
  const knownSet = new Set(known);
  const unknown = recorded.filter((name) => !knownSet.has(name));
  if (unknown.length > 0) {
    throw new BackupRefused(
      `备份来自更新的版本, 含本版本没有的迁移 ${unknown.join(', ')} (the backup comes from a newer version: migrations ${unknown.join(', ')} are unknown here)`,
    );
  }
}

export const megabytes = (bytes: number): string => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
