// One instance's start-up as its own process: migrate and seed the database named on the command line.
import { loadConfig } from '../../../server/platform/config.js';
import { openDatabase } from '../../../server/platform/db/index.js';
import { migrate } from '../../../server/platform/db/migrate.js';
import { seedDatabase } from '../../../server/seed/index.js';

const url = process.argv[2];
const config = loadConfig({ DATABASE_URL: url, SEED_DEMO: 'true' });
const { db, dialect, close } = openDatabase(url);
await migrate(db);
await seedDatabase({ db, dialect, config });
await close();
