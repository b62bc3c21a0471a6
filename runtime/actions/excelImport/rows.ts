// Reading an .xlsx (read-excel-file) and checking its rows against the import fields: headers are matched by label in either
// language or by field name; dictionary labels become their keys; each row carries its own errors.
import type { DictItem } from '../../data/dictionary';
import type { Label, Row } from '../../schema/types';
import { actionTexts } from '../texts';
import type { ImportField } from './fields';

export type Say = (text: Label, values?: Record<string, unknown>) => string;

export interface PreviewRow {
  /** The row's number in the sheet, as a person sees it in Excel. */
  line: number;
  /** The cells as written in the file, by field: what the preview shows. */
  cells: Record<string, string>;
  /** What is sent: dictionary keys, numbers. */
  record: Row;
  errors: string[];
}

type Cell = string | number | boolean | undefined;

/** The first sheet: its header row and the rows under it (empty rows left out). */
export async function readSheet(
  buffer: ArrayBuffer,
): Promise<{ headers: string[]; lines: { line: number; cells: Cell[] }[] }> {
  const { readSheet: read } = await import('read-excel-file/browser');
  // Every row from the first, empty ones in the middle included: a row's index is its line in Excel, less one.
  const rows = await read(buffer);
  const headers: string[] = [];
  const lines: { line: number; cells: Cell[] }[] = [];
  rows.forEach((row, index) => {
    const cells: Cell[] = row.map((value) =>
      value === null || value === undefined ? undefined : value instanceof Date ? dateText(value) : (value as Cell),
    );
    if (index === 0) headers.push(...cells.map((cell) => String(cell ?? '').trim()));
    else if (cells.some((cell) => cell !== undefined && String(cell).trim() !== ''))
      lines.push({ line: index + 1, cells });
  });
  return { headers, lines };
}

/** Excel keeps dates without a zone, which the reader gives as UTC: `2026-03-04`, or `2026-03-04 08:30:00` with a time. */
function dateText(date: Date): string {
  const [day, time] = date.toISOString().slice(0, 19).split('T');
  return time === '00:00:00' ? day : `${day} ${time}`;
}

export function checkRows(
  fields: ImportField[],
  sheet: { headers: string[]; lines: { line: number; cells: Cell[] }[] },
  dictionaries: Map<string, DictItem[]>,
  say: Say,
): PreviewRow[] {
  const columnOf = new Map<string, number>();
  for (const field of fields) {
    const names = [
      field.field,
      'key' in field.label ? say(field.label) : field.label.zh,
      'key' in field.label ? '' : field.label.en,
    ];
    const index = sheet.headers.findIndex((header) => header && names.includes(header));
    if (index >= 0) columnOf.set(field.field, index);
  }
  return sheet.lines.map(({ line, cells }) => {
    const record: Row = {};
    const shown: Record<string, string> = {};
    const errors: string[] = [];
    for (const field of fields) {
      const index = columnOf.get(field.field);
      const raw = index === undefined ? undefined : cells[index];
      const text = raw === undefined ? '' : String(raw).trim();
      shown[field.field] = text;
      const name = say(field.label);
      if (text === '') {
        if (field.required) errors.push(say(actionTexts.importRequired, { field: name }));
        continue;
      }
      const value = fieldValue(field, raw as Cell, text, dictionaries);
      if (value.error) errors.push(say(value.error, { field: name, value: text }));
      else record[field.field] = value.value;
    }
    return { line, cells: shown, record, errors };
  });
}

function fieldValue(
  field: ImportField,
  raw: Cell,
  text: string,
  dictionaries: Map<string, DictItem[]>,
): { value?: unknown; error?: Label } {
  let value: unknown = typeof raw === 'number' ? raw : text;
  if (field.dict) {
    // A person writes the label they see, in either language (正常, Normal); a key as it is stored (1) is taken too.
    const items = dictionaries.get(field.dict.code) ?? [];
    const english = text.toLowerCase();
    const item =
      items.find((i) => i.dictValue === text || i.dictValueEn?.toLowerCase() === english) ??
      items.find((i) => i.dictKey === text);
    if (!item) return { error: actionTexts.importDictionary };
    value = item.dictKey;
  }
  if (field.type === 'integer' || field.type === 'number') {
    const number = Number(value);
    if (!Number.isFinite(number)) return { error: actionTexts.importNumber };
    if (field.type === 'integer' && !Number.isInteger(number)) return { error: actionTexts.importInteger };
    return { value: number };
  }
  if (field.type === 'string') return { value: String(value) };
  return { value };
}
