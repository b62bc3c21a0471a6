// The spreadsheet of one export, written in a thread of its own (started by workbook-thread.ts): each page of the
// list arrives as the list route's JSON answer, is read here, answered with its size at once (so the next page is
// read meanwhile), then written row by row by exceljs' streaming writer, each row committed as it is written. Reading
// the JSON, turning rows into cells and deflating the file never hold the server's event loop.
import { parentPort, workerData } from 'node:worker_threads';
import ExcelJS from 'exceljs';
import { cellOf, type ExportColumn, NUMBER_FORMATS, type Row } from './cells.js';

export interface WorkbookPlan {
  file: string;
  title: string;
  columns: ExportColumn[];
  totalsLabel?: string;
}

/** To the thread: a page as the list answered it, or the end of the rows. */
export type ToWriter = { kind: 'page'; status: number; answer: Uint8Array; first: boolean } | { kind: 'end' };

/** From the thread: a page read (its rows, the list's total, its last row's id), rows written, the file closed. */
export type FromWriter =
  | { kind: 'read'; rows: number; total: number; lastId?: string }
  | { kind: 'written'; rows: number }
  | { kind: 'closed' }
  | { kind: 'failed'; message: string };

interface ListAnswer {
  success?: boolean;
  msg?: string;
  data?: { records?: Row[]; total?: number } | Row[];
}

const port = parentPort;
if (!port) throw new Error('workbook-writer.ts runs in a worker thread');
const plan = workerData as WorkbookPlan;
const { columns } = plan;

const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: plan.file, useStyles: true });
const sheet = workbook.addWorksheet(plan.title.slice(0, 31));
sheet.columns = columns.map((column) => ({
  header: column.header,
  key: column.field,
  style: column.kind ? { numFmt: NUMBER_FORMATS[column.kind] } : {},
}));
sheet.getRow(1).font = { bold: true };
const sums = columns.map(() => 0);
let written = 0;

const tell = (message: FromWriter) => port.postMessage(message);

/** The page's rows, or a refusal's message: the list answered as it would the screen. */
function rowsOf(message: Extract<ToWriter, { kind: 'page' }>): { rows: Row[]; total: number } {
  const body = JSON.parse(Buffer.from(message.answer).toString('utf8')) as ListAnswer;
  if (message.status !== 200 || body.success === false) throw new Error(body.msg ?? '导出失败');
  // A page of a list, or a whole list at once (a report's rows): then there is no next page.
  if (Array.isArray(body.data)) return { rows: message.first ? body.data : [], total: body.data.length };
  const rows = body.data?.records ?? [];
  return { rows, total: Number(body.data?.total ?? rows.length) };
}

function write(rows: Row[]): void {
  for (const row of rows) {
    const line = columns.map((column) => cellOf(column, row));
    line.forEach((cell, at) => {
      if (columns[at].kind === 'money' && typeof cell === 'number') sums[at] += cell;
    });
    sheet.addRow(line).commit();
  }
  written += rows.length;
}

async function close(): Promise<void> {
  if (plan.totalsLabel && written > 0 && columns.some((column) => column.kind === 'money')) {
    // The sum's value and its formula, so the file adds up again after a row is edited.
    const totals = columns.map((column, index) => {
      if (column.kind !== 'money') return index === 0 ? plan.totalsLabel : null;
      const letter = sheet.getColumn(index + 1).letter;
      return { formula: `SUM(${letter}2:${letter}${written + 1})`, result: Math.round(sums[index] * 100) / 100 };
    });
    const row = sheet.addRow(totals);
    row.font = { bold: true };
    row.commit();
  }
  sheet.commit();
  await workbook.commit();
}

port.on('message', async (message: ToWriter) => {
  try {
    if (message.kind === 'end') {
      await close();
      tell({ kind: 'closed' });
      return;
    }
    const { rows, total } = rowsOf(message);
    const last = rows[rows.length - 1]?.id;
    tell({ kind: 'read', rows: rows.length, total, lastId: typeof last === 'string' ? last : undefined });
    write(rows);
    tell({ kind: 'written', rows: rows.length });
  } catch (error) {
    tell({ kind: 'failed', message: error instanceof Error ? error.message : '导出失败' });
  }
});
