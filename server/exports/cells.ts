// The columns of an export as the screen sends them, and each cell as the spreadsheet keeps it: read by the job and
// by the thread that writes the file.

export type NumberKind = 'money' | 'percent' | 'number';
export const NUMBER_FORMATS: Record<NumberKind, string> = { money: '#,##0.00', percent: '0.0%', number: '0' };

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

export type Row = Record<string, unknown>;

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
