// Export of the current filter to Excel: pages of 200 rows are fetched one after another (progress reported), the
// cells are formatted like the screen — amounts, counts and shares as numbers a spreadsheet can add up, with a totals
// row under the amounts — and exceljs (loaded only now) writes the workbook, named with the period searched.
import { fetchList, type Query } from '../data/provider';
import { formatterOf } from '../format/Cell';
import type { Lang } from '../i18n/label';
import type { Registry } from '../registry';
import type { Column, Row } from '../schema/types';
import { formatOf } from './fields';

const BATCH = 200;

export async function collectRows(
  url: string,
  query: Query,
  onProgress: (done: number, total: number) => void,
): Promise<Row[]> {
  const rows: Row[] = [];
  let total = Number.POSITIVE_INFINITY;
  for (let current = 1; rows.length < total; current++) {
    const page = await fetchList(url, { ...query, current, size: BATCH });
    total = page.total;
    rows.push(...page.rows);
    onProgress(rows.length, total);
    if (page.rows.length < BATCH) break;
  }
  return rows;
}

export async function cellText(column: Column, row: Row, lang: Lang, registry: Registry): Promise<string> {
  const value = row[column.field];
  const found = formatterOf(formatOf(column), registry);
  if (found?.formatter.text) return found.formatter.text(value, found.options, { lang });
  return value === undefined || value === null ? '' : String(value);
}

export type Cell = string | number;

/** How a number column is shown in the spreadsheet: yuan with two decimals, a share as a percentage, a count. */
export type NumberKind = 'money' | 'percent' | 'number';
const NUMBER_FORMATS: Record<NumberKind, string> = { money: '#,##0.00', percent: '0.0%', number: '0' };

/** A column's cells as numbers, when its format is one: money (cents, shown in yuan), a percentage, a plain count. */
export function numberKindOf(column: Column): NumberKind | undefined {
  const format = formatOf(column);
  const name = typeof format === 'string' ? format : format?.name;
  if (name === 'money') return 'money';
  if (name === 'percent') return 'percent';
  // A number with a unit (分钟, %) reads as text: the unit is part of what the screen shows.
  if (name === 'number' && !(typeof format === 'object' && 'unit' in format)) return 'number';
  return undefined;
}

/** The cell as the spreadsheet keeps it: a number where the column holds one, else the screen's text. */
export async function cellValue(column: Column, row: Row, lang: Lang, registry: Registry): Promise<Cell> {
  const kind = numberKindOf(column);
  const value = row[column.field];
  const unset = value === undefined || value === null || value === '' || Number.isNaN(Number(value));
  if (!kind || unset || (kind === 'money' && Number(value) === -1)) return cellText(column, row, lang, registry);
  if (kind === 'money') return Number(value) / 100;
  const format = formatOf(column);
  const per = typeof format === 'object' && typeof format.per === 'number' ? format.per : 1;
  return kind === 'percent' ? Number(value) / per : Number(value);
}

export interface WorkbookOptions {
  /** Each column's number kind, to format its cells and sum the amounts. */
  kinds?: Array<NumberKind | undefined>;
  /** The totals row's label, written under the table when some column holds amounts. */
  totalsLabel?: string;
}

export async function writeWorkbook(
  title: string,
  headers: string[],
  table: Cell[][],
  options: WorkbookOptions = {},
): Promise<Blob> {
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(title.slice(0, 31));
  sheet.addRow(headers).font = { bold: true };
  for (const line of table) sheet.addRow(line);
  const kinds = options.kinds ?? [];
  kinds.forEach((kind, index) => {
    if (kind) sheet.getColumn(index + 1).numFmt = NUMBER_FORMATS[kind];
  });
  if (options.totalsLabel && table.length > 0 && kinds.includes('money')) {
    // Written as the sum's value and its formula, so the file adds up again after a row is edited.
    const totals: Array<Cell | { formula: string; result: number }> = headers.map(() => '');
    if (kinds[0] !== 'money') totals[0] = options.totalsLabel;
    kinds.forEach((kind, index) => {
      if (kind !== 'money') return;
      const letter = sheet.getColumn(index + 1).letter;
      const sum = table.reduce(
        (total, line) => total + (typeof line[index] === 'number' ? (line[index] as number) : 0),
        0,
      );
      totals[index] = { formula: `SUM(${letter}2:${letter}${table.length + 1})`, result: Math.round(sum * 100) / 100 };
    });
    sheet.addRow(totals).font = { bold: true };
  }
  const buffer = await workbook.xlsx.writeBuffer();
  return new Blob([buffer], { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' });
}

export function download(blob: Blob, name: string): void {
  const link = document.createElement('a');
  link.href = URL.createObjectURL(blob);
  link.download = name;
  link.click();
  URL.revokeObjectURL(link.href);
}

/** `订单管理 2026-03-01~2026-03-31`: the title and the period a date search covers, or up to today without one. */
export function exportName(title: string, filters: Record<string, unknown>, today: string): string {
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
