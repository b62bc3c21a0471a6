// The server as `npm start` runs it (server/main.ts with its process log), in a process of its own: Node itself with
// tsx's loader, so the process is the server's alone (its memory is the server's, and a signal reaches the server,
// not a wrapper that would leave it running on its port). The API tests read its log and kill it; the export bench
// reads its memory.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
/** A server that has not said it listens by then never will: it is killed rather than left behind. */
const START_DEADLINE_MS = 120_000;

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
  /** Whether the process has exited. */
  gone: () => boolean;
  /** Sends `signal` and answers once the process has exited: its exit code, or the signal that ended it. */
  kill: (signal: NodeJS.Signals) => Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** SIGTERM (the server drains, then exits); nothing if it has already exited. */
  stop: () => Promise<void>;
}

/** Starts the server with `env` on `port` (0: a free one) and answers once it listens. */
export async function startServerProcess(env: Record<string, string>, { port = 0 } = {}): Promise<ServerProcess> {
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, '--import', 'tsx', 'server/main.ts'], {
    cwd: root,
    // No load balancer watches these servers unless a test says so: stopping one need not wait for it to see /readyz
    // fail.
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DRAIN_GRACE_MS: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const ended = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  const gone = () => child.exitCode !== null || child.signalCode !== null;
  const kill = async (signal: NodeJS.Signals) => {
    if (!gone()) child.kill(signal);
    return ended;
  };
  let started = false;
  const listening = await new Promise<number>((resolve, reject) => {
    const late = setTimeout(() => {
      kill('SIGKILL').then(() => reject(new Error(`the server did not start in time:\n${output}`)));
    }, START_DEADLINE_MS);
    const read = (chunk: Buffer) => {
      // The last 200,000 characters: a long test's log stays readable without growing without end.
      output = (output + chunk.toString()).slice(-200_000);
      const said = !started && output.match(/listening at http:\/\/127\.0\.0\.1:(\d+)/);
      if (said) {
        started = true;
        clearTimeout(late);
        resolve(Number(said[1]));
      }
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    ended.then(({ code, signal }) => {
      clearTimeout(late);
      reject(new Error(`the server exited (${code ?? signal}):\n${output}`));
    });
  });
  return {
    port: listening,
    url: `http://127.0.0.1:${listening}`,
    output: () => output,
    rss: () => {
      const status = fs.readFileSync(`/proc/${child.pid}/status`, 'utf8');
      return Number(status.match(/VmRSS:\s+(\d+) kB/)?.[1] ?? 0) * 1024;
    },
    gone,
    kill,
    stop: async () => {
      await kill('SIGTERM');
    },
  };
}
