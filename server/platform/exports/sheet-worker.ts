// The export's own thread: each page the list answered arrives here as its bytes, is parsed, turned into cells and
// written into the .xlsx (xlsx.ts), so none of that holds the server's event loop while other requests wait.
// The server's thread only calls the list route, as for any other caller (sheet-thread.ts is its side).
import { parentPort, workerData } from 'node:worker_threads';
import { cellOf, type ExportRequest, totalled, widthsOf } from './cells.js';
import { columnLetter, openSheet, type Sheet } from './xlsx.js';

export type SheetOrder =
  | { kind: 'page'; bytes: Uint8Array }
  | { kind: 'close'; totalsLabel?: string }
  | { kind: 'discard' };

export type SheetAnswer =
  | { kind: 'page'; rows: number; total: number; lastId?: string }
  | { kind: 'closed' }
  | { kind: 'failed'; message: string };

export interface SheetSetup {
  file: string;
  request: Pick<ExportRequest, 'title' | 'columns'>;
}

type Row = Record<string, unknown>;

function answer(message: SheetAnswer): void {
  parentPort?.postMessage(message);
}

export function serveSheet(setup: SheetSetup): void {
  const { file } = setup;
  const { title, columns } = setup.request;
  const sums = columns.map(() => 0);
  const decoder = new TextDecoder();
  let sheet: Sheet | undefined;
  let written = 0;
  let first = true;

  const page = async (bytes: Uint8Array): Promise<SheetAnswer> => {
    const body = JSON.parse(decoder.decode(bytes)) as {
      success?: boolean;
      msg?: string;
      data?: { records?: Row[]; total?: number } | Row[];
    };
    if (body.success === false) return { kind: 'failed', message: body.msg ?? '导出失败' };
    // A page of a list, or a whole list at once (a report's rows): then there is no next page.
    const whole = Array.isArray(body.data);
    const rows = Array.isArray(body.data) ? (first ? body.data : []) : (body.data?.records ?? []);
    const total = Array.isArray(body.data) ? body.data.length : Number(body.data?.total ?? rows.length);
    first = false;
    const lines = rows.map((row) => columns.map((column) => cellOf(column, row)));
    if (!sheet) {
      const widths = widthsOf(columns, lines);
      sheet = await openSheet(
        file,
        title,
        columns.map((column, at) => ({ header: column.header, kind: column.kind, width: widths[at] })),
      );
    }
    for (const line of lines) {
      line.forEach((cell, at) => {
        if (totalled(columns[at]) && typeof cell === 'number') sums[at] += cell;
      });
      await sheet.addRow(line);
    }
    written += rows.length;
    const last = rows[rows.length - 1]?.id;
    const lastId = !whole && typeof last === 'string' && /^\d+$/.test(last) ? last : undefined;
    return { kind: 'page', rows: rows.length, total, lastId };
  };

  const close = async (totalsLabel: string | undefined): Promise<SheetAnswer> => {
    if (!sheet) return { kind: 'failed', message: '导出失败' };
    if (totalsLabel && written > 0 && columns.some(totalled)) {
      // The sum's value and its formula, so the file adds up again after a row is edited.
      const last = written + 1;
      const totals = columns.map((column, index) => {
        if (!totalled(column)) return index === 0 ? totalsLabel : null;
        const letter = columnLetter(index);
        return { formula: `SUM(${letter}2:${letter}${last})`, result: Math.round(sums[index] * 100) / 100 };
      });
      await sheet.addRow(totals, true);
    }
    await sheet.close();
    return { kind: 'closed' };
  };

  parentPort?.on('message', (order: SheetOrder) => {
    const work =
      order.kind === 'page'
        ? page(order.bytes)
        : order.kind === 'close'
          ? close(order.totalsLabel)
          : (sheet?.discard() ?? Promise.resolve()).then((): SheetAnswer => ({ kind: 'closed' }));
    work.then(answer, (error: unknown) =>
      answer({ kind: 'failed', message: error instanceof Error ? error.message : '导出失败' }),
    );
  });
}

if (parentPort && workerData) serveSheet(workerData as SheetSetup);
