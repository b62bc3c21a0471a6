// `npm run bench`: prints the figures of the server, the runtime and the shell. Figures, not pass/fail: a noisy
// machine changes them, so nothing here fails on a number.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { benchRuntime } from './runtime/index.js';
import { benchServer } from './server/index.js';
import { benchOrders } from './server/orders.js';
import { benchShell } from './shell/index.js';

type Figures = Record<string, string | number>;

function print(title: string, figures: Figures): void {
  console.log(`\n${title}`);
  const width = Math.max(...Object.keys(figures).map((key) => key.length));
  for (const [key, value] of Object.entries(figures)) console.log(`  ${key.padEnd(width)}  ${value}`);
}

if (!fs.existsSync('dist/index.html')) {
  const build = spawnSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build'], { stdio: 'inherit' });
  if (build.status !== 0) throw new Error('the console build failed');
}

print('Server (SQLite)', await benchServer());
await benchOrders((database, figures) => print(`Orders (${database})`, figures));
print('Runtime', await benchRuntime());
print('Shell (headless Chromium)', await benchShell());
