// `npm run providers:check`: with the server's own settings (the same environment as `npm start`) and database, asks
// each configured outside service one harmless question (server/provider-calls.ts) and prints what works and what to
// fix, after what the server would refuse or warn about at start. Exits 1 when a configured service fails. Prints no
// key.
import { checkPaymentStart, StartRefused } from '../server/money/payments/start-check.js';
import { loadConfig } from '../server/platform/config.js';
import { openDatabase } from '../server/platform/db/index.js';
import { providerCalls } from '../server/provider-calls.js';
import { providerWarnings } from '../server/provider-checks.js';
import { checkMiniAppStart, MiniAppStartRefused } from '../server/system/auth/miniapp/start-check.js';

const config = loadConfig();
for (const check of [checkPaymentStart, checkMiniAppStart]) {
  try {
    check(config);
  } catch (error) {
    if (!(error instanceof StartRefused || error instanceof MiniAppStartRefused)) throw error;
    console.log(`FAIL the server would not start: ${error.message}`);
    process.exit(1);
  }
}
const { db, dialect, close } = openDatabase(config.databaseUrl);
try {
  const ctx = { db, dialect, config };
  for (const warning of await providerWarnings(ctx)) console.log(`!    ${warning}`);
  const checks = await providerCalls(ctx);
  if (checks.length === 0) {
    console.log('No outside service is configured: every one runs on its local stand-in (docs/going-live.md).');
  }
  for (const check of checks) console.log(`${check.ok ? 'ok  ' : 'FAIL'} ${check.provider}: ${check.text}`);
  const failed = checks.filter((check) => !check.ok).length;
  if (checks.length > 0) console.log(failed ? `${failed} of ${checks.length} failed` : `all ${checks.length} work`);
  process.exitCode = failed ? 1 : 0;
} finally {
  await close();
}
