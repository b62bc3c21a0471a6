// The real server as `npm start` runs it (server/main.ts with its process log), in a child process on a free port,
// with its standard output and error kept for the test to read.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freshDatabaseUrl } from '../harness.js';

const root = join(import.meta.dirname, '..', '..', '..');

export interface ServerProcess {
  port: number;
  url: string;
  /** Everything written to standard output and error so far. */
  output: () => string;
  stop: () => Promise<void>;
}

export async function startServerProcess(env: Record<string, string> = {}): Promise<ServerProcess> {
  const dir = mkdtempSync(join(tmpdir(), 'ride-console-process-'));
  let output = '';
  const child: ChildProcess = spawn(join(root, 'node_modules', '.bin', 'tsx'), ['server/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DATABASE_URL: await freshDatabaseUrl(),
      DATA_DIR: dir,
      DIST_DIR: join(dir, 'no-console'),
      CAPTCHA_ENABLED: 'false',
      SEED_DEMO: 'false',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const port = await new Promise<number>((resolve, reject) => {
    const read = (chunk: Buffer) => {
      output += chunk;
      const listening = output.match(/listening at http:\/\/127\.0\.0\.1:(\d+)/);
      if (listening) resolve(Number(listening[1]));
    };
    child.stdout?.on('data', read);
    child.stderr?.on('data', read);
    child.once('exit', (code) => reject(new Error(`the server exited (${code}):\n${output}`)));
  });
  return {
    port,
    url: `http://127.0.0.1:${port}`,
    output: () => output,
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
