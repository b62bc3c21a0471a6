// `npm run restore -- <backup>`: SQLite: checks the copy (integrity, migrations), refuses while a process has the
// database of DATABASE_URL open, then puts the copy in its place and keeps the replaced file aside.
// `npm run restore -- <backup.dump> --database <name>`: PostgreSQL: restores into that new (or empty) database on the
// server of DATABASE_URL, which then takes DATABASE_URL once checked (docs/operations.md, "Backup and restore").
import { parseArgs } from 'node:util';
import { loadConfig } from '../config.js';
import { isPostgresUrl } from '../db/index.js';
import { BackupRefused, listBackups } from './files.js';
import { restorePostgres } from './postgres.js';
import { restoreSqlite, sqliteFileOf } from './sqlite.js';

async function main(): Promise<void> {
  const { values, positionals } = parseArgs({
    options: { database: { type: 'string' } },
    allowPositionals: true,
    strict: true,
  });
  const { databaseUrl, backupDir } = loadConfig();
  const [backup] = positionals;
  if (!backup || positionals.length > 1) {
    const found = listBackups(backupDir);
    throw new BackupRefused(
      [
        '请指定一个备份文件 (name one backup file): npm run restore -- <file>',
        ...(found.length
          ? [`${backupDir} 中的备份 (backups in ${backupDir}):`, ...found.map((file) => `  ${file}`)]
          : [`${backupDir} 中没有备份 (no backups in ${backupDir})`]),
      ].join('\n'),
    );
  }
  if (isPostgresUrl(databaseUrl)) {
    if (!values.database) {
      throw new BackupRefused(
        '请用 --database <名称> 指定恢复到的新数据库 (name the new database to restore into: --database <name>)',
      );
    }
    await restorePostgres(backup, databaseUrl, values.database);
    console.log(
      `已恢复到数据库 ${values.database}; 核对后将 DATABASE_URL 指向它 (restored into database ${values.database}; point DATABASE_URL at it once checked)`,
    );
    return;
  }
  if (values.database) throw new BackupRefused('--database 只用于 PostgreSQL (--database is for PostgreSQL only)');
  const file = sqliteFileOf(databaseUrl);
  const { aside, inUseUnchecked } = await restoreSqlite(backup, file);
  if (inUseUnchecked) {
    console.log(
      '无法检查是否有进程在使用数据库, 应已停止服务器 (could not check for processes using the database; the server must have been stopped)',
    );
  }
  console.log(`已恢复 ${file} (restored ${file}) ← ${backup}`);
  if (aside) console.log(`被替换的数据库保存在 ${aside} (the replaced database is kept at ${aside})`);
}

main().catch((error: unknown) => {
  console.error(error instanceof BackupRefused ? error.message : error);
  process.exitCode = 1;
});
