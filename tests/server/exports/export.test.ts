// A list exported by the server: the rows are read page by page as the caller and written into the file as they
// come, the progress counts the rows written, the amounts are numbers with a totals row, the dictionary's words
// stand for its codes; a cancelled export leaves no file; a job is its starter's alone.
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDemoOrders } from '../../../server/seed/demo-history.js';
import { type Api, openApi, type Row, rowOf } from '../engine/api.js';
import { call } from '../harness.js';

let api: Api;
const ORDERS = 2500;

beforeAll(async () => {
  api = await openApi();
  await addDemoOrders(api.server.ctx.db, ORDERS);
});

afterAll(() => api?.close());

const columns = [
  { field: 'outTradeNo', header: '商户订单号' },
  { field: 'state', header: '订单状态', labels: { '1': '租用中', '3': '已完成' } },
  { field: 'actAmount', header: '实收金额', kind: 'money' },
];

async function start(token = api.adminToken): Promise<string> {
  const answer = await api.post('/api/blade-system/export/start', {
    token,
    body: { url: '/api/blade-system/order/list', query: {}, title: '订单管理', columns, totalsLabel: '合计' },
  });
  expect(answer.msg).toBe('操作成功');
  return String(rowOf(answer).id);
}

async function finished(id: string): Promise<Row> {
  for (;;) {
    const progress = rowOf(await api.get('/api/blade-system/export/progress', { id }));
    if (progress.state !== 'running') return progress;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('a list exported by the server', () => {
  it('writes every row, amounts as numbers under a totals row, and hands the file over once', async () => {
    const id = await start();
    const progress = await finished(id);
    expect(progress).toMatchObject({ state: 'done', written: ORDERS, total: ORDERS });
    const file = await call(api.server, 'GET', '/api/blade-system/export/file', {
      token: api.adminToken,
      query: { id },
    });
    expect(file.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    expect(sheet.name).toBe('订单管理');
    expect(sheet.getRow(1).values).toEqual([undefined, '商户订单号', '订单状态', '实收金额']);
    expect(sheet.rowCount).toBe(ORDERS + 2);
    const amounts: number[] = [];
    const states = new Set<string>();
    const formats = new Set<string>();
    for (let line = 2; line <= ORDERS + 1; line += 1) {
      const cell = sheet.getRow(line).getCell(3);
      if (cell.value !== null) {
        amounts.push(cell.value as number);
        formats.add(cell.numFmt);
      }
      states.add(String(sheet.getRow(line).getCell(2).value));
    }
    // The screen's words where it gave them, the stored value elsewhere.
    expect(states.has('已完成')).toBe(true);
    expect([...states].filter((state) => !/^(租用中|已完成|\d+)$/.test(state))).toEqual([]);
    expect(amounts.every((amount) => typeof amount === 'number')).toBe(true);
    // Shown as amounts, with thousands and two decimals.
    expect([...formats]).toEqual(['#,##0.00']);
    const totals = sheet.getRow(ORDERS + 2);
    expect(totals.getCell(1).value).toBe('合计');
    expect(totals.getCell(1).font?.bold).toBe(true);
    expect(totals.getCell(3).numFmt).toBe('#,##0.00');
    const sum = totals.getCell(3).value as { formula: string; result: number };
    expect(sum.formula).toBe(`SUM(C2:C${ORDERS + 1})`);
    expect(sum.result).toBeCloseTo(
      amounts.reduce((total, amount) => total + amount, 0),
      2,
    );
    // Downloaded once: the job and its file are gone.
    expect((await api.get('/api/blade-system/export/progress', { id })).status).toBe(404);
  });

  it('stops when cancelled and leaves nothing to download', async () => {
    const id = await start();
    expect((await api.post('/api/blade-system/export/cancel', { query: { id } })).msg).toBe('操作成功');
    const progress = await finished(id);
    expect(progress.state).toBe('cancelled');
    expect(Number(progress.written)).toBeLessThan(ORDERS);
    const file = await api.get('/api/blade-system/export/file', { id });
    expect(file).toMatchObject({ status: 400, msg: '导出尚未完成' });
  });

  it('reads each page with the fields its columns need and the id, the rest of the list as the screen has it', async () => {
    const page = await call(api.server, 'GET', '/api/blade-system/order/list', {
      token: api.adminToken,
      query: { current: 1, size: 3 },
      headers: { 'x-export-fields': 'outTradeNo,actAmount' },
    });
    const { data } = page.json() as { data: { records: Row[]; total: number; size: number } };
    expect(data).toMatchObject({ total: ORDERS, size: 3 });
    expect(data.records.map((row) => Object.keys(row).sort())).toEqual(
      Array(3).fill(['actAmount', 'id', 'outTradeNo']),
    );
  });

  it("is its starter's alone, and reads only lists of the API", async () => {
    const id = await start();
    expect((await api.get('/api/blade-system/export/progress', { id }, api.operatorToken)).status).toBe(404);
    await finished(id);
    const elsewhere = await api.post('/api/blade-system/export/start', {
      body: { url: 'http://example.com/list', title: '订单', columns },
    });
    expect(elsewhere).toMatchObject({ status: 400, msg: '列表地址不正确' });
  });
});
