// The import template of 设备管理: headed as the screen heads its columns, in the caller's language, with an example
// row the import refuses and a second sheet of the values each column takes (types, the caller's sites, the states a
// new device may have) offered as drop-downs; and the import taking a state by its label in either language.
import { readFileSync } from 'node:fs';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDept } from '../auth/fixtures.js';
import { type Api, openApi } from '../engine/api.js';
import { call, signIn } from '../harness.js';
import { addCompany, addSite, addType } from './rental-api.js';

let api: Api;

beforeAll(async () => {
  api = await openApi();
  const deptId = String(await addDept(api.server, '星河推车'));
  const company = await addCompany(api, '星河推车有限公司', deptId);
  await addSite(api, '徐家汇港汇广场', company, deptId);
  await addType(api, '折叠童车');
});
afterAll(async () => api?.close());

const TEMPLATE = '/api/blade-system/equ/import-template';

async function template(language: 'zh' | 'en', token = api.adminToken) {
  const answer = await call(api.server, 'GET', TEMPLATE, { token, headers: { 'accept-language': language } });
  expect(answer.statusCode).toBe(200);
  expect(answer.headers['content-type']).toContain('spreadsheetml');
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(answer.rawPayload as unknown as ArrayBuffer);
  return book;
}

const rowValues = (sheet: ExcelJS.Worksheet, line: number) =>
  Array.from({ length: sheet.columnCount }, (_, at) => sheet.getRow(line).getCell(at + 1).value ?? null);

/** A column's values in the second sheet, under its header and its rule. */
const allowed = (sheet: ExcelJS.Worksheet, header: string): string[] => {
  const column = rowValues(sheet, 1).indexOf(header) + 1;
  return (sheet.getColumn(column).values as unknown[]).slice(3).filter(Boolean).map(String);
};

/** The screen's form fields with their columns' labels: what the console's import reads the headers by. */
function screenHeaders(language: 'zh' | 'en'): string[] {
  const page = JSON.parse(readFileSync('pages/business/equ.json', 'utf8'));
  const list = page.blocks[0];
  return Object.keys(list.form.fields).map(
    (field) => list.columns.find((column: { field: string }) => column.field === field).label[language],
  );
}

describe('equ/import-template', () => {
  it('heads the columns as the screen does, with an example row and the values each column takes', async () => {
    const book = await template('zh');
    expect(book.worksheets.map((sheet) => sheet.name)).toEqual(['设备', '可填写的值']);
    const [sheet, values] = book.worksheets;
    expect(rowValues(sheet, 1)).toEqual(screenHeaders('zh'));
    expect(rowValues(sheet, 2)).toEqual([
      '示例-0001',
      '折叠童车',
      expect.any(String),
      'NB86099999',
      null,
      null,
      '空闲',
      '示例行: 导入前请改写或删除',
    ]);
    expect(allowed(values, '设备状态')).toEqual(['空闲', '故障', '离线', '已停用']);
    expect(allowed(values, '设备类型')).toContain('折叠童车');
    expect(allowed(values, '所属站点')).toContain('徐家汇港汇广场');
    expect(rowValues(values, 2)[0]).toBe('必填, 最多 64 个字, 不能与已有设备重复');
    // The state cells choose from the second sheet's list.
    const states = allowed(values, '设备状态').length;
    expect(sheet.getCell('G2').dataValidation).toMatchObject({
      type: 'list',
      formulae: [`'可填写的值'!$G$3:$G$${states + 2}`],
    });
  });

  it("answers in the caller's language, headed as the English screen", async () => {
    const book = await template('en');
    expect(book.worksheets.map((sheet) => sheet.name)).toEqual(['Equipment', 'Allowed values']);
    const [sheet, values] = book.worksheets;
    expect(rowValues(sheet, 1)).toEqual(screenHeaders('en'));
    expect(rowValues(sheet, 2)[0]).toBe('EXAMPLE-0001');
    expect(allowed(values, 'State')).toEqual(['Idle', 'Fault', 'Offline', 'Disabled']);
  });

  it('lists only the sites the caller may see', async () => {
    const manager = await signIn(api.server, 'manager', 'manager');
    const [, values] = (await template('zh', manager)).worksheets;
    expect(allowed(values, '所属站点')).not.toContain('徐家汇港汇广场');
    expect(allowed(values, '设备类型')).toContain('折叠童车');
  });
});

describe('equ/import with labels', () => {
  const check = async (rows: Record<string, unknown>[]) =>
    (await api.post('/api/blade-system/equ/import', { body: { rows, check: true } })).data as {
      errors: Array<{ index: number; messages: string[] }>;
    };
  const device = (keyPair: string, equState: string) => ({
    keyPair,
    typeId: '折叠童车',
    siteId: '徐家汇港汇广场',
    equState,
  });

  it('takes a state by its label in either language or its key, and refuses the example row', async () => {
    const answer = await check([
      device('LB-1', '空闲'),
      device('LB-2', 'Idle'),
      device('LB-3', 'offline'),
      device('LB-4', '5'),
      device('LB-5', 'In use'),
      device('LB-6', 'sleeping'),
      device('示例-0001', '空闲'),
    ]);
    expect(answer.errors).toEqual([
      { index: 4, messages: ['导入的设备不能是使用中'] },
      { index: 5, messages: ['设备状态不正确'] },
      { index: 6, messages: ['这是模板的示例行, 请改写或删除'] },
    ]);
  });
});
