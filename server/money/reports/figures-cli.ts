// `npm run figures:rebuild [-- --check]`: recomputes the daily figures of the database of DATABASE_URL from its
// orders, ledger and refunds in one transaction; with --check it changes nothing and lists where the kept figures
// differ from the recomputation (exit code 1 when they do).
import { parseArgs } from 'node:util';
import { loadConfig } from '../../platform/config.js';
import { openDatabase } from '../../platform/db/index.js';
import { migrate } from '../../platform/db/migrate.js';
import { checkFigures, rebuildFigures } from './figures-rebuild.js';

/** Differences printed before the rest are only counted. */
const SHOWN = 50;

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { check: { type: 'boolean' } }, strict: true });
  const { db, close } = openDatabase(loadConfig().databaseUrl);
  try {
    await migrate(db);
    if (!values.check) {
      const begun = performance.now();
      const rows = await rebuildFigures(db);
      const seconds = ((performance.now() - begun) / 1000).toFixed(1);
      console.log(`每日统计已重建: ${rows} 行, ${seconds} 秒 (daily figures rebuilt: ${rows} rows in ${seconds} s)`);
      return;
    }
    const differences = await checkFigures(db);
    for (const row of differences.slice(0, SHOWN)) {
      console.log(
        `${row.day} dept ${row.deptId} site ${row.siteId} equ ${row.equId} ${row.counter}: ${row.kept} ≠ ${row.expected}`,
      );
    }
    if (differences.length > SHOWN) console.log(`… ${differences.length - SHOWN} more`);
    if (differences.length === 0) {
      console.log('每日统计与重新计算一致 (daily figures agree with a recomputation)');
      return;
    }
    const count = differences.length;
    console.log(`每日统计有 ${count} 处不一致 (${count} differences), 请运行 npm run figures:rebuild`);
    process.exitCode = 1;
  } finally {
    await close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
