// `npm run bench`: prints the figures of the server, the runtime and the shell. Figures, not pass/fail: a noisy
// machine changes them, so nothing here fails on a number.
import buildConsoleIfStale from '../tests/e2e/global-setup';
import { benchRuntime } from './runtime/index.js';
import { benchBackup } from './server/backup.js';
import { benchExport } from './server/export.js';
import { benchServer } from './server/index.js';
import { benchOrders } from './server/orders.js';
import { benchShell } from './shell/index.js';

type Figures = Record<string, string | number>;

function print(title: string, figures: Figures): void {
  console.log(`\n${title}`);
  const width = Math.max(...Object.keys(figures).map((key) => key.length));
  for (const [key, value] of Object.entries(figures)) console.log(`  ${key.padEnd(width)}  ${value}`);
}

/**
 * `npm run bench -- --only runtime,shell` runs those parts alone (server, export, orders, backup, runtime, shell,
 * screens); `screens` is the shell's weight of every menu screen opened fresh, which takes minutes of its own.
 */
const onlyAt = process.argv.indexOf('--only');
const only = onlyAt >= 0 ? new Set(process.argv[onlyAt + 1]?.split(',')) : undefined;
const runs = (part: string): boolean => !only || only.has(part);

// The same rule as the browser tests and `npm start`: a dist/ older than the sources is rebuilt first, so the weight
// is that of the sources and the server the shell part starts finds nothing to rebuild.
buildConsoleIfStale();

if (runs('server')) print('Server (SQLite)', await benchServer());
if (runs('export'))
  await benchExport((database, figures) => print(`Export of orders by the server (${database})`, figures));
if (runs('orders')) await benchOrders((database, figures) => print(`Orders (${database})`, figures));
if (runs('backup')) await benchBackup((database, figures) => print(`Backup and restore (${database})`, figures));
if (runs('runtime')) print('Runtime', await benchRuntime());
if (runs('shell') || runs('screens'))
  print('Shell (headless Chromium)', await benchShell({ shell: runs('shell'), everyScreen: runs('screens') }));
