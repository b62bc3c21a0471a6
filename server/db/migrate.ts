// Applies every migration in migrations/ (files named NNNN_what.ts, in name order) that the database lacks.
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { type Kysely, type Migration, type MigrationProvider, Migrator } from 'kysely';

const folder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

const provider: MigrationProvider = {
  async getMigrations() {
    const files = (await fs.readdir(folder)).filter((file) => /^\d{4}_[\w-]+\.ts$/.test(file)).sort();
    const migrations: Record<string, Migration> = {};
    for (const file of files) {
      migrations[file.replace(/\.ts$/, '')] = (await import(pathToFileURL(path.join(folder, file)).href)) as Migration;
    }
    return migrations;
  },
};

export async function migrate<T>(db: Kysely<T>): Promise<void> {
  const migrator = new Migrator({ db, provider, migrationTableName: 'blade_migration', migrationLockTableName: 'blade_migration_lock' });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((result) => result.status === 'Error');
  if (error || failed) {
    throw new Error(`migration ${failed?.migrationName ?? ''} failed: ${error instanceof Error ? error.message : String(error)}`);
  }
}
