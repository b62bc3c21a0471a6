// One export job, run by the instance that started it: the list's pages read one after another through the server's
// own route (so the caller's menu, button and data-scope rules apply as on the screen), each page's bytes handed to
// the export's own thread (sheet-thread.ts), which parses them and writes the .xlsx into a file of this machine. Each
// page is recorded on the job's row and renews the job's claim; the row is how a cancel from any instance reaches
// it. The finished file goes to the export files' store, where any instance downloads it from.
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { BladeError } from '../http/envelope.js';
import { releaseWork, renewWork } from '../work/claims.js';
import type { ExportRequest } from './cells.js';
import { EXPORT_FIELDS_HEADER } from './fields.js';
import { EXPORT_LEASE_SECONDS, finishJob, pieceOf, recordProgress } from './jobs.js';
import { SheetFailed, startSheetThread } from './sheet-thread.js';

/**
 * Rows read per call: the server's thread reads and serializes a page in one piece, as it does any caller's list,
 * and takes turns with other requests between pages (measured by `npm run bench -- --only export`,
 * docs/operations.md, "Exports").
 */
export const EXPORT_PAGE = 250;

/** The longest rest after a page: a server busy with others' requests slows an export down without stopping it. */
const MAX_REST_MS = 100;

/**
 * A rest after a page as long as the server took to answer it, at most MAX_REST_MS: on a quiet server the export
 * takes at most half of the event loop; on a busy one its pages wait their turn like everyone's calls.
 */
const rest = (since: number) =>
  new Promise<void>((resolve) => setTimeout(resolve, Math.min(MAX_REST_MS, performance.now() - since)));

/** A job this instance runs, as its stopping sees it. */
interface Running {
  stopped: boolean;
  done: Promise<void>;
}

/** The jobs each server runs, so that a server that stops ends them and hands their claims back. */
const runningBy = new WeakMap<FastifyInstance, Set<Running>>();

/** Ends the jobs this server runs, when it closes: their rows are left running for an export pass to mark. */
export function stopExportsOnClose(app: FastifyInstance): void {
  app.addHook('onClose', async () => {
    const running = [...(runningBy.get(app) ?? [])];
    for (const job of running) job.stopped = true;
    await Promise.all(running.map((job) => job.done));
  });
}

class Stopped extends Error {}

/** Reads one page of the list as the caller, as the bytes of its answer. */
async function readPage(
  app: FastifyInstance,
  request: ExportRequest,
  headers: Record<string, string>,
  current: number,
  afterId: string | undefined,
): Promise<Uint8Array> {
  const paging = {
    current: String(current),
    size: String(EXPORT_PAGE),
    ...(afterId ? { afterId } : {}),
    // The first page's total is the progress's measure; counting the list again for every page would hold the event
    // loop longer than reading the page does.
    ...(current > 1 ? { searchCount: 'false' } : {}),
  };
  const query = new URLSearchParams({ ...request.query, ...paging });
  const fields = request.columns.map((column) => column.field).join(',');
  // Read from its stream: the whole-payload form keeps every page's answer reachable from the previous call's
  // leftovers until a full collection.
  const response = await app.inject({
    method: 'GET',
    url: `${request.url}?${query}`,
    headers: { ...headers, [EXPORT_FIELDS_HEADER]: fields },
    payloadAsStream: true,
  });
  const chunks: Buffer[] = [];
  for await (const chunk of response.stream()) chunks.push(chunk as Buffer);
  // One buffer of its own, handed over to the export's thread without a copy.
  const bytes = new Uint8Array(chunks.reduce((length, chunk) => length + chunk.length, 0));
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.length;
  }
  if (response.statusCode !== 200) {
    const body = JSON.parse(new TextDecoder().decode(bytes)) as { msg?: string };
    throw new SheetFailed(body.msg ?? '导出失败');
  }
  return bytes;
}

export interface ExportRun {
  id: string;
  /** Where the file is written until it is finished: a file of this machine. */
  file: string;
  request: ExportRequest;
  /** The caller's own credentials, for the list route. */
  headers: Record<string, string>;
}

/** Runs the job to its end; its row says how it ended. */
export function runExport(app: FastifyInstance, run: ExportRun): Promise<void> {
  const mine = runningBy.get(app) ?? new Set<Running>();
  runningBy.set(app, mine);
  const job: Running = { stopped: false, done: Promise.resolve() };
  job.done = work(app, run, job).finally(() => mine.delete(job));
  mine.add(job);
  return job.done;
}

async function work(app: FastifyInstance, run: ExportRun, job: Running): Promise<void> {
  const { ctx } = app;
  const { id, file, request, headers } = run;
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const sheet = startSheetThread({ file, request: { title: request.title, columns: request.columns } });
  const goOn = (going: boolean) => {
    // Cancelled, or marked interrupted by another instance: the row already says so.
    if (!going || job.stopped) throw new Stopped();
  };
  try {
    let written = 0;
    let total: number | undefined;
    let afterId: string | undefined;
    for (let current = 1; ; current += 1) {
      const begun = performance.now();
      const page = await readPage(app, request, headers, current, afterId);
      goOn(!job.stopped);
      const answered = performance.now();
      const read = await sheet.page(page);
      written += read.rows;
      // Only the first page is counted: its total (an estimate past the exact count) is the progress's measure.
      total ??= read.total;
      goOn(await recordProgress(ctx, id, written, total));
      goOn(await renewWork(ctx, pieceOf(id), EXPORT_LEASE_SECONDS));
      // The list ends with a short page; a total may be an estimate, so it does not end the reading.
      if (read.rows < EXPORT_PAGE) break;
      afterId = read.lastId;
      // As long as the server took to answer the page; the thread's writing is not the server's time.
      await rest(begun + (performance.now() - answered));
      goOn(!job.stopped);
    }
    await sheet.close(request.totalsLabel);
    const fileKey = `${id}.xlsx`;
    await app.exportFiles.putFile(fileKey, file);
    // Cancelled at the last moment: the file is not waited for.
    if (!(await finishJob(ctx, id, { state: 'done', fileKey }))) await app.exportFiles.remove(fileKey);
  } catch (error) {
    if (!(error instanceof Stopped)) {
      // The list's refusal or the store's, in the person's words; anything else is not theirs to read.
      const told = error instanceof SheetFailed || error instanceof BladeError;
      if (!told) app.log.error(error, 'export failed');
      const reason = told ? error.message : '导出失败';
      await finishJob(ctx, id, { state: 'failed', reason }).catch(() => {});
    }
  } finally {
    await sheet.end();
    fs.rmSync(file, { force: true });
    await releaseWork(ctx, pieceOf(id)).catch(() => {});
  }
}
