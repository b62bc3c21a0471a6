// The databases a server bench runs on: a SQLite file in a scratch folder always (unless the bench leaves it out),
// and a fresh PostgreSQL database when BENCH_PG_URL (or TEST_PG_URL) names a server, dropped afterwards.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

type Figures = Record<string, string | number>;

async function newPostgresDatabase(admin: string): Promise<string> {
  const name = `bench_${crypto.randomBytes(6).toString('hex')}`;
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  await client.query(`create database ${name}`);
  await client.end();
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return url.toString();
}

async function dropPostgresDatabase(admin: string, url: string): Promise<void> {
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  await client.query(`drop database if exists ${new URL(url).pathname.slice(1)}`);
  await client.end();
}

/**
 * Runs `bench` on each database (its URL and the scratch folder) and hands its figures on as soon as measured.
 * `sqlite: false` leaves SQLite out when a PostgreSQL server is named.
 */
export async function onEachDatabase(
  name: string,
  bench: (url: string, dataDir: string) => Promise<Figures>,
  report: (database: string, figures: Figures) => void,
  { sqlite = true }: { sqlite?: boolean } = {},
): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `ride-console-bench-${name}-`));
  try {
    const admin = process.env.BENCH_PG_URL ?? process.env.TEST_PG_URL;
    if (!admin || sqlite) report('SQLite', await bench(path.join(dataDir, `${name}.db`), dataDir));
    if (admin) {
      const url = await newPostgresDatabase(admin);
      try {
        report('PostgreSQL', await bench(url, dataDir));
      } finally {
        await dropPostgresDatabase(admin, url);
      }
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
