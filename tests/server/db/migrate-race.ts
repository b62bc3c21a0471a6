// Run by migrate.test.ts in two processes at once: migrates the SQLite file named on the command line.
import { openDatabase } from '../../../server/platform/db/index.js';
import { migrate } from '../../../server/platform/db/migrate.js';

const { db, close } = openDatabase(process.argv[2]);
await migrate(db);
await close();
