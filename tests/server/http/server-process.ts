// The real server as `npm start` runs it (scripts/server-process.ts), on a database and a data folder of its own,
// with its standard output and error kept for the test to read.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type ServerProcess, startServerProcess as startProcess } from '../../../scripts/server-process.js';
import { freshDatabaseUrl } from '../harness.js';

export type { ServerProcess };

export async function startServerProcess(env: Record<string, string> = {}): Promise<ServerProcess> {
  const dir = mkdtempSync(join(tmpdir(), 'ride-console-process-'));
  const server = await startProcess({
    DATABASE_URL: await freshDatabaseUrl(),
    DATA_DIR: dir,
    DIST_DIR: join(dir, 'no-console'),
    CAPTCHA_ENABLED: 'false',
    SEED_DEMO: 'false',
    ...env,
  });
  return {
    ...server,
    stop: async () => {
      await server.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
