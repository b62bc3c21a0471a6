// `npm run bench`: prints the figures of the server, the runtime and the shell. Figures, not pass/fail: a noisy
// machine changes them, so nothing here fails on a number.
import buildConsoleIfStale from '../tests/e2e/global-setup';
import { benchRuntime } from './runtime/index.js';
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

// The same rule as the browser tests and `npm start`: a dist/ older than the sources is rebuilt first, so the weight
// is that of the sources and the server the shell part starts finds nothing to rebuild.
buildConsoleIfStale();

print('Server (SQLite)', await benchServer());
print('Export of orders by the server (SQLite)', await benchExport());
await benchOrders((database, figures) => print(`Orders (${database})`, figures));
print('Runtime', await benchRuntime());
print('Shell (headless Chromium)', await benchShell());
