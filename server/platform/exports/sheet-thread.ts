// The server's side of an export's thread (sheet-worker.ts): one thread per running export, handed each page's bytes
// as the list route answered them and asked to close or discard the file; ended with the export.
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { SheetAnswer, SheetOrder, SheetSetup } from './sheet-worker.js';

const worker = new URL('./sheet-worker.ts', import.meta.url);

/**
 * The thread's first code: the server runs its TypeScript through tsx, whose loader a thread does not inherit, so the
 * thread loads it before the worker's module (a build to JavaScript would load that directly).
 */
function boot(): { code: string; eval: true } | { code: URL; eval: false } {
  if (!worker.pathname.endsWith('.ts')) return { code: new URL('./sheet-worker.js', import.meta.url), eval: false };
  const tsx = createRequire(import.meta.url)
    .resolve('tsx/esm/api')
    .replace(/\.cjs$/, '.mjs');
  const file = JSON.stringify(worker.href);
  return {
    code: `import(${JSON.stringify(pathToFileURL(tsx).href)}).then(({ tsImport }) => tsImport(${file}, ${file}))`,
    eval: true,
  };
}

export interface SheetThread {
  /** Writes a page the list answered; its rows, the list's total and where the next page starts. */
  page: (bytes: Uint8Array) => Promise<{ rows: number; total: number; lastId?: string }>;
  /** Writes the totals row and finishes the file. */
  close: (totalsLabel?: string) => Promise<void>;
  /** Stops writing and releases the file (its caller removes it), then ends the thread. */
  end: () => Promise<void>;
}

export class SheetFailed extends Error {}

export function startSheetThread(setup: SheetSetup): SheetThread {
  const { code, eval: evaluated } = boot();
  // An export holds one page at a time: a small heap of its own, so a runaway one cannot take the server's memory.
  const thread = new Worker(code, {
    eval: evaluated,
    workerData: setup,
    resourceLimits: { maxOldGenerationSizeMb: 96 },
  });
  thread.unref();
  let waiting: { resolve: (answer: SheetAnswer) => void; reject: (error: Error) => void } | undefined;
  let broken: Error | undefined;
  const fail = (error: Error) => {
    broken ??= error;
    waiting?.reject(broken);
    waiting = undefined;
  };
  thread.on('message', (answer: SheetAnswer) => {
    waiting?.resolve(answer);
    waiting = undefined;
  });
  thread.on('error', fail);
  thread.on('exit', () => fail(new SheetFailed('导出失败')));

  const ask = (order: SheetOrder, transfer: ArrayBuffer[] = []): Promise<SheetAnswer> => {
    if (broken) return Promise.reject(broken);
    return new Promise<SheetAnswer>((resolve, reject) => {
      waiting = { resolve, reject };
      thread.postMessage(order, transfer);
    }).then((answer) => {
      if (answer.kind === 'failed') throw new SheetFailed(answer.message);
      return answer;
    });
  };

  return {
    page: async (bytes) => {
      const answer = await ask({ kind: 'page', bytes }, [bytes.buffer as ArrayBuffer]);
      if (answer.kind !== 'page') throw new SheetFailed('导出失败');
      return answer;
    },
    close: async (totalsLabel) => {
      await ask({ kind: 'close', totalsLabel });
    },
    end: async () => {
      if (!broken) await ask({ kind: 'discard' }).catch(() => {});
      await thread.terminate();
    },
  };
}
