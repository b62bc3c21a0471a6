// The real server as `npm start` runs it (scripts/server-process.ts), on a data folder of its own and a fresh database
// unless `env` names one (instances sharing a database), with its standard output and error kept for the test to read.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type ServerProcess, startServerProcess as startProcess } from '../../../scripts/server-process.js';
import { freshDatabaseUrl } from '../harness.js';

export type { ServerProcess };

export async function startServerProcess(
  env: Record<string, string> = {},
  options: { port?: number } = {},
): Promise<ServerProcess> {
  const dir = mkdtempSync(join(tmpdir(), 'ride-console-process-'));
  const server = await startProcess(
    {
      DATABASE_URL: env.DATABASE_URL ?? (await freshDatabaseUrl()),
      DATA_DIR: dir,
      DIST_DIR: join(dir, 'no-console'),
      CAPTCHA_ENABLED: 'false',
      SEED_DEMO: 'false',
      ...env,
    },
    options,
  ).catch((error: unknown) => {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  });
  const kill: ServerProcess['kill'] = async (signal) => {
    const exit = await server.kill(signal);
    rmSync(dir, { recursive: true, force: true });
    return exit;
  };
  return { ...server, kill, stop: async () => void (await kill('SIGTERM')) };
}
