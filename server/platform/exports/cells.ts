// What an export is asked for (the list, its search, the columns as the screen shows them) and how a row's value
// becomes a cell: the screen's words for a code, a number where the column holds one.
import { displayWidth, type NumberKind, type SheetCell } from './xlsx.js';

export interface ExportColumn {
  field: string;
  header: string;
  /** A number column: money in cents (written in yuan), a share (divided by `per`), a count; or a date or a
   * moment, written as Excel's day number in a date format. */
  kind?: NumberKind;
  /** Summed in the totals row under the table (the screen's own totals row names it); money always is. */
  total?: boolean;
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
  /** The totals row's label, written under the table when some column is summed. */
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
  if (column.kind === 'date' || column.kind === 'datetime') return excelDay(String(value)) ?? String(value);
  const number = Number(value);
  if (!column.kind || Number.isNaN(number)) return typeof value === 'object' ? JSON.stringify(value) : String(value);
  // -1 is BladeX's empty number (an amount not yet known).
  if (column.kind === 'money') return number === -1 ? null : number / 100;
  return column.kind === 'percent' ? number / (column.per ?? 1) : number;
}

const STORED = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?$/;
/** Excel's day 0 (1899-12-30, so that 1900-03-01 onwards count as Excel counts them). */
const EXCEL_EPOCH = Date.UTC(1899, 11, 30);

/**
 * A stored day or moment (`2026-11-23`, `2026-11-23 08:30:00`, the server's wall-clock time) as Excel's day number:
 * whole days since its day 0, the time of day as the fraction. Read as written, with no time zone moved.
 */
export function excelDay(text: string): number | null {
  const match = STORED.exec(text.trim());
  if (!match) return null;
  const [year, month, day, hour, minute, second] = match.slice(1).map((part) => Number(part ?? 0));
  const at = Date.UTC(year, month - 1, day, hour, minute, second);
  const back = new Date(at);
  if (back.getUTCMonth() !== month - 1 || back.getUTCDate() !== day) return null;
  return (at - EXCEL_EPOCH) / 86_400_000;
}

/** Summed under the table: amounts, and the counts and hours the screen's totals row names. */
export const totalled = (column: ExportColumn): boolean =>
  column.kind === 'money' || (column.total === true && column.kind === 'number');

/** Widest a column is made, in characters: longer texts wrap in Excel's own way when someone widens it. */
const WIDEST = 60;

/** Each column as wide as its header or the widest of the first rows' cells, so dates and numbers never show ####. */
export function widthsOf(columns: ExportColumn[], lines: SheetCell[][]): number[] {
  return columns.map((column, at) => {
    const cells = lines.map((line) => {
      const cell = line[at];
      if (typeof cell === 'number' && column.kind === 'money') return cell.toFixed(2).length + 3;
      // As Excel shows them: 2026-11-23 and 2026-11-23 08:30:00.
      if (column.kind === 'date') return 10;
      if (column.kind === 'datetime') return 19;
      return displayWidth(String(cell ?? ''));
    });
    return Math.min(WIDEST, Math.max(8, displayWidth(column.header), ...cells) + 2);
  });
}
