// `npm run seed:demo -- [--notices N] [--orders N]`: adds demo data to the database of DATABASE_URL (migrated and
// seeded first if needed). Without options it adds one round of demo notices.
import { parseArgs } from 'node:util';
import { loadConfig } from '../platform/config.js';
import { openDatabase } from '../platform/db/index.js';
import { migrate } from '../platform/db/migrate.js';
import { addDemoData, DEMO_KINDS, type DemoKind } from './demo.js';
import { seedDatabase } from './index.js';

const MAX_COUNT = 10_000_000;

function countOf(flag: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  if (!/^\d+$/.test(value) || Number(value) > MAX_COUNT) {
    throw new Error(
      `--${flag} 需要 0 到 ${MAX_COUNT} 之间的整数 (--${flag} needs a whole number from 0 to ${MAX_COUNT}), got "${value}"`,
    );
  }
  return Number(value);
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: Object.fromEntries(DEMO_KINDS.map((kind) => [kind, { type: 'string' as const }])),
    strict: true,
  });
  const counts: Partial<Record<DemoKind, number>> = {};
  for (const kind of DEMO_KINDS) counts[kind] = countOf(kind, values[kind] as string | undefined);
  if (DEMO_KINDS.every((kind) => counts[kind] === undefined)) counts.notices = 1;

  const config = loadConfig();
  const { db, dialect, close } = openDatabase(config.databaseUrl);
  try {
    await migrate(db);
    await seedDatabase({ db, dialect, config: { ...config, seedDemo: false } });
    for (const { kind, added } of await addDemoData(db, counts)) {
      console.log(`${kind}: 已添加 ${added} 条 (added ${added})`);
    }
  } finally {
    await close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
