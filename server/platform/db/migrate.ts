// Applies every migration in migrations/ (files named NNNN_what.ts, in name order) that the database lacks.
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { type Kysely, type Migration, type MigrationProvider, Migrator, sql } from 'kysely';

const folder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/** The migrations this version carries, by the names the migrations table records (a restore checks a copy's). */
export async function migrationNames(): Promise<string[]> {
  const files = (await fs.readdir(folder)).filter((file) => /^\d{4}_[\w-]+\.ts$/.test(file));
  return files.map((file) => file.replace(/\.ts$/, '')).sort();
}

const provider: MigrationProvider = {
  async getMigrations() {
    const migrations: Record<string, Migration> = {};
    for (const name of await migrationNames()) {
      migrations[name] = (await import(pathToFileURL(path.join(folder, `${name}.ts`)).href)) as Migration;
    }
    return migrations;
  },
};

/** The migrations this build ships that the database has not applied (another instance may still be applying them). */
export async function pendingMigrations<T>(db: Kysely<T>): Promise<string[]> {
  const applied = await sql<{ name: string }>`select name from blade_migration`.execute(db);
  const done = new Set(applied.rows.map((row) => row.name));
  return (await migrationNames()).filter((name) => !done.has(name));
}

export async function migrate<T>(db: Kysely<T>): Promise<void> {
  const migrator = new Migrator({
    db,
    provider,
    migrationTableName: 'blade_migration',
    migrationLockTableName: 'blade_migration_lock',
    // Branches number their migrations ahead of time and may land out of order: a database that already ran 0010
    // must still take a 0009 that arrives later. Migrations touch separate tables, so their order between
    // branches does not matter.
    allowUnorderedMigrations: true,
  });
  let outcome = await migrator.migrateToLatest();
  // SQLite has no lock between processes: an instance that lost the race to another one starting on the same file
  // fails on a migration the winner just applied. Asking again resumes after it; each failure means the winner has
  // applied one more, so one retry per migration always reaches the end.
  const migrations = Object.keys(await provider.getMigrations()).length;
  for (let retry = 0; outcome.error && retry < migrations; retry += 1) outcome = await migrator.migrateToLatest();
  const failed = outcome.results?.find((result) => result.status === 'Error');
  if (outcome.error || failed) {
    const reason = outcome.error instanceof Error ? outcome.error.message : String(outcome.error);
    throw new Error(`migration ${failed?.migrationName ?? ''} failed: ${reason}`);
  }
}
