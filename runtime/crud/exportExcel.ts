// Excel in the console: which columns an export writes as numbers (amounts, counts and shares a spreadsheet can add
// up; the server writes the export itself, controller/useExport.ts), the name with the period searched, the download,
// and the small workbooks the import writes in the browser (write-excel-file, loaded only then).
import type { Column } from '../schema/types';
import { formatOf } from './fields';

export type Cell = string | number;

/** How a number column is shown in the spreadsheet: yuan with two decimals, a share as a percentage, a count, a day or
 * a moment (a real Excel date, not its text). */
export type NumberKind = 'money' | 'percent' | 'number' | 'date' | 'datetime';

/** A column's cells as numbers, when its format is one: money (cents, shown in yuan), a percentage, a plain count. */
export function numberKindOf(column: Column): NumberKind | undefined {
  const format = formatOf(column);
  const name = typeof format === 'string' ? format : format?.name;
  if (name === 'money') return 'money';
  if (name === 'percent') return 'percent';
  if (name === 'date' || name === 'datetime') return name;
  // A number with a unit (分钟, %) reads as text: the unit is part of what the screen shows.
  if (name === 'number' && !(typeof format === 'object' && 'unit' in format)) return 'number';
  return undefined;
}

/** A workbook of one sheet (the import's template and its refused rows), written in the browser. */
export async function writeWorkbook(title: string, headers: string[], table: Cell[][]): Promise<Blob> {
  const { default: writeXlsxFile } = await import('write-excel-file/browser');
  const header = headers.map((value) => ({ value, fontWeight: 'bold' as const }));
  return writeXlsxFile([header, ...table], { sheet: title.slice(0, 31) }).toBlob();
}

export function download(blob: Blob, name: string): void {
  const link = document.createElement('a');
  link.href = URL.createObjectURL(blob);
  link.download = name;
  link.click();
  URL.revokeObjectURL(link.href);
}

/**
 * `订单管理 2026-03-01~2026-03-31`: the title and the period a date search covers, or up to today without one; a month
 * searched (`month=2026-03`) names the month.
 */
export function exportName(title: string, filters: Record<string, unknown>, today: string): string {
  if (typeof filters.month === 'string' && /^\d{4}-\d{2}$/.test(filters.month)) return `${title} ${filters.month}`;
  const day = (value: unknown) => (typeof value === 'string' && value.length >= 10 ? value.slice(0, 10) : undefined);
  let from: string | undefined;
  let to: string | undefined;
  for (const [key, value] of Object.entries(filters)) {
    if (/_date(gt|ge)$|^startDate$/.test(key)) from = day(value) ?? from;
    else if (/_date(lt|le)$|^endDate$/.test(key)) to = day(value) ?? to;
    else if (key.endsWith('_dateequal')) from = to = day(value) ?? from;
  }
  if (!from && !to) return `${title} ~${today}`;
  return from === to ? `${title} ${from}` : `${title} ${from ?? ''}~${to ?? today}`;
}
