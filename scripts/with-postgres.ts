// Runs a command with TEST_PG_URL pointing at PostgreSQL: the one given in TEST_PG_URL, or else a throwaway
// cluster started here in a temp folder on a free port (as the `postgres` user when run as root) and removed after.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

function findPgBin(): string {
  const fromPath = spawnSync('sh', ['-c', 'command -v pg_ctl'], { encoding: 'utf8' }).stdout.trim();
  if (fromPath) return path.dirname(fromPath);
  const root = '/usr/lib/postgresql';
  const versions = fs.existsSync(root) ? fs.readdirSync(root).sort((a, b) => Number(b) - Number(a)) : [];
  if (!versions.length) throw new Error('PostgreSQL binaries not found: apt-get install -y postgresql');
  return path.join(root, versions[0], 'bin');
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

function run(bin: string, args: string[], asPostgres: boolean): void {
  const [command, argv] = asPostgres ? ['runuser', ['-u', 'postgres', '--', bin, ...args]] : [bin, args];
  const result = spawnSync(command, argv, { stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`${path.basename(bin)} ${args[0]} failed`);
}

async function startCluster(): Promise<{ url: string; stop: () => void }> {
  const bin = findPgBin();
  const asPostgres = process.getuid?.() === 0;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ride-console-pg-'));
  if (asPostgres) spawnSync('chown', ['-R', 'postgres:postgres', dir]);
  const dataDir = path.join(dir, 'data');
  const port = await freePort();
  run(
    path.join(bin, 'initdb'),
    ['-D', dataDir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync'],
    asPostgres,
  );
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200`;
  run(path.join(bin, 'pg_ctl'), ['-D', dataDir, '-o', options, '-l', path.join(dir, 'log'), '-w', 'start'], asPostgres);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop: () => {
      run(path.join(bin, 'pg_ctl'), ['-D', dataDir, '-m', 'fast', '-w', 'stop'], asPostgres);
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

const [command, ...args] = process.argv.slice(2);
if (!command) throw new Error('usage: tsx scripts/with-postgres.ts <command> [args…]');
const cluster = process.env.TEST_PG_URL ? undefined : await startCluster();
const url = process.env.TEST_PG_URL ?? cluster!.url;
const child = spawn(command === 'vitest' ? 'npx' : command, command === 'vitest' ? ['vitest', ...args] : args, {
  stdio: 'inherit',
  env: { ...process.env, TEST_PG_URL: url },
});
const code: number = await new Promise((resolve) => child.on('exit', (status) => resolve(status ?? 1)));
cluster?.stop();
process.exit(code);
