// What an export is asked for (the list, its search, the columns as the screen shows them) and how a row's value
// becomes a cell: the screen's words for a code, a number where the column holds one.
import { displayWidth, type NumberKind, type SheetCell } from './xlsx.js';

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

/** Widest a column is made, in characters: longer texts wrap in Excel's own way when someone widens it. */
const WIDEST = 60;

/** Each column as wide as its header or the widest of the first rows' cells, so dates and numbers never show ####. */
export function widthsOf(columns: ExportColumn[], lines: SheetCell[][]): number[] {
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
