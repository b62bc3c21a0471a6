// Builds dist/ once per run when it is missing or older than the console's sources.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..', '..');
const sources = ['src', 'runtime', 'pages', 'public', 'dictionaries', 'index.html', 'vite.config.ts'];

function newestChange(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestChange(join(path, entry)));
  return newest;
}

export default function setup(): void {
  const built = join(root, 'dist', 'index.html');
  const builtAt = existsSync(built) ? statSync(built).mtimeMs : 0;
  const changedAt = Math.max(...sources.map((source) => newestChange(join(root, source))));
  if (builtAt >= changedAt) return;
  execFileSync(
    join(root, 'node_modules', '.bin', 'vite'),
    ['build', '--configLoader', 'runner', '--logLevel', 'warn'],
    {
      cwd: root,
      stdio: 'inherit',
      // Vitest sets NODE_ENV=test, which would give a development build of React and antd.
      env: { ...process.env, NODE_ENV: 'production' },
    },
  );
}
