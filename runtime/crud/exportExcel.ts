// Export of the current filter to Excel: pages of 200 rows are fetched one after another (progress reported), the
// cells are formatted like the screen, and exceljs (loaded only now) writes the workbook.
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

export async function writeWorkbook(title: string, headers: string[], table: string[][]): Promise<Blob> {
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(title.slice(0, 31));
  sheet.addRow(headers).font = { bold: true };
  for (const line of table) sheet.addRow(line);
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
