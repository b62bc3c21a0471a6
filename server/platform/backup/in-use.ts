// Which processes have a SQLite file open (Linux: their open files under /proc), so that a restore never swaps the
// file under a running server, figures:rebuild or seed:demo.
import fs from 'node:fs';

export interface Holder {
  pid: number;
  command: string;
}

/** Undefined where /proc cannot tell (not Linux): the operator must make sure nothing runs on the file. */
export function processesHolding(file: string): Holder[] | undefined {
  if (!fs.existsSync('/proc/self/fd')) return undefined;
  if (!fs.existsSync(file)) return [];
  const real = fs.realpathSync(file);
  const names = new Set([real, `${real}-wal`, `${real}-shm`]);
  const holders: Holder[] = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry) || Number(entry) === process.pid) continue;
    let links: string[];
    try {
      links = fs.readdirSync(`/proc/${entry}/fd`).map((fd) => {
        try {
          return fs.readlinkSync(`/proc/${entry}/fd/${fd}`);
        } catch {
          return '';
        }
      });
    } catch {
      // Gone meanwhile, or another user's process this one may not look into.
      continue;
    }
    if (!links.some((link) => names.has(link))) continue;
    let command = '';
    try {
      command = fs.readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0').join(' ').trim();
    } catch {
      // Ended between the two reads.
    }
    holders.push({ pid: Number(entry), command });
  }
  return holders;
}
