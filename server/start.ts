// Opens the database, brings it up to date (schema, seed, the daily figures of an upgraded one) and builds the app:
// used by main.ts and the tests.
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.js';
import type { Config } from './config.js';
import type { AppContext } from './context.js';
import { openDatabase } from './db/index.js';
import { migrate } from './db/migrate.js';
import { deployShippedProcesses } from './flow/deployments.js';
import { checkPaymentStart } from './payments/start-check.js';
import { fillFiguresOfEarlierOrders } from './reports/figures-rebuild.js';
import { seedDatabase } from './seed/index.js';

export interface Server {
  app: FastifyInstance;
  ctx: AppContext;
  close: () => Promise<void>;
}

export async function createServer(config: Config, options: { logger?: boolean } = {}): Promise<Server> {
  checkPaymentStart(config);
  const { db, dialect, close: closeDb } = openDatabase(config.databaseUrl);
  await migrate(db);
  const ctx: AppContext = { db, dialect, config };
  await seedDatabase(ctx);
  // Shipped processes get their first version, and leaves started before deployments go on on it.
  await deployShippedProcesses(db);
  await fillFiguresOfEarlierOrders(db);
  const app = await buildApp(ctx, options);
  return {
    app,
    ctx,
    close: async () => {
      await app.close();
      await closeDb();
    },
  };
}
