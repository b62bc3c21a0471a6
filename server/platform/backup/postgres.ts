// PostgreSQL: a logical copy with pg_dump's custom format, and pg_restore into a database of its own. Point-in-time
// recovery (base backups and archived WAL) is the server's business, not this one's (docs/operations.md).
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { migrationNames } from '../db/migrate.js';
import { BackupRefused, checkMigrations, type Made, stampedName, writeAtomically } from './files.js';

/** pg_dump and pg_restore: from PATH, else the newest installed under /usr/lib/postgresql (Debian's layout). */
export function pgTool(name: 'pg_dump' | 'pg_restore'): string {
  const fromPath = spawnSync('sh', ['-c', `command -v ${name}`], { encoding: 'utf8' }).stdout.trim();
  if (fromPath) return fromPath;
  const root = '/usr/lib/postgresql';
  const versions = fs.existsSync(root) ? fs.readdirSync(root).sort((a, b) => Number(b) - Number(a)) : [];
  const found = versions.map((version) => path.join(root, version, 'bin', name)).find((file) => fs.existsSync(file));
  if (!found)
    throw new BackupRefused(
      `找不到 ${name}, 请安装 PostgreSQL 客户端 (${name} not found: install the PostgreSQL client)`,
    );
  return found;
}

/**
 * The URL without its password, which goes in PGPASSWORD instead: a command line can be read by anyone on the
 * machine (ps), the environment only by its owner.
 */
function connection(url: string): { url: string; env: NodeJS.ProcessEnv } {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = '';
  return { url: parsed.toString(), env: password ? { ...process.env, PGPASSWORD: password } : process.env };
}

/** The database's name in its URL. */
export const databaseNameOf = (url: string): string => decodeURIComponent(new URL(url).pathname.slice(1));

/** The URL of another database on the same server, as the same user. */
export function urlOfDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${encodeURIComponent(database)}`;
  return parsed.toString();
}

/** Runs a PostgreSQL tool; answers its standard output, or refuses with the last lines of what it said. */
function runTool(tool: string, args: string[], env: NodeJS.ProcessEnv): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(tool, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    const out: Buffer[] = [];
    let said = '';
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => {
      said = (said + chunk.toString()).slice(-4000);
    });
    child.once('error', reject);
    child.once('exit', (code) => {
      if (code === 0) resolve(Buffer.concat(out).toString());
      else
        reject(
          new BackupRefused(
            `${path.basename(tool)} 失败 (${path.basename(tool)} failed, exit ${code}):\n${said.trim()}`,
          ),
        );
    });
  });
}

export async function backupPostgres(databaseUrl: string, dir: string): Promise<Made> {
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, stampedName(databaseNameOf(databaseUrl), '.dump'));
  const { url, env } = connection(databaseUrl);
  // One snapshot of the whole database (pg_dump reads in one repeatable-read transaction): the server keeps writing.
  await writeAtomically(file, async (partial) => {
    await runTool(pgTool('pg_dump'), ['--format=custom', `--file=${partial}`, `--dbname=${url}`], env);
  });
  return { file, bytes: fs.statSync(file).size };
}

/** The migration names a dump holds, read from the archive itself, before anything is restored. */
async function migrationsInDump(file: string): Promise<string[]> {
  const script = await runTool(
    pgTool('pg_restore'),
    ['--data-only', '--table=blade_migration', '--file=-', file],
    process.env,
  );
  // COPY public.blade_migration (name, "timestamp") FROM stdin; then one tab-separated row a line, up to `\.`.
  const lines = script.split('\n');
  const start = lines.findIndex((line) => /^COPY \S*blade_migration /.test(line));
  if (start < 0) return [];
  const end = lines.indexOf('\\.', start);
  return lines.slice(start + 1, end < 0 ? undefined : end).map((line) => line.split('\t')[0]);
}

async function tablesIn(url: string): Promise<number | undefined> {
  const client = new pg.Client({ connectionString: url });
  try {
    await client.connect();
  } catch (error) {
    if ((error as { code?: string }).code === '3D000') return undefined;
    throw error;
  }
  try {
    const { rows } = await client.query(
      "select count(*)::int as count from information_schema.tables where table_schema = 'public'",
    );
    return rows[0].count as number;
  } finally {
    await client.end();
  }
}

/**
 * Restores a dump into the database named `database` on the server of `databaseUrl`, created when missing. It must
 * be new or empty: restoring over the database a server runs on is replacing it, which is done by pointing
 * DATABASE_URL at the restored one once checked. The restore is one transaction, so a failure leaves it empty.
 */
export async function restorePostgres(file: string, databaseUrl: string, database: string): Promise<string> {
  if (!fs.existsSync(file)) throw new BackupRefused(`备份文件不存在: ${file} (no backup at ${file})`);
  const recorded = await migrationsInDump(file).catch((error: unknown) => {
    throw new BackupRefused(
      `备份文件无法读取 (the backup cannot be read as a pg_dump archive): ${(error as Error).message}`,
    );
  });
  checkMigrations(recorded, await migrationNames());
  const target = urlOfDatabase(databaseUrl, database);
  const tables = await tablesIn(target);
  if (tables === undefined) {
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    try {
      await admin.query(`create database ${pg.escapeIdentifier(database)}`);
    } finally {
      await admin.end();
    }
  } else if (tables > 0) {
    throw new BackupRefused(
      `数据库 ${database} 不是空的, 请恢复到新的数据库 (database ${database} is not empty: restore into a new one)`,
    );
  }
  const { url, env } = connection(target);
  await runTool(
    pgTool('pg_restore'),
    ['--no-owner', '--no-privileges', '--single-transaction', '--exit-on-error', `--dbname=${url}`, file],
    env,
  );
  return target;
}
