// Two instances starting at once on one empty, migrated database (two processes, as in production) seed it once.
import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { expect, it } from 'vitest';
import { openDatabase } from '../../../server/platform/db/index.js';
import { migrate } from '../../../server/platform/db/migrate.js';
import { freshDatabaseUrl } from '../harness.js';

const instance = path.join(path.dirname(fileURLToPath(import.meta.url)), 'seed-instance.ts');
const run = promisify(execFile);

it('seeds an empty database once when two instances start together', async () => {
  const url = await freshDatabaseUrl();
  // Migrations first: what races here is the seed (SQLite's migrator takes no lock between processes).
  const schema = openDatabase(url);
  await migrate(schema.db);
  await schema.close();
  await Promise.all([0, 1].map(() => run(process.execPath, ['--import', 'tsx', instance, url])));
  const { db, close } = openDatabase(url);
  try {
    const admins = await db.selectFrom('blade_user').select('id').where('account', '=', 'admin').execute();
    expect(admins).toHaveLength(1);
    // The console's client from the seed, the customer app's from its migration: each once.
    const clients = await db.selectFrom('blade_client').select('clientId').orderBy('clientId').execute();
    expect(clients.map((client) => client.clientId)).toEqual(['rider', 'saber']);
    const notices = await db.selectFrom('blade_notice').select('title').execute();
    expect(notices.filter((n) => n.title === '关于调整推车租赁价格的通知')).toHaveLength(1);
  } finally {
    await close();
  }
  // Two Node processes that each load the server and one of them seeds: minutes on a busy machine.
}, 180_000);
