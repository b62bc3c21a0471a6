// `npm run bench`, backup part: the drill of docs/operations.md on a demo history (BENCH_BACKUP_ORDERS orders, 100 000
// by default): `npm run backup`'s copy taken while another process writes into the database (demo notices, in
// batches: the demo's orders arrive with their figures worked out only at the end, so a copy between would differ;
// the drill with money moving is tests/server/backup/backup-drill.test.ts), restored elsewhere, the daily figures
// checked on the copy. Times and sizes, on SQLite and on PostgreSQL when BENCH_PG_URL (or
// TEST_PG_URL) names a server. Figures, not verdicts.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { checkFigures } from '../../server/money/reports/figures-rebuild.js';
import { megabytes } from '../../server/platform/backup/files.js';
import {
  backupPostgres,
  databaseNameOf,
  restorePostgres,
  urlOfDatabase,
} from '../../server/platform/backup/postgres.js';
import { backupSqlite, restoreSqlite } from '../../server/platform/backup/sqlite.js';
import { isPostgresUrl, openDatabase } from '../../server/platform/db/index.js';
import { onEachDatabase } from './databases.js';

const ORDERS = Number(process.env.BENCH_BACKUP_ORDERS ?? 100_000);
/** Rounds of demo notices another process writes while the backup runs (six notices a round, 200 rows a batch). */
const BUSY_NOTICE_ROUNDS = 3000;
const root = path.resolve(import.meta.dirname, '..', '..');

type Figures = Record<string, string | number>;

/** `npm run seed:demo -- --<kind> N` on the database, as Node runs it; resolves when it has ended. */
function seedDemo(url: string, kind: 'orders' | 'notices', count: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/seed/demo-cli.ts', `--${kind}`, String(count)], {
      cwd: root,
      env: { ...process.env, DATABASE_URL: url },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`seed:demo exited ${code}`))));
  });
}

async function sizeOf(url: string): Promise<number> {
  if (!isPostgresUrl(url)) return fs.statSync(url).size;
  const { db, close } = openDatabase(url);
  try {
    const { rows } = await sql<{ size: number }>`select pg_database_size(current_database()) as size`.execute(db);
    return Number(rows[0].size);
  } finally {
    await close();
  }
}

async function countAndCheck(url: string, { check = true } = {}) {
  const { db, close } = openDatabase(url);
  try {
    const orders = await db
      .selectFrom('biz_order')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow();
    const notices = await db
      .selectFrom('blade_notice')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow();
    return {
      orders: Number(orders.count),
      notices: Number(notices.count),
      differences: check ? (await checkFigures(db)).length : 0,
    };
  } finally {
    await close();
  }
}

async function dropDatabase(url: string, database: string): Promise<void> {
  const { db, close } = openDatabase(url);
  try {
    await sql`drop database if exists ${sql.id(database)}`.execute(db);
  } finally {
    await close();
  }
}

async function benchOn(url: string, dataDir: string): Promise<Figures> {
  await seedDemo(url, 'orders', ORDERS);
  const backupDir = path.join(dataDir, 'backups');
  const onPostgres = isPostgresUrl(url);
  // The copy is taken once the other process has begun writing.
  const { notices } = await countAndCheck(url, { check: false });
  const busy = seedDemo(url, 'notices', BUSY_NOTICE_ROUNDS);
  while ((await countAndCheck(url, { check: false })).notices <= notices) {
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  let begun = performance.now();
  const made = onPostgres ? await backupPostgres(url, backupDir) : await backupSqlite(url, backupDir);
  const backupSeconds = (performance.now() - begun) / 1000;
  await busy;
  const copyName = onPostgres ? `${databaseNameOf(url)}_restored` : '';
  const copyUrl = onPostgres ? urlOfDatabase(url, copyName) : path.join(dataDir, 'restored', 'console.db');
  begun = performance.now();
  if (onPostgres) await restorePostgres(made.file, url, copyName);
  else await restoreSqlite(made.file, copyUrl);
  const restoreSeconds = (performance.now() - begun) / 1000;
  try {
    const copy = await countAndCheck(copyUrl);
    const live = await countAndCheck(url);
    return {
      orders: `${copy.orders} in the copy, ${live.orders} in the database`,
      'notices (being written)': `${notices} before, ${copy.notices} in the copy, ${live.notices} after`,
      'database size': megabytes(await sizeOf(url)),
      'backup size': megabytes(made.bytes),
      'backup s (while writing)': Number(backupSeconds.toFixed(2)),
      'restore s': Number(restoreSeconds.toFixed(2)),
      'figures:rebuild --check on the copy': copy.differences === 0 ? 'agrees' : `${copy.differences} differences`,
    };
  } finally {
    if (onPostgres) await dropDatabase(url, copyName);
  }
}

export async function benchBackup(report: (database: string, figures: Figures) => void): Promise<void> {
  await onEachDatabase('backup', benchOn, report);
}
