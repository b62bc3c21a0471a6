// Run by migrate.test.ts in two processes at once: migrates the SQLite file named on the command line.
import { openDatabase } from '../../../server/db/index.js';
import { migrate } from '../../../server/db/migrate.js';

const { db, close } = openDatabase(process.argv[2]);
await migrate(db);
await close();
