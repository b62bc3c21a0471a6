// Data behaviour a person notices: a slow answer for an old search never replaces the newer one, a failed list
// shows the server's message, column choices survive a reload until reset, and exports fetch every page.
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import param from '../../pages/system/param.json';
import { cellText, cellValue, collectRows, exportName, writeWorkbook } from '../../runtime/crud/exportExcel';
import { sortQuery } from '../../runtime/data/provider';
import { checkImage } from '../../runtime/form/widgets/imageUpload';
import { createRegistry, setPermissions, setSessionUser } from '../../runtime/index';
import { DefinitionScreen } from '../../runtime/page/DefinitionPage';
import { fakeServer, Providers, pageOf } from './support';

const show = () =>
  render(
    <Providers>
      <DefinitionScreen definition={param} file="pages/system/param.json" />
    </Providers>,
  );

const rowsNamed = (name: string) => [{ id: name, paramName: name, paramKey: `${name}.key`, paramValue: 'v' }];

describe('list data', () => {
  it('keeps the newest search when an older answer arrives late', async () => {
    setPermissions([]);
    let releaseSlow: () => void = () => {};
    fakeServer({
      'GET /api/blade-system/param/list': ({ query }) => {
        if (query.paramName === 'slow') {
          return new Promise((resolve) => {
            releaseSlow = () => resolve(pageOf(rowsNamed('旧结果'), query));
          });
        }
        return pageOf(rowsNamed(query.paramName ? '新结果' : '全部'), query);
      },
    });
    show();
    await screen.findByText('全部');
    const name = screen.getByPlaceholderText('请输入参数名称');
    fireEvent.change(name, { target: { value: 'slow' } });
    fireEvent.click(screen.getByText(/^搜\s*索$/));
    fireEvent.change(name, { target: { value: 'fast' } });
    fireEvent.click(screen.getByText(/^搜\s*索$/));
    await screen.findByText('新结果', {}, { timeout: 8000 });
    releaseSlow();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByText('旧结果')).toBeNull();
    expect(screen.getByText('新结果')).toBeTruthy();
  });

  it("shows the server's message when the list fails", async () => {
    fakeServer({
      'GET /api/blade-system/param/list': () => {
        throw { code: 403, msg: '无权访问参数' };
      },
    });
    show();
    expect(await screen.findByText('无权访问参数')).toBeTruthy();
  });

  it('keeps hidden columns per person until they are reset', async () => {
    setSessionUser('alice');
    fakeServer({ 'GET /api/blade-system/param/list': ({ query }) => pageOf(rowsNamed('甲'), query) });
    const first = show();
    await screen.findByText('甲');
    fireEvent.click(screen.getByLabelText('列设置'));
    fireEvent.click(await screen.findByRole('checkbox', { name: '参数键值' }));
    await waitFor(() => expect(screen.queryByRole('columnheader', { name: '参数键值' })).toBeNull());
    first.unmount();
    show();
    await screen.findByText('甲');
    expect(screen.queryByRole('columnheader', { name: '参数键值' })).toBeNull();
    fireEvent.click(screen.getByLabelText('列设置'));
    fireEvent.click(await screen.findByText('恢复默认'));
    expect(await screen.findByRole('columnheader', { name: '参数键值' })).toBeTruthy();
    setSessionUser('anonymous');
  });
});

