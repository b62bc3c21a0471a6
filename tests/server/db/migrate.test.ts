// Two instances starting at once on one new SQLite file both come up with the schema applied once.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../../server/platform/db/index.js';

const run = promisify(execFile);

describe('migrations', () => {
  it.skipIf(process.env.TEST_PG_URL)('survive two processes migrating one SQLite file at once', async () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'ride-console-race-')), 'race.db');
    const script = path.join(import.meta.dirname, 'migrate-race.ts');
    const migrating = () => run(process.execPath, ['--import', 'tsx', script, file]);
    await Promise.all([migrating(), migrating()]);
    const { db, close } = openDatabase(file);
    const applied = await db
      .selectFrom('blade_migration' as never)
      .select('name' as never)
      .execute();
    const files = fs.readdirSync('server/platform/db/migrations').filter((name) => /^\d{4}_/.test(name));
    expect(applied).toHaveLength(files.length);
    await close();
  });
});
