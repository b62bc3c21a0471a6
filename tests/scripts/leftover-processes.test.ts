// The detector `.ci/run` ends with: a detached process carrying the run's marker is named until it is gone, and a
// process without the marker is not.
import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import { once } from 'node:events';
import { afterAll, expect, it } from 'vitest';
import { leftoverProcesses, MARKER_VARIABLE } from '../../scripts/leftover-processes.js';

const started: number[] = [];

async function sleeper(env: NodeJS.ProcessEnv): Promise<number> {
  // Detached and let go: as a server a test forgot would be, in a process group of its own that nothing waits for.
  const child = spawn('sleep', ['300'], { detached: true, stdio: 'ignore', env });
  child.unref();
  started.push(child.pid!);
  // Running `sleep` with its own environment, not still the copy of this process it starts as.
  await once(child, 'spawn');
  return child.pid!;
}

const alive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

afterAll(() => {
  for (const pid of started.filter(alive)) process.kill(pid, 'SIGKILL');
});

it.skipIf(process.platform !== 'linux')('names a process left running with the marker until it is gone', async () => {
  const marker = crypto.randomBytes(8).toString('hex');
  const marked = await sleeper({ ...process.env, [MARKER_VARIABLE]: marker });
  const unmarked = await sleeper({ ...process.env, [MARKER_VARIABLE]: 'another-run' });
  const found = leftoverProcesses(marker);
  expect(found).toEqual([{ pid: marked, command: 'sleep 300' }]);
  expect(found.map(({ pid }) => pid)).not.toContain(unmarked);

  process.kill(marked, 'SIGKILL');
  process.kill(unmarked, 'SIGKILL');
  // Gone once the kernel has taken it down (a detached child of this process is reaped by Node once it exits).
  const deadline = Date.now() + 5000;
  while ((leftoverProcesses(marker).length > 0 || alive(marked)) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  expect(leftoverProcesses(marker)).toEqual([]);
  expect(alive(marked)).toBe(false);
});
