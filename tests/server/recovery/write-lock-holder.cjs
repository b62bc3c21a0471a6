// A second writer on a SQLite file, as figures:rebuild or seed:demo is: takes the write lock, says so on stdout,
// holds it for the given milliseconds, then commits.
const Database = require('better-sqlite3');

const [file, holdMs] = process.argv.slice(2);
const database = new Database(file);
database.pragma('busy_timeout = 5000');
process.stdout.write('asking\n');
database.exec('begin immediate');
database.prepare("update blade_setting set setting_value = setting_value where setting_key = 'token_secret'").run();
process.stdout.write('locked\n');
Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, Number(holdMs));
database.exec('commit');
database.close();
