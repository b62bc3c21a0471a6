// Opens the database, brings it up to date (schema, seed, the daily figures of an upgraded one) and builds the app:
// used by main.ts and the tests.
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.js';
import { checkPaymentStart } from './money/payments/start-check.js';
import { fillFiguresOfEarlierOrders } from './money/reports/figures-rebuild.js';
import type { Config } from './platform/config.js';
import type { AppContext } from './platform/context.js';
import { openDatabase } from './platform/db/index.js';
import { migrate } from './platform/db/migrate.js';
import { releaseAllWork } from './platform/work/claims.js';
import { keepIdSlot, takeIdSlot } from './platform/work/id-slot.js';
import { seedDatabase } from './seed/index.js';
import { checkMiniAppStart } from './system/auth/miniapp/start-check.js';
import { deployShippedProcesses } from './system/flow/deployments.js';

export interface Server {
  app: FastifyInstance;
  ctx: AppContext;
  close: () => Promise<void>;
}

export async function createServer(config: Config, options: { logger?: boolean } = {}): Promise<Server> {
  checkPaymentStart(config);
  checkMiniAppStart(config);
  const { db, dialect, close: closeDb } = openDatabase(config.databaseUrl);
  await migrate(db);
  const ctx: AppContext = { db, dialect, config };
  // Before the first row this instance writes: its ids carry a slot no other instance on the database holds.
  const idSlot = await takeIdSlot(ctx);
  await seedDatabase(ctx);
  // Shipped processes get their first version, and leaves started before deployments go on on it.
  await deployShippedProcesses(db);
  await fillFiguresOfEarlierOrders(db);
  const app = await buildApp(ctx, options);
  keepIdSlot(app, ctx, idSlot);
  return {
    app,
    ctx,
    // Requests in flight answered and background passes stopped first, then the work this instance held is handed
    // back at once, for another instance to take without waiting for its lease to run out.
    close: async () => {
      await app.close();
      try {
        await releaseAllWork(ctx);
      } finally {
        await closeDb();
      }
    },
  };
}
