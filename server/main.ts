// `npm start`: build the console when its sources are newer than dist/, then serve console and API on PORT.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { checkPaymentStart, StartRefused } from './money/payments/start-check.js';
import { loadConfig } from './platform/config.js';
import { stopOnSignals } from './platform/ops/drain.js';
import { providerWarnings } from './provider-checks.js';
import { checkMiniAppStart, MiniAppStartRefused } from './system/auth/miniapp/start-check.js';

const SOURCES = ['index.html', 'src', 'runtime', 'pages', 'dictionaries', 'public', 'vite.config.ts'];

function newestChange(entry: string): number {
  if (!fs.existsSync(entry)) return 0;
  const stat = fs.statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(stat.mtimeMs, ...fs.readdirSync(entry).map((name) => newestChange(path.join(entry, name))));
}

function buildConsoleIfNeeded(distDir: string): void {
  const built = path.join(distDir, 'index.html');
  const builtAt = fs.existsSync(built) ? fs.statSync(built).mtimeMs : 0;
  if (!fs.existsSync('index.html') || builtAt >= Math.max(...SOURCES.map(newestChange))) return;
  console.log('Building the console…');
  const result = spawnSync(
    process.execPath,
    [path.resolve('node_modules/vite/bin/vite.js'), 'build', '--configLoader', 'runner'],
    {
      stdio: 'inherit',
      // A caller's NODE_ENV (a test runner's `test`) would give a development build of React and antd.
      env: { ...process.env, NODE_ENV: 'production' },
    },
  );
  if (result.status !== 0) throw new Error('the console build failed');
}

const config = loadConfig();
try {
  checkPaymentStart(config);
  checkMiniAppStart(config);
} catch (error) {
  // A refused configuration is said in one line, naming the variable, before anything is built or opened.
  if (!(error instanceof StartRefused || error instanceof MiniAppStartRefused)) throw error;
  console.error(error.message);
  process.exit(1);
}
if (process.argv.includes('--build-if-needed')) buildConsoleIfNeeded(config.distDir);
// Loaded once the configuration is known to be good, so a refusal does not wait for the whole server to load.
const { createServer } = await import('./start.js');
const server = await createServer(config, { logger: true });
await server.app.listen({ port: config.port, host: config.host });
if (config.socialProviders.includes('simulator')) {
  server.app.log.warn('SOCIAL_PROVIDERS=simulator: the social sign-in simulator is on (development and demos only)');
}
const { payments } = config;
if (payments.provider === 'wechat') {
  const { mchId, baseUrl, verifyMode } = payments.wechat;
  server.app.log.info(`payments: WeChat Pay v3, merchant ${mchId}, ${baseUrl}, verifying in ${verifyMode} mode`);
} else if (config.env === 'production') {
  server.app.log.warn('PAY_SANDBOX_IN_PRODUCTION=true: payments go to the sandbox, no real money is taken');
} else {
  server.app.log.info('payments: the sandbox (PAY_PROVIDER=wechat takes real money, docs/going-live-payments.md)');
}
if (config.miniApp.login === 'wechat') {
  server.app.log.info(`customer sign-in: WeChat mini-program ${config.miniApp.appId}, ${config.miniApp.apiBase}`);
} else if (config.env === 'production') {
  server.app.log.warn('MINIAPP_SIMULATOR_IN_PRODUCTION=true: customers sign in through the simulator, not WeChat');
}
for (const warning of await providerWarnings(server.ctx)) server.app.log.warn(warning);

stopOnSignals(server, config.ops.drainGraceMs);
