// Exports read back as a spreadsheet reads them: days and moments are Excel dates (a day number in a date format, so
// Excel sorts and filters them as dates), the hospital report's beds, rentals and hours are numbers, and its totals
// row sums them as the screen's totals row does.
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { excelDay } from '../../../server/platform/exports/cells.js';
import { type Api, openApi, pageOf, type Row, rowOf } from '../engine/api.js';
import { call } from '../harness.js';
import { type Business, buildBusiness } from '../reports/figures.js';

let api: Api;
let business: Business;

beforeAll(async () => {
  api = await openApi();
  business = await buildBusiness(api);
});
afterAll(() => api?.close());

async function exported(url: string, query: Record<string, string>, columns: Row[]): Promise<ExcelJS.Worksheet> {
  const answer = await api.post('/api/blade-system/export/start', {
    body: { url, query, title: '导出', columns, totalsLabel: '合计' },
  });
  expect(answer.msg).toBe('操作成功');
  const id = String(rowOf(answer).id);
  for (;;) {
    const progress = rowOf(await api.get('/api/blade-system/export/progress', { id }));
    if (progress.state !== 'running') break;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  const file = await call(api.server, 'GET', '/api/blade-system/export/file', { token: api.adminToken, query: { id } });
  expect(file.statusCode).toBe(200);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
  return workbook.worksheets[0];
}

/** A stored wall-clock time as the Date exceljs reads an Excel date into (Excel dates carry no zone: read as UTC). */
const asRead = (stored: string) => new Date(`${stored.replace(' ', 'T')}Z`);

describe('dates in an export', () => {
  it('are Excel dates in a date format, the moment as stored', async () => {
    const list = pageOf(await api.get('/api/blade-system/order/list', { size: 100 }));
    const sheet = await exported('/api/blade-system/order/list', {}, [
      { field: 'outTradeNo', header: '商户订单号' },
      { field: 'createTime', header: '创建时间', kind: 'datetime' },
    ]);
    expect(sheet.rowCount).toBe(list.total + 1);
    const byNumber = new Map(list.records.map((row) => [String(row.outTradeNo), String(row.createTime)]));
    for (let line = 2; line <= sheet.rowCount; line += 1) {
      const cell = sheet.getRow(line).getCell(2);
      expect(cell.type).toBe(ExcelJS.ValueType.Date);
      expect(cell.numFmt).toBe('yyyy-mm-dd hh:mm:ss');
      const stored = byNumber.get(String(sheet.getRow(line).getCell(1).value)) as string;
      expect(cell.value).toEqual(asRead(stored));
    }
  });

  it('reads a stored day and moment as Excel counts days, and refuses what is no date', () => {
    expect(excelDay('1900-03-01')).toBe(61);
    expect(excelDay('2026-11-23')).toBe(46_349);
    expect(excelDay('2026-11-23 12:00:00')).toBe(46_349.5);
    expect(excelDay('2026-02-30')).toBeNull();
    expect(excelDay('明天')).toBeNull();
  });
});

describe("the hospital report's export", () => {
  it('writes beds, rentals and hours as numbers, its days as dates, and totals them', async () => {
    const query = { startDate: business.yesterday, endDate: business.today };
    const rows = (await api.get('/api/blade-system/hos/report', query)).data as Row[];
    expect(rows.length).toBeGreaterThan(0);
    const sheet = await exported('/api/blade-system/hos/report', query, [
      { field: 'siteName', header: '医院' },
      { field: 'ward', header: '病区' },
      { field: 'beds', header: '床位数', kind: 'number', total: true },
      { field: 'rentals', header: '租用次数', kind: 'number', total: true },
      { field: 'hours', header: '使用时长(小时)', kind: 'number', total: true },
      { field: 'utilisation', header: '使用率', kind: 'percent' },
      { field: 'revenue', header: '收入', kind: 'money' },
      { field: 'startDate', header: '开始日期', kind: 'date' },
    ]);
    expect(sheet.rowCount).toBe(rows.length + 2);
    rows.forEach((row, at) => {
      const line = sheet.getRow(at + 2);
      expect(line.getCell(3).value).toBe(row.beds);
      expect(line.getCell(4).value).toBe(row.rentals);
      expect(line.getCell(5).value).toBe(row.hours);
      expect(line.getCell(8).type).toBe(ExcelJS.ValueType.Date);
      expect(line.getCell(8).numFmt).toBe('yyyy-mm-dd');
      expect(line.getCell(8).value).toEqual(asRead(`${business.yesterday} 00:00:00`));
    });
    const totals = sheet.getRow(rows.length + 2);
    expect(totals.getCell(1).value).toBe('合计');
    const sum = (field: string) => rows.reduce((total, row) => total + Number(row[field]), 0);
    const last = rows.length + 1;
    expect(totals.getCell(3).value).toEqual({ formula: `SUM(C2:C${last})`, result: sum('beds') });
    expect(totals.getCell(4).value).toEqual({ formula: `SUM(D2:D${last})`, result: sum('rentals') });
    expect((totals.getCell(5).value as { result: number }).result).toBeCloseTo(sum('hours'), 1);
    expect((totals.getCell(7).value as { result: number }).result).toBeCloseTo(sum('revenue') / 100, 2);
    // A share is not added up.
    expect(totals.getCell(6).value).toBeNull();
  });
});