describe('small rules', () => {
  it('sorts through ascs and descs', () => {
    expect(sortQuery({ field: 'paramKey', order: 'ascend' })).toEqual({ ascs: 'paramKey' });
    expect(sortQuery({ field: 'paramKey', order: 'descend' })).toEqual({ descs: 'paramKey' });
    expect(sortQuery({ field: 'paramKey', order: null })).toEqual({});
  });

  it('accepts only jpg or png images within the size limit', () => {
    expect(checkImage({ type: 'image/png', size: 400 * 1024 }, 500)).toBeUndefined();
    expect(checkImage({ type: 'image/gif', size: 1 }, 500)).toBe('type');
    expect(checkImage({ type: 'image/jpeg', size: 501 * 1024 }, 500)).toBe('size');
  });

  it('exports every page of the current search, 200 rows at a time, reporting progress', async () => {
    const all = Array.from({ length: 450 }, (_, i) => ({ id: String(i) }));
    const server = fakeServer({ 'GET /api/blade-system/param/list': ({ query }) => pageOf(all, query) });
    const progress: string[] = [];
    const rows = await collectRows('/api/blade-system/param/list', { paramKey: 'a' }, (done, total) =>
      progress.push(`${done}/${total}`),
    );
    expect(rows.length).toBe(450);
    expect(progress).toEqual(['200/450', '400/450', '450/450']);
    expect(server.calls.map((c) => c.query.current)).toEqual(['1', '2', '3']);
    expect(server.calls.every((c) => c.query.paramKey === 'a' && c.query.size === '200')).toBe(true);
  });

  it('writes the export as an Excel sheet with the labels and the formatted cells', async () => {
    const column = { field: 'amount', label: { zh: '金额', en: 'Amount' }, format: 'money' };
    const { builtins } = await import('../../runtime/builtins');
    const cell = await cellText(column, { amount: 1999 }, 'zh', createRegistry(builtins));
    const blob = await writeWorkbook('参数管理', ['金额'], [[cell]]);
    const { default: ExcelJS } = await import('exceljs');
    const book = new ExcelJS.Workbook();
    // jsdom's Blob has no arrayBuffer(); its FileReader reads it like a browser would.
    const bytes = await new Promise<ArrayBuffer>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(reader.result as ArrayBuffer);
      reader.readAsArrayBuffer(blob);
    });
    await book.xlsx.load(bytes);
    const sheet = book.getWorksheet('参数管理');
    expect(sheet?.getRow(1).getCell(1).value).toBe('金额');
    expect(sheet?.getRow(2).getCell(1).value).toBe('19.99');
  });

  it('writes amounts as numbers in yuan with a totals row, and names the period searched', async () => {
    const amount = { field: 'amount', label: { zh: '金额', en: 'Amount' }, format: 'money' };
    const name = { field: 'name', label: { zh: '名称', en: 'Name' } };
    const { builtins } = await import('../../runtime/builtins');
    const registry = createRegistry(builtins);
    const table = await Promise.all(
      [
        { name: 'a', amount: 1999 },
        { name: 'b', amount: 1 },
      ].map((row) => Promise.all([name, amount].map((column) => cellValue(column, row, 'zh', registry)))),
    );
    expect(table).toEqual([
      ['a', 19.99],
      ['b', 0.01],
    ]);
    const blob = await writeWorkbook('订单', ['名称', '金额'], table, {
      kinds: [undefined, 'money'],
      totalsLabel: '合计',
    });
    const { default: ExcelJS } = await import('exceljs');
    const book = new ExcelJS.Workbook();
    const bytes = await new Promise<ArrayBuffer>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(reader.result as ArrayBuffer);
      reader.readAsArrayBuffer(blob);
    });
    await book.xlsx.load(bytes);
    const totals = book.getWorksheet('订单')?.getRow(4);
    expect(totals?.getCell(1).value).toBe('合计');
    expect(totals?.getCell(2).value).toEqual({ formula: 'SUM(B2:B3)', result: 20 });
    expect(
      exportName(
        '订单管理',
        { createTime_dategt: '2026-03-01 00:00:00', createTime_datelt: '2026-03-31 23:59:59' },
        '2026-04-02',
      ),
    ).toBe('订单管理 2026-03-01~2026-03-31');
    expect(exportName('订单管理', { createTime_dateequal: '2026-03-05' }, '2026-04-02')).toBe('订单管理 2026-03-05');
    expect(exportName('订单管理', {}, '2026-04-02')).toBe('订单管理 ~2026-04-02');
  });
});
