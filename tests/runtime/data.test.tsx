// Data behaviour a person notices: a slow answer for an old search never replaces the newer one, a failed list
// shows the server's message, column choices survive a reload until reset, and exports fetch every page.
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import param from '../../pages/system/param.json';
import { exportColumn } from '../../runtime/crud/exportColumns';
import { exportName, writeWorkbook } from '../../runtime/crud/exportExcel';
import { sortQuery } from '../../runtime/data/provider';
import { checkImage } from '../../runtime/form/widgets/imageUpload';
import { createRegistry, setPermissions, setSessionUser } from '../../runtime/index';
import { DefinitionScreen } from '../../runtime/page/DefinitionPage';
import { fakeServer, Providers, pageOf } from './support';

let server: ReturnType<typeof fakeServer>;

const show = () =>
  render(
    <Providers provider={server.provider}>
      <DefinitionScreen definition={param} file="pages/system/param.json" />
    </Providers>,
  );

const rowsNamed = (name: string) => [{ id: name, paramName: name, paramKey: `${name}.key`, paramValue: 'v' }];

describe('list data', () => {
  it('keeps the newest search when an older answer arrives late', async () => {
    setPermissions([]);
    let releaseSlow: () => void = () => {};
    server = fakeServer({
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
    server = fakeServer({
      'GET /api/blade-system/param/list': () => {
        throw { code: 403, msg: '无权访问参数' };
      },
    });
    show();
    expect(await screen.findByText('无权访问参数')).toBeTruthy();
  });

  it('keeps hidden columns per person until they are reset', async () => {
    setSessionUser('alice');
    server = fakeServer({ 'GET /api/blade-system/param/list': ({ query }) => pageOf(rowsNamed('甲'), query) });
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

  it('writes a workbook of one sheet: the headers, then the rows', async () => {
    const blob = await writeWorkbook('参数管理', ['名称', '金额'], [['a', 19.99]]);
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
    expect(sheet?.getRow(1).getCell(1).value).toBe('名称');
    expect(sheet?.getRow(2).getCell(2).value).toBe(19.99);
  });

  it('describes an export as the screen shows it: amounts as numbers, codes by their words, and names the period', async () => {
    const { builtins } = await import('../../runtime/builtins');
    const registry = createRegistry(builtins);
    const { provider } = fakeServer({});
    const amount = { field: 'amount', label: { zh: '金额', en: 'Amount' }, format: 'money' };
    const share = { field: 'share', label: { zh: '分成', en: 'Share' }, format: { name: 'percent', per: 10000 } };
    const state = {
      field: 'state',
      label: { zh: '状态', en: 'State' },
      format: { name: 'enum', values: { '1': { label: { zh: '租用中', en: 'Renting' } } } },
    };
    expect(await exportColumn(amount, '金额', 'zh', registry, provider)).toEqual({
      field: 'amount',
      header: '金额',
      kind: 'money',
    });
    expect(await exportColumn(share, '分成', 'zh', registry, provider)).toMatchObject({ kind: 'percent', per: 10000 });
    const secret = {
      field: 'clientSecret',
      label: { zh: '密钥', en: 'Secret' },
      format: { name: 'secret', permission: 'client_edit' },
    };
    expect(await exportColumn(secret, '密钥', 'zh', registry, provider)).toMatchObject({ mask: '••••••••' });
    const minutes = {
      field: 'minutes',
      label: { zh: '时长', en: 'Minutes' },
      format: { name: 'number', unit: { zh: '分钟', en: 'min' } },
    };
    expect(await exportColumn(minutes, '时长', 'zh', registry, provider)).toMatchObject({ suffix: '分钟' });
    expect(await exportColumn(state, 'State', 'en', registry, provider)).toEqual({
      field: 'state',
      header: 'State',
      labels: { '1': 'Renting' },
    });
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
