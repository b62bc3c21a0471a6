// The export's spreadsheet as Excel reads it (here through exceljs' reader): text exactly as written, however many
// marks of XML it holds; numbers as numbers in their column's format; a sum as its formula and value; the header row
// bold and frozen; columns as wide as asked; a sheet name Excel allows. The zip's checksums are checked too.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import ExcelJS from 'exceljs';
import { afterAll, describe, expect, it } from 'vitest';
import { CELL_MAX, columnLetter, displayWidth, openSheet } from '../../../server/platform/exports/xlsx.js';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'xlsx-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** Each entry's stored checksum against its inflated content, walking the zip's local headers. */
function checksumsHold(file: string): string[] {
  const bytes = fs.readFileSync(file);
  const names: string[] = [];
  const directory = bytes.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  let at = bytes.readUInt32LE(directory + 16);
  for (let entry = 0; entry < bytes.readUInt16LE(directory + 10); entry += 1) {
    const crc = bytes.readUInt32LE(at + 16);
    const compressed = bytes.readUInt32LE(at + 20);
    const nameLength = bytes.readUInt16LE(at + 28);
    const offset = bytes.readUInt32LE(at + 42);
    const name = bytes.toString('utf8', at + 46, at + 46 + nameLength);
    const start = offset + 30 + bytes.readUInt16LE(offset + 26) + bytes.readUInt16LE(offset + 28);
    const content = zlib.inflateRawSync(bytes.subarray(start, start + compressed));
    if (zlib.crc32(content) === crc) names.push(name);
    at += 46 + nameLength;
  }
  return names;
}

describe('the export spreadsheet', () => {
  it('keeps text, numbers, formats and sums as Excel reads them', async () => {
    const file = path.join(dir, 'orders.xlsx');
    const sheet = await openSheet(file, '订单: 管理/2026 [全部]', [
      { header: '备注', width: 30 },
      { header: '实收金额', kind: 'money', width: 12 },
      { header: '分账比例', kind: 'percent', width: 10 },
    ]);
    await sheet.addRow(['a < b & "c" > d\u0007', 12.5, 0.3]);
    await sheet.addRow(['第二行', 100, null]);
    await sheet.addRow(['合计', { formula: 'SUM(B2:B3)', result: 112.5 }, null], true);
    await sheet.close();

    expect(checksumsHold(file).sort()).toEqual([
      '[Content_Types].xml',
      '_rels/.rels',
      'xl/_rels/workbook.xml.rels',
      'xl/styles.xml',
      'xl/workbook.xml',
      'xl/worksheets/sheet1.xml',
    ]);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(file);
    const read = workbook.worksheets[0];
    expect(read.name).toBe('订单  管理 2026  全部');
    expect(read.getRow(1).values).toEqual([undefined, '备注', '实收金额', '分账比例']);
    expect(read.getRow(1).getCell(1).font?.bold).toBe(true);
    expect(read.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(read.getColumn(1).width).toBe(30);
    expect(read.getRow(2).values).toEqual([undefined, 'a < b & "c" > d', 12.5, 0.3]);
    expect(read.getRow(2).getCell(2).numFmt).toBe('#,##0.00');
    expect(read.getRow(2).getCell(3).numFmt).toBe('0.0%');
    expect(read.getRow(3).getCell(3).value).toBeNull();
    const sum = read.getRow(4).getCell(2);
    expect(sum.value).toEqual({ formula: 'SUM(B2:B3)', result: 112.5 });
    expect(sum.font?.bold).toBe(true);
    expect(sum.numFmt).toBe('#,##0.00');
  });

  it('cuts a text longer than a cell holds, marking the cut, and keeps one that fits whole', async () => {
    const file = path.join(dir, 'long.xlsx');
    const sheet = await openSheet(file, '审计日志', [{ header: '变更后', width: 60 }]);
    const fits = 'x'.repeat(CELL_MAX);
    // The cut falls inside a character outside the BMP: it is left out whole.
    const long = `${'y'.repeat(CELL_MAX - 2)}😀tail`;
    await sheet.addRow([fits]);
    await sheet.addRow([long]);
    await sheet.close();
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(file);
    const read = workbook.worksheets[0];
    expect(read.getRow(2).getCell(1).value).toBe(fits);
    expect(read.getRow(3).getCell(1).value).toBe(`${'y'.repeat(CELL_MAX - 2)}…`);
  });

  it('names columns past Z as Excel does and counts Chinese twice for widths', () => {
    expect([0, 25, 26, 51, 52, 701, 702].map(columnLetter)).toEqual(['A', 'Z', 'AA', 'AZ', 'BA', 'ZZ', 'AAA']);
    expect(displayWidth('D375723063816731')).toBe(16);
    expect(displayWidth('来福士广场')).toBe(10);
  });
});
