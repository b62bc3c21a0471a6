// One export job: a list call's pages read one after another through the server's own route (so the caller's menu,
// button and data-scope rules apply as on the screen) and handed, as the route answered them, to a thread of the job's
// own that reads them and writes them into an .xlsx file with exceljs' streaming writer (workbook-writer.ts). The
// event loop keeps only the reading of the pages, a short one each, with a turn for other requests between two: the
// JSON, the cells and the deflating are the thread's. Memory holds a page or two, never the workbook.
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { ExportColumn } from './cells.js';
import { startWorkbookThread } from './workbook-thread.js';

/**
 * Rows read per call: reading and serializing a page holds the event loop, so a page is kept to a few milliseconds
 * (measured by `npm run bench -- --only export`); the fixed cost of a call still counts at this size.
 */
export const EXPORT_PAGE = 200;

export interface ExportRequest {
  /** The list (or report) route read, e.g. /api/blade-system/order/list. */
  url: string;
  query: Record<string, string>;
  title: string;
  columns: ExportColumn[];
  /** The totals row's label, written under the table when some column holds amounts. */
  totalsLabel?: string;
}

export type ExportState = 'running' | 'done' | 'failed' | 'cancelled';

export interface ExportJob {
  id: string;
  owner: string;
  file: string;
  state: ExportState;
  written: number;
  total?: number;
  message?: string;
  cancelled: boolean;
  finished?: number;
}

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Reads one page of the list as the caller, through the app's own route: the rows after the last one written
 * (`afterId`, read from where the previous page ended rather than skipping over every row before it), and the
 * page's number for lists that cannot start from a row. Answers the route's status and its JSON, unread.
 */
async function readPage(
  app: FastifyInstance,
  request: ExportRequest,
  headers: Record<string, string>,
  current: number,
  afterId: string | undefined,
): Promise<{ status: number; answer: Buffer }> {
  const paging = { current: String(current), size: String(EXPORT_PAGE), ...(afterId ? { afterId } : {}) };
  const query = new URLSearchParams({ ...request.query, ...paging });
  const response = await app.inject({ method: 'GET', url: `${request.url}?${query}`, headers });
  return { status: response.statusCode, answer: response.rawPayload };
}

export async function runExport(
  app: FastifyInstance,
  job: ExportJob,
  request: ExportRequest,
  headers: Record<string, string>,
): Promise<void> {
  fs.mkdirSync(path.dirname(job.file), { recursive: true });
  const thread = startWorkbookThread(
    { file: job.file, title: request.title, columns: request.columns, totalsLabel: request.totalsLabel },
    (rows) => {
      job.written += rows;
    },
  );
  try {
    let afterId: string | undefined;
    for (let current = 1; !job.cancelled; current += 1) {
      const { status, answer } = await readPage(app, request, headers, current, afterId);
      // The thread writes this page while the next one is read.
      const page = await thread.page(status, answer, current === 1);
      // A total past the exact count is an estimate: the first one stays the progress's measure.
      job.total ??= page.total;
      // The list ends with a short page; a total may be an estimate, so it does not end the reading.
      if (page.rows < EXPORT_PAGE) break;
      afterId = page.lastId && /^\d+$/.test(page.lastId) ? page.lastId : undefined;
      await nextTurn();
    }
    // A cancelled file is closed too (its handle released), then removed.
    await thread.end();
    job.state = job.cancelled ? 'cancelled' : 'done';
  } catch (error) {
    job.state = 'failed';
    job.message = error instanceof Error ? error.message : '导出失败';
  } finally {
    await thread.stop();
    job.finished = Date.now();
    if (job.state !== 'done') fs.rmSync(job.file, { force: true });
  }
}
