// Starts the thread that writes an export's spreadsheet (workbook-writer.ts) and speaks with it: a page handed over
// is answered with its size once read, the rows written are counted as the thread reports them, the end waits for
// the file to be closed. The server runs its TypeScript through tsx; a worker thread does not inherit that loader on
// Node 20, so the thread registers tsx's CommonJS hooks itself before loading the writer.
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { FromWriter, ToWriter, WorkbookPlan } from './workbook-writer.js';

const require = createRequire(import.meta.url);
const TSX = require.resolve('tsx/cjs/api');
const WRITER = fileURLToPath(new URL('./workbook-writer.ts', import.meta.url));
const BOOT = `require(${JSON.stringify(TSX)}).register(); require(${JSON.stringify(WRITER)});`;

export interface PageRead {
  rows: number;
  total: number;
  lastId?: string;
}

export interface WorkbookThread {
  /** Hands the list's answer over; resolves once the thread has read it (its rows are written after). */
  page: (status: number, answer: Uint8Array, first: boolean) => Promise<PageRead>;
  /** Writes the totals row and closes the file, once every row handed over is written. */
  end: () => Promise<void>;
  /** Ends the thread (after `end`, or on a failure). */
  stop: () => Promise<void>;
}

export function startWorkbookThread(plan: WorkbookPlan, onWritten: (rows: number) => void): WorkbookThread {
  const worker = new Worker(BOOT, { eval: true, workerData: plan });
  // One question at a time: the job waits for each answer before the next page or the end.
  let waiting: { resolve: (message: FromWriter) => void; reject: (error: Error) => void } | undefined;
  let failure: Error | undefined;
  const fail = (error: Error) => {
    failure ??= error;
    waiting?.reject(failure);
    waiting = undefined;
  };
  worker.on('message', (message: FromWriter) => {
    if (message.kind === 'written') onWritten(message.rows);
    else if (message.kind === 'failed') fail(new Error(message.message));
    else {
      waiting?.resolve(message);
      waiting = undefined;
    }
  });
  worker.on('error', fail);
  worker.on('exit', () => fail(new Error('导出失败')));
  const ask = (message: ToWriter, transfer: ArrayBuffer[] = []): Promise<FromWriter> => {
    if (failure) return Promise.reject(failure);
    return new Promise((resolve, reject) => {
      waiting = { resolve, reject };
      worker.postMessage(message, transfer);
    });
  };
  return {
    page: async (status, answer, first) => {
      // A copy of its own, handed over without a second copy (the answer's buffer may be shared).
      const own = new Uint8Array(answer);
      const read = await ask({ kind: 'page', status, answer: own, first }, [own.buffer]);
      return read as PageRead;
    },
    end: async () => {
      await ask({ kind: 'end' });
    },
    stop: async () => {
      await worker.terminate();
    },
  };
}
