// The processes a check run left behind: every process whose environment carries the run's marker
// (RIDE_CONSOLE_CI_RUN=<random>, set by .ci/run and inherited by everything it starts), apart from this one and those
// it runs under. `.ci/run` calls it after the suites; a server, a PostgreSQL cluster or a browser a test forgot to
// stop is named and fails the run. Linux: it reads /proc/<pid>/environ.
import fs from 'node:fs';

export const MARKER_VARIABLE = 'RIDE_CONSOLE_CI_RUN';

export interface Leftover {
  pid: number;
  command: string;
}

function parentOf(pid: number): number {
  try {
    // `pid (name) state ppid …`; the name may hold spaces and parentheses, so read after its last `)`.
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
  } catch {
    return 0;
  }
}

/** This process and its ancestors: the run itself, which carries the marker and is still running. */
function ownLine(): Set<number> {
  const line = new Set<number>();
  for (let pid = process.pid; pid > 1 && !line.has(pid); pid = parentOf(pid)) line.add(pid);
  return line;
}

/** A child of this process: tsx's esbuild service, which it started to load this script, is no leftover. */
function isOwnDescendant(pid: number): boolean {
  const seen = new Set<number>();
  for (let at = parentOf(pid); at > 1 && !seen.has(at); at = parentOf(at)) {
    if (at === process.pid) return true;
    seen.add(at);
  }
  return false;
}

/** `ownChildren: false` leaves out this process's own children (the command's: tsx's esbuild service). */
export function leftoverProcesses(marker: string, { ownChildren = true } = {}): Leftover[] {
  const entry = `${MARKER_VARIABLE}=${marker}`;
  const skipped = ownLine();
  const found: Leftover[] = [];
  for (const name of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(name) || skipped.has(Number(name))) continue;
    let environment: string;
    let command: string;
    try {
      environment = fs.readFileSync(`/proc/${name}/environ`, 'utf8');
      command = fs.readFileSync(`/proc/${name}/cmdline`, 'utf8').split('\0').join(' ').trim();
    } catch {
      // Ended meanwhile, or not ours to read.
      continue;
    }
    // A zombie has no command line and holds nothing: its parent has yet to reap it.
    if (!command || !environment.split('\0').includes(entry) || (!ownChildren && isOwnDescendant(Number(name))))
      continue;
    found.push({ pid: Number(name), command });
  }
  return found;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const marker = process.env[MARKER_VARIABLE];
  if (!marker) {
    console.error(`${MARKER_VARIABLE} is not set: nothing marks the run's processes`);
    process.exit(2);
  }
  // A process still on its way out (a browser closing, a server draining) is given a few seconds.
  let leftovers = leftoverProcesses(marker, { ownChildren: false });
  for (const deadline = Date.now() + 5000; leftovers.length > 0 && Date.now() < deadline; ) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    leftovers = leftoverProcesses(marker, { ownChildren: false });
  }
  if (leftovers.length > 0) {
    console.error(`${leftovers.length} process(es) outlived the suites:`);
    for (const { pid, command } of leftovers) console.error(`  ${pid} ${command}`);
    process.exit(1);
  }
  console.log('no process outlived the suites');
}
