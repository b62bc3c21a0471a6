// One export job: a list call's pages read one after another through the server's own route (so the caller's menu,
// button and data-scope rules apply as on the screen) and written straight into an .xlsx file (xlsx.ts), a row at a
// time: memory holds one page, never the workbook. The job yields to the event loop every few rows and rests between
// pages, so other requests keep being answered while a big export runs.
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { EXPORT_FIELDS_HEADER } from './fields.js';
import { columnLetter, displayWidth, type NumberKind, openSheet, type Sheet, type SheetCell } from './xlsx.js';

/**
 * Rows read per call: reading, serializing and parsing a page hold the event loop in one piece, so a page is kept to
 * what a list screen itself asks for (measured by `npm run bench -- --only export`).
 */
export const EXPORT_PAGE = 100;
/** Rows written between two yields to the event loop: writing a row (its XML, then deflated) is work too. */
const ROWS_PER_TURN = 25;

export interface ExportColumn {
  field: string;
  header: string;
  /** A number column: money in cents (written in yuan), a share (divided by `per`), a count. */
  kind?: NumberKind;
  per?: number;
  /** The screen's text for each stored value (a dictionary's, a linked row's names). */
  labels?: Record<string, string>;
  /** Written in place of every value: a secret the reader may not reveal. */
  mask?: string;
  /** Written after each value: a number's unit. */
  suffix?: string;
}

export interface ExportRequest {
  /** The list (or report) route read, e.g. /api/blade-system/order/list. */
  url: string;
  query?: Record<string, string>;
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

type Row = Record<string, unknown>;

/** The cell as the spreadsheet keeps it: a number where the column holds one, else the screen's text. */
export function cellOf(column: ExportColumn, row: Row): string | number | null {
  const value = row[column.field];
  if (value === undefined || value === null || value === '') return null;
  if (column.mask !== undefined) return column.mask;
  if (column.suffix !== undefined) return `${String(value)} ${column.suffix}`;
  const label = column.labels?.[String(value)];
  if (label !== undefined) return label;
  const number = Number(value);
  if (!column.kind || Number.isNaN(number)) return typeof value === 'object' ? JSON.stringify(value) : String(value);
  // -1 is BladeX's empty number (an amount not yet known).
  if (column.kind === 'money') return number === -1 ? null : number / 100;
  return column.kind === 'percent' ? number / (column.per ?? 1) : number;
}

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** The longest rest between two pages, so a busy server slows an export down without stopping it. */
const MAX_REST_MS = 200;

/**
 * A rest after a page as long as the page took, at most MAX_REST_MS: the export takes about half of the event loop
 * at most, and less when other requests made the page slow, instead of a turn in every other one.
 */
const rest = (since: number) =>
  new Promise<void>((resolve) => setTimeout(resolve, Math.min(MAX_REST_MS, performance.now() - since)));

/**
 * Reads one page of the list as the caller, through the app's own route: the rows after the last one written
 * (`afterId`, read from where the previous page ended rather than skipping over every row before it), and the
 * page's number for lists that cannot start from a row. Only the first page is counted.
 */
async function readPage(
  app: FastifyInstance,
  request: ExportRequest,
  headers: Record<string, string>,
  current: number,
  afterId: string | undefined,
): Promise<{ rows: Row[]; total: number }> {
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
  // The answer is read from its stream: the whole-payload form keeps every page's answer reachable from the
  // previous call's leftovers until a full collection, and a long export then filled the old generation with them.
  const response = await app.inject({
    method: 'GET',
    url: `${request.url}?${query}`,
    headers: { ...headers, [EXPORT_FIELDS_HEADER]: fields },
    payloadAsStream: true,
  });
  const chunks: Buffer[] = [];
  for await (const chunk of response.stream()) chunks.push(chunk as Buffer);
  const body = JSON.parse(Buffer.concat(chunks).toString()) as {
    success?: boolean;
    msg?: string;
    data?: { records?: Row[]; total?: number } | Row[];
  };
  if (response.statusCode !== 200 || body.success === false) throw new Error(body.msg ?? '导出失败');
  // A page of a list, or a whole list at once (a report's rows): then there is no next page.
  if (Array.isArray(body.data)) return { rows: current === 1 ? body.data : [], total: body.data.length };
  const rows = body.data?.records ?? [];
  return { rows, total: Number(body.data?.total ?? rows.length) };
}

/** Widest a column is made, in characters: longer texts wrap in Excel's own way when someone widens it. */
const WIDEST = 60;

/** Each column as wide as its header or the widest of the first rows' cells, so dates and numbers never show ####. */
function widthsOf(columns: ExportColumn[], lines: SheetCell[][]): number[] {
  return columns.map((column, at) => {
    const cells = lines.map((line) => {
      const cell = line[at];
      return typeof cell === 'number' && column.kind === 'money'
        ? cell.toFixed(2).length + 3
        : displayWidth(String(cell ?? ''));
    });
    return Math.min(WIDEST, Math.max(8, displayWidth(column.header), ...cells) + 2);
  });
}

export async function runExport(
  app: FastifyInstance,
  job: ExportJob,
  request: ExportRequest,
  headers: Record<string, string>,
): Promise<void> {
  fs.mkdirSync(path.dirname(job.file), { recursive: true });
  const { columns } = request;
  const sums = columns.map(() => 0);
  let sheet: Sheet | undefined;
  try {
    let afterId: string | undefined;
    for (let current = 1; !job.cancelled; current += 1) {
      const begun = performance.now();
      const page = await readPage(app, request, headers, current, afterId);
      // Only the first page is counted: its total (an estimate past the exact count) is the progress's measure.
      job.total ??= page.total;
      const lines = page.rows.map((row) => columns.map((column) => cellOf(column, row)));
      const widths = sheet ? [] : widthsOf(columns, lines);
      sheet ??= await openSheet(
        job.file,
        request.title,
        columns.map((column, at) => ({ header: column.header, kind: column.kind, width: widths[at] })),
      );
      for (const [index, line] of lines.entries()) {
        line.forEach((cell, at) => {
          if (columns[at].kind === 'money' && typeof cell === 'number') sums[at] += cell;
        });
        await sheet.addRow(line);
        if (index % ROWS_PER_TURN === ROWS_PER_TURN - 1) await nextTurn();
      }
      job.written += page.rows.length;
      // The list ends with a short page; a total may be an estimate, so it does not end the reading.
      if (page.rows.length < EXPORT_PAGE) break;
      const last = page.rows[page.rows.length - 1].id;
      afterId = typeof last === 'string' && /^\d+$/.test(last) ? last : undefined;
      await rest(begun);
    }
    if (job.cancelled || !sheet) {
      job.state = 'cancelled';
      return;
    }
    if (request.totalsLabel && job.written > 0 && columns.some((column) => column.kind === 'money')) {
      // The sum's value and its formula, so the file adds up again after a row is edited.
      const last = job.written + 1;
      const totals = columns.map((column, index) => {
        if (column.kind !== 'money') return index === 0 ? (request.totalsLabel ?? null) : null;
        const letter = columnLetter(index);
        return { formula: `SUM(${letter}2:${letter}${last})`, result: Math.round(sums[index] * 100) / 100 };
      });
      await sheet.addRow(totals, true);
    }
    await sheet.close();
    job.state = 'done';
  } catch (error) {
    job.state = 'failed';
    job.message = error instanceof Error ? error.message : '导出失败';
  } finally {
    job.finished = Date.now();
    if (job.state !== 'done') {
      await sheet?.discard();
      fs.rmSync(job.file, { force: true });
    }
  }
}
