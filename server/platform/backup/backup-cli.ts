// `npm run backup`: a copy of the database of DATABASE_URL in BACKUP_DIR, taken while the server runs: SQLite's
// online backup to `<name>-<time>.db`, or pg_dump's custom format to `<database>-<time>.dump` (docs/operations.md).
import { loadConfig } from '../config.js';
import { isPostgresUrl } from '../db/index.js';
import { BackupRefused, megabytes } from './files.js';
import { backupPostgres } from './postgres.js';
import { backupSqlite, sqliteFileOf } from './sqlite.js';

async function main(): Promise<void> {
  const { databaseUrl, backupDir } = loadConfig();
  const begun = performance.now();
  const made = isPostgresUrl(databaseUrl)
    ? await backupPostgres(databaseUrl, backupDir)
    : await backupSqlite(sqliteFileOf(databaseUrl), backupDir);
  const seconds = ((performance.now() - begun) / 1000).toFixed(1);
  const size = megabytes(made.bytes);
  console.log(`已备份到 ${made.file}, ${size}, ${seconds} 秒 (backed up to ${made.file}, ${size} in ${seconds} s)`);
}

main().catch((error: unknown) => {
  console.error(error instanceof BackupRefused ? error.message : error);
  process.exitCode = 1;
});
