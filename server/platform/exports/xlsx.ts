// One sheet of an .xlsx file, written row by row into a zip as the export reads its list: a row is one piece of XML,
// never a model of cells, so memory and the garbage a big export leaves behind stay small whatever its length. Text
// is written in its cells (inline strings), numbers as numbers in the column's format, the header row bold and frozen.
import { once } from 'node:events';
import fs from 'node:fs';
import { type ZipEntry, ZipWriter } from './zip.js';

/** How a number cell shows: yuan, a share, a count or hours, a day or a moment (Excel keeps both as day numbers). */
export type NumberKind = 'money' | 'percent' | 'number' | 'date' | 'datetime';
/** A cell: text, a number, a sum kept as its formula and its value, or nothing. */
export type SheetCell = string | number | { formula: string; result: number } | null;

export interface SheetColumn {
  header: string;
  kind?: NumberKind;
  /** In characters, as Excel counts them. */
  width: number;
}

const KINDS: NumberKind[] = ['money', 'percent', 'number', 'date', 'datetime'];
// A count shows whole, hours to their tenth (General keeps 12 as 12 and 12.5 as 12.5).
const FORMATS: Record<NumberKind, string> = {
  money: '#,##0.00',
  percent: '0.0%',
  number: 'General',
  date: 'yyyy-mm-dd',
  datetime: 'yyyy-mm-dd hh:mm:ss',
};
/** Row XML gathered before it is deflated: one string well under V8's large-object size, a deflate call per many rows. */
const CHUNK_CHARS = 16_000;

const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const RELATIONS = 'http://schemas.openxmlformats.org/package/2006/relationships';
const DOCUMENT = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const XML = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';

/** Text as XML keeps it: the five escapes, and the control characters XML cannot hold left out. */
const escapeXml = (text: string): string =>
  text
    // biome-ignore lint/suspicious/noControlCharactersInRegex: these are exactly what XML 1.0 cannot hold.
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');

/** The most characters Excel keeps in a cell: a longer text would make Excel repair the file, dropping it. */
export const CELL_MAX = 32_767;

/** Text as a cell holds it: a longer one (a page's definition in the audit trail) is cut, ending with …. */
function fitted(text: string): string {
  if (text.length <= CELL_MAX) return text;
  const cut = text.slice(0, CELL_MAX - 1);
  // Never half of a character outside the BMP.
  return `${/[\ud800-\udbff]$/.test(cut) ? cut.slice(0, -1) : cut}…`;
}

/** A column's letters: A … Z, AA … */
export function columnLetter(index: number): string {
  let letters = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26))
    letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
  return letters;
}

/** How wide a text shows in Excel's characters: Chinese and other wide characters count twice. */
export function displayWidth(text: string): number {
  let width = 0;
  for (const char of text) width += (char.codePointAt(0) ?? 0) >= 0x2e80 ? 2 : 1;
  return width;
}

/** Cell styles: 0 plain, 1 bold, then each number format plain, then bold (see STYLES). */
const styleOf = (kind: NumberKind | undefined, bold: boolean): number =>
  kind ? 2 + KINDS.indexOf(kind) + (bold ? KINDS.length : 0) : bold ? 1 : 0;

const numberFormats = KINDS.map(
  (kind, at) => `<numFmt numFmtId="${164 + at}" formatCode="${escapeXml(FORMATS[kind])}"/>`,
);
const formatted = (bold: boolean) =>
  KINDS.map(
    (_, at) =>
      `<xf numFmtId="${164 + at}" fontId="${bold ? 1 : 0}" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"${bold ? ' applyFont="1"' : ''}/>`,
  );
const STYLES = `${XML}<styleSheet xmlns="${MAIN}"><numFmts count="${KINDS.length}">${numberFormats.join('')}</numFmts><fonts count="2"><font><sz val="11"/><name val="Calibri"/></font><font><b/><sz val="11"/><name val="Calibri"/></font></fonts><fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills><borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders><cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs><cellXfs count="${2 + 2 * KINDS.length}"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/><xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/>${formatted(false).join('')}${formatted(true).join('')}</cellXfs><cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles></styleSheet>`;

