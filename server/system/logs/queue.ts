// Log rows wait in a small queue and are written in batches after the answer has gone out, so logging never
// slows a call. Each database connection has its own queue; `flushLogs` writes what is pending (lists call it first
// so a person sees their own latest calls).
import type { AppContext } from '../../platform/context.js';
import { anyDb } from '../../platform/engine/types.js';

export type LogTable = 'blade_log_api' | 'blade_log_error' | 'blade_log_usual';
type LogRow = Record<string, unknown>;

const BATCH = 100;
const DELAY_MS = 200;

interface Queue {
  rows: Map<LogTable, LogRow[]>;
  timer: NodeJS.Timeout | null;
  writing: Promise<void>;
}

const queues = new WeakMap<AppContext['db'], Queue>();

function queueOf(ctx: AppContext): Queue {
  let queue = queues.get(ctx.db);
  if (!queue) {
    queue = { rows: new Map(), timer: null, writing: Promise.resolve() };
    queues.set(ctx.db, queue);
  }
  return queue;
}

async function write(ctx: AppContext, batches: Array<[LogTable, LogRow[]]>): Promise<void> {
  for (const [table, rows] of batches) {
    for (let at = 0; at < rows.length; at += BATCH) {
      try {
        await anyDb(ctx)
          .insertInto(table)
          .values(rows.slice(at, at + BATCH))
          .execute();
      } catch (error) {
        // A log that cannot be written must not take the server down; say so on stderr.
        console.error(`log write to ${table} failed`, error);
      }
    }
  }
}

export function flushLogs(ctx: AppContext): Promise<void> {
  const queue = queueOf(ctx);
  if (queue.timer) clearTimeout(queue.timer);
  queue.timer = null;
  const batches = [...queue.rows.entries()].filter(([, rows]) => rows.length > 0);
  queue.rows = new Map();
  queue.writing = queue.writing.then(() => write(ctx, batches));
  return queue.writing;
}

export function enqueueLog(ctx: AppContext, table: LogTable, row: LogRow): void {
  const queue = queueOf(ctx);
  const rows = queue.rows.get(table) ?? [];
  rows.push(row);
  queue.rows.set(table, rows);
  if (rows.length >= BATCH) {
    void flushLogs(ctx);
  } else if (!queue.timer) {
    queue.timer = setTimeout(() => void flushLogs(ctx), DELAY_MS);
    queue.timer.unref();
  }
}
