// The server as `npm start` runs it (server/main.ts with its process log), in a process of its own on a free port:
// Node itself with tsx's loader, so the process is the server's alone (its memory is the server's). The API tests
// read its log; the export bench reads its memory.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');

/**
 * Node's flags for the server, as `npm start` gives them (package.json). A young generation of 32 MB a half (V8's
 * default is 16) lets the short-lived objects of a request or an export's page die young instead of being promoted,
 * which a big export otherwise pays for with full collections in everyone's requests (README, "Benchmarks").
 */
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=32'];

export interface ServerProcess {
  port: number;
  url: string;
  /** Everything written to standard output and error so far. */
  output: () => string;
  /** The process's resident memory now, in bytes (Linux: /proc/<pid>/status). */
  rss: () => number;
  stop: () => Promise<void>;
}

export async function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, '--import', 'tsx', 'server/main.ts'], {
    cwd: root,
    // No load balancer watches these servers: stopping one need not wait for it to see /readyz fail.
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', DRAIN_GRACE_MS: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const port = await new Promise<number>((resolve, reject) => {
    const read = (chunk: Buffer) => {
      output += chunk;
      const listening = output.match(/listening at http:\/\/127\.0\.0\.1:(\d+)/);
      if (listening) resolve(Number(listening[1]));
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    child.once('exit', (code) => reject(new Error(`the server exited (${code}):\n${output}`)));
  });
  return {
    port,
    url: `http://127.0.0.1:${port}`,
    output: () => output,
    rss: () => {
      const status = fs.readFileSync(`/proc/${child.pid}/status`, 'utf8');
      return Number(status.match(/VmRSS:\s+(\d+) kB/)?.[1] ?? 0) * 1024;
    },
    stop: async () => {
      // Already gone (a test killed it): its exit event has passed and would never come again.
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}