const CONTENT_TYPES = `${XML}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/><Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/></Types>`;
const PACKAGE_RELATIONS = `${XML}<Relationships xmlns="${RELATIONS}"><Relationship Id="rId1" Type="${DOCUMENT}/officeDocument" Target="xl/workbook.xml"/></Relationships>`;
const WORKBOOK_RELATIONS = `${XML}<Relationships xmlns="${RELATIONS}"><Relationship Id="rId1" Type="${DOCUMENT}/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="${DOCUMENT}/styles" Target="styles.xml"/></Relationships>`;

/** A sheet's name as Excel allows it: at most 31 characters, none of : \ / ? * [ ]. */
const sheetName = (title: string): string =>
  title
    .replace(/[:\\/?*[\]]/g, ' ')
    .slice(0, 31)
    .trim() || 'Sheet1';

export interface Sheet {
  /** The next row, below the ones written. */
  addRow: (cells: SheetCell[], bold?: boolean) => Promise<void>;
  /** Finishes the file. */
  close: () => Promise<void>;
  /** Stops writing and releases the file, for a cancelled or failed export (its caller removes it). */
  discard: () => Promise<void>;
}

export async function openSheet(file: string, title: string, columns: SheetColumn[]): Promise<Sheet> {
  const out = fs.createWriteStream(file);
  const zip = new ZipWriter(out);
  const letters = columns.map((_, at) => columnLetter(at));
  let sheet: ZipEntry;
  let line = 0;
  let pending: string[] = [];
  let pendingChars = 0;

  const flush = async () => {
    if (!pending.length) return;
    const text = pending.join('');
    pending = [];
    pendingChars = 0;
    await sheet.write(text);
  };

  const cellXml = (cell: SheetCell, at: number, bold: boolean): string => {
    if (cell === null || cell === '') return '';
    const ref = `${letters[at]}${line}`;
    const kind = columns[at].kind;
    if (typeof cell === 'number' && Number.isFinite(cell))
      return `<c r="${ref}" s="${styleOf(kind, bold)}"><v>${cell}</v></c>`;
    if (typeof cell === 'object')
      return `<c r="${ref}" s="${styleOf(kind, bold)}"><f>${escapeXml(cell.formula)}</f><v>${cell.result}</v></c>`;
    return `<c r="${ref}" t="inlineStr" s="${styleOf(undefined, bold)}"><is><t xml:space="preserve">${escapeXml(fitted(String(cell)))}</t></is></c>`;
  };

  const addRow = async (cells: SheetCell[], bold = false) => {
    line += 1;
    const xml = `<row r="${line}">${cells.map((cell, at) => cellXml(cell, at, bold)).join('')}</row>`;
    pending.push(xml);
    pendingChars += xml.length;
    if (pendingChars >= CHUNK_CHARS) await flush();
  };

  try {
    await zip.add('[Content_Types].xml', CONTENT_TYPES);
    await zip.add('_rels/.rels', PACKAGE_RELATIONS);
    await zip.add(
      'xl/workbook.xml',
      `${XML}<workbook xmlns="${MAIN}" xmlns:r="${DOCUMENT}"><sheets><sheet name="${escapeXml(sheetName(title))}" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    );
    await zip.add('xl/_rels/workbook.xml.rels', WORKBOOK_RELATIONS);
    await zip.add('xl/styles.xml', STYLES);
    sheet = await zip.open('xl/worksheets/sheet1.xml');
    const widths = columns.map(
      (column, at) => `<col min="${at + 1}" max="${at + 1}" width="${column.width}" customWidth="1"/>`,
    );
    // The header row stays in view while the rows scroll under it.
    const frozen =
      '<sheetViews><sheetView workbookViewId="0"><pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/></sheetView></sheetViews>';
    await sheet.write(`${XML}<worksheet xmlns="${MAIN}">${frozen}<cols>${widths.join('')}</cols><sheetData>`);
    await addRow(
      columns.map((column) => column.header),
      true,
    );
  } catch (error) {
    out.destroy();
    throw error;
  }

  return {
    addRow,
    close: async () => {
      await flush();
      await sheet.write('</sheetData></worksheet>');
      await sheet.end();
      await zip.close();
    },
    discard: async () => {
      if (out.closed) return;
      const closed = once(out, 'close');
      out.destroy();
      await closed;
    },
  };
}
