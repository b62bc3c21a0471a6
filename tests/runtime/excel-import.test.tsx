// Excel import on the post screen: the template carries the form's fields, the preview checks each row (required,
// whole numbers, dictionary labels turned into keys), and only the valid rows are sent, one submit each.
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import ExcelJS from 'exceljs';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import post from '../../pages/system/post.json';
import { importFields } from '../../runtime/actions/excelImport/fields';
import { checkRows, readSheet } from '../../runtime/actions/excelImport/rows';
import { setPermissions } from '../../runtime/index';
import { DefinitionScreen } from '../../runtime/page/DefinitionPage';
import type { ListScreen } from '../../runtime/schema/types';
import { fakeServer, i18n, Providers, pageOf } from './support';

// jsdom's Blob has no arrayBuffer(), which browsers have; FileReader does the same.
Blob.prototype.arrayBuffer ??= function (this: Blob) {
  return new Promise<ArrayBuffer>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as ArrayBuffer);
    reader.onerror = () => reject(reader.error);
    reader.readAsArrayBuffer(this);
  });
};

let posts: Record<string, unknown>[] = [];
let server: ReturnType<typeof fakeServer>;

async function workbook(lines: unknown[][]): Promise<File> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('岗位');
  for (const line of lines) sheet.addRow(line);
  const buffer = await book.xlsx.writeBuffer();
  return new File([buffer], 'posts.xlsx', {
    type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  });
}

async function openImport() {
  render(
    <Providers provider={server.provider}>
      <DefinitionScreen definition={post} file="pages/system/post.json" />
    </Providers>,
  );
  await screen.findByText('董事会秘书');
  fireEvent.click(screen.getByText(/^导\s*入$/).closest('button') as HTMLElement);
  return (await screen.findByText('点击或将 .xlsx 文件拖到此处', {}, { timeout: 15000 })).closest(
    '.ant-modal',
  ) as HTMLElement;
}

async function upload(dialog: HTMLElement, file: File) {
  const input = dialog.querySelector('input[type=file]') as HTMLInputElement;
  fireEvent.change(input, { target: { files: [file] } });
}

beforeAll(() => setPermissions(['post_add', 'post_delete']));

beforeEach(async () => {
  await i18n.changeLanguage('zh');
  posts = [{ id: '1', category: 1, postCode: 'secretary', postName: '董事会秘书', sort: 9 }];
  server = fakeServer({
    'GET /api/blade-system/post/list': ({ query }) => pageOf(posts, query),
    'GET /api/blade-system/dict/dictionary': () => [
      { dictKey: '1', dictValue: '高层' },
      { dictKey: '2', dictValue: '中层' },
      { dictKey: '3', dictValue: '基层' },
    ],
    'POST /api/blade-system/post/submit': ({ body }) => {
      const record = body as Record<string, unknown>;
      if (record.postCode === 'taken') throw { code: 400, msg: '岗位编号已存在' };
      posts.push(record);
      return true;
    },
  });
});

// The screen, the upload, exceljs and two tables make these the slowest runtime tests; a busy machine needs the room.
describe('Excel import', { timeout: 90000 }, () => {
  it("fills the template with the form's fields, labelled like the columns", () => {
    const fields = importFields({ ...(post.blocks[0] as unknown as ListScreen), id: post.id, title: post.title });
    expect(fields.map((f) => f.label)).toEqual([
      { zh: '岗位类型', en: 'Category' },
      { zh: '岗位编号', en: 'Code' },
      { zh: '岗位名称', en: 'Name' },
      { zh: '岗位排序', en: 'Sort' },
      { zh: '岗位描述', en: 'Description' },
    ]);
    expect(fields[0]).toMatchObject({ required: true, type: 'integer', dict: { code: 'post_category', biz: false } });
  });

  it('reads dates as the form writes them, with the time only when there is one', async () => {
    const file = await workbook([
      ['发布日期', '开始时间'],
      [new Date(Date.UTC(2026, 2, 4)), new Date(Date.UTC(2026, 2, 4, 8, 30))],
    ]);
    const sheet = await readSheet(await file.arrayBuffer());
    const fields = [
      { field: 'releaseDate', label: { zh: '发布日期', en: 'Released' }, type: 'string', required: true },
      { field: 'startTime', label: { zh: '开始时间', en: 'Starts' }, type: 'string', required: true },
    ];
    const [row] = checkRows(fields, sheet, new Map(), (text) => ('zh' in text ? text.zh : text.key));
    expect(row.record).toEqual({ releaseDate: '2026-03-04', startTime: '2026-03-04 08:30:00' });
    expect(row.errors).toEqual([]);
  });

  it('previews every row with its errors, then sends only the valid rows and keeps the refused ones', async () => {
    const dialog = await openImport();
    await upload(
      dialog,
      await workbook([
        ['岗位类型', '岗位编号', '岗位名称', '岗位排序', '岗位描述'],
        ['高层', 'ceo', '首席执行官', 1, '公司负责人'],
        ['中层', 'taken', '区域经理', 2, ''],
        ['董事', 'chair', '董事长', 'first', ''],
        [],
        ['基层', '', '站点专员', 3.5, ''],
      ]),
    );
    expect(await within(dialog).findByText('共 4 行, 可导入 2 行, 有错误 2 行 (有错误的行不会导入)')).toBeTruthy();
    expect(within(dialog).getByText('岗位类型没有选项“董事”; 岗位排序应为数字')).toBeTruthy();
    expect(within(dialog).getByText('岗位编号不能为空; 岗位排序应为整数')).toBeTruthy();
    fireEvent.click(
      within(dialog)
        .getByText(/^导入 2 行$/)
        .closest('button') as HTMLElement,
    );
    expect(await within(dialog).findByText('服务器拒绝: 岗位编号已存在')).toBeTruthy();
    expect(await screen.findByText('导入完成: 成功 1 行, 失败 1 行')).toBeTruthy();
    const sent = server.calls.filter((c) => c.path.endsWith('/post/submit')).map((c) => c.body);
    expect(sent).toEqual([
      { category: 1, postCode: 'ceo', postName: '首席执行官', sort: 1, remark: '公司负责人' },
      { category: 2, postCode: 'taken', postName: '区域经理', sort: 2 },
    ]);
    expect(within(dialog).queryByText('首席执行官')).toBeNull();
    fireEvent.click(
      within(dialog)
        .getByText(/^关\s*闭$/)
        .closest('button') as HTMLElement,
    );
    expect(await screen.findByText('首席执行官')).toBeTruthy();
  });

  it('says so when the file is not an Excel workbook or has no rows', async () => {
    const dialog = await openImport();
    await upload(dialog, new File(['not a workbook'], 'posts.xlsx'));
    expect(await within(dialog).findByText('无法读取该文件, 请上传 .xlsx 格式的 Excel 文件')).toBeTruthy();
    await upload(dialog, await workbook([['岗位类型', '岗位编号']]));
    await waitFor(() => expect(within(dialog).getByText('文件中没有数据行')).toBeTruthy());
  });
});
