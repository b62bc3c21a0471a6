// Fields that link to other resources' rows: cells show the linked rows' names (one id or a comma list, read from the
// other list or one row per key, named by a field or a template), and a form chooses them from the other resource's
// list, a city among the chosen province's cities. An action's answer of
// rows (a pile's ports) shows as a table formatted like a list.
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { setPermissions } from '../../runtime/index';
import { DefinitionScreen } from '../../runtime/page/DefinitionPage';
import { fakeServer, i18n, listPage, Providers, pageOf } from './support';

let server: ReturnType<typeof fakeServer>;

const REGIONS = [
  { code: '31', parentCode: '00', name: '上海市' },
  { code: '44', parentCode: '00', name: '广东省' },
  { code: '3101', parentCode: '31', name: '上海城区' },
  { code: '4401', parentCode: '44', name: '广州市' },
];

const staff = {
  id: 'business/oper',
  title: { zh: '运维人员', en: 'Field staff' },
  api: { list: '/api/blade-system/oper/list' },
  operations: { add: true },
  toolbar: ['add'],
  columns: [
    { field: 'operName', label: { zh: '姓名', en: 'Name' } },
    {
      field: 'siteIds',
      label: { zh: '负责站点', en: 'Sites' },
      format: {
        name: 'lookup',
        url: '/api/blade-system/site/list',
        labelField: 'siteName',
        byKey: '/api/blade-system/site/detail',
      },
    },
    {
      field: 'provinceCode',
      label: { zh: '省份', en: 'Province' },
      format: { name: 'lookup', url: '/api/blade-system/region/select', labelField: 'name', valueField: 'code' },
    },
  ],
  form: {
    fields: {
      operName: {},
      provinceCode: {},
      cityCode: {
        label: { zh: '城市', en: 'City' },
        widget: 'lookupSelect',
        options: {
          url: '/api/blade-system/region/select',
          labelField: 'name',
          valueField: 'code',
          parent: { field: 'provinceCode', param: 'parentCode' },
        },
      },
    },
  },
};

const SITES: Record<string, string> = { '7': '港汇广场', '8': '正大广场' };

beforeAll(() => setPermissions([]));

describe('linked rows', () => {
  it("shows the linked rows' names, each asked once", async () => {
    server = fakeServer({
      'GET /api/blade-system/oper/list': ({ query }) =>
        pageOf(
          [
            { id: '1', operName: '王师傅', siteIds: '7,8' },
            { id: '2', operName: '李师傅', siteIds: '7' },
          ],
          query,
        ),
      'GET /api/blade-system/site/detail': ({ query }) => ({ id: query.id, siteName: SITES[query.id] }),
    });
    render(
      <Providers provider={server.provider}>
        <DefinitionScreen definition={listPage(staff)} file="pages/business/oper.json" />
      </Providers>,
    );
    expect(await screen.findByText('港汇广场、正大广场')).toBeTruthy();
    expect(await screen.findByText('港汇广场')).toBeTruthy();
    expect(server.calls.filter((call) => call.path === '/api/blade-system/site/detail')).toHaveLength(2);
  });

  it('names rows by a template from a filtered list, with commas in English, and a row the person may not see by its key', async () => {
    server = fakeServer({
      'GET /api/blade-system/bed/list': ({ query }) => pageOf([{ id: '1', roomIds: '21,22', siteId: '5' }], query),
      'GET /api/blade-system/room/list': ({ query }) =>
        pageOf(
          [
            { id: '21', ward: '儿内科病区', roomNo: '301' },
            { id: '22', ward: '儿外科病区', roomNo: '302' },
          ],
          query,
        ),
      'GET /api/blade-system/site/detail': () => {
        throw { code: 403, msg: '无权查看' };
      },
    });
    const beds = {
      id: 'business/bed',
      title: { zh: '陪护床', en: 'Beds' },
      api: { list: '/api/blade-system/bed/list' },
      toolbar: [],
      columns: [
        {
          field: 'roomIds',
          label: { zh: '病房', en: 'Rooms' },
          format: {
            name: 'lookup',
            url: '/api/blade-system/room/list',
            labelField: '{{ward}} {{roomNo}}',
            filters: { ward_like: '病区' },
          },
        },
        {
          field: 'siteId',
          label: { zh: '医院', en: 'Hospital' },
          format: {
            name: 'lookup',
            url: '/api/blade-system/site/list',
            labelField: 'siteName',
            byKey: '/api/blade-system/site/detail',
          },
        },
      ],
    };
    await i18n.changeLanguage('en');
    try {
      render(
        <Providers provider={server.provider}>
          <DefinitionScreen definition={listPage(beds)} file="pages/business/bed.json" />
        </Providers>,
      );
      expect(await screen.findByText('儿内科病区 301, 儿外科病区 302')).toBeTruthy();
      expect(await screen.findByText('5')).toBeTruthy();
      expect(server.calls.find((call) => call.path.endsWith('/room/list'))?.query.ward_like).toBe('病区');
    } finally {
      await i18n.changeLanguage('zh');
    }
  });

  it("offers a city among the chosen province's cities and sends the codes", { timeout: 60000 }, async () => {
    server = fakeServer({
      'GET /api/blade-system/oper/list': ({ query }) => pageOf([], query),
      'GET /api/blade-system/region/select': ({ query }) =>
        REGIONS.filter((region) => region.parentCode === (query.parentCode ?? '00')),
      'POST /api/blade-system/oper/submit': () => true,
    });
    render(
      <Providers provider={server.provider}>
        <DefinitionScreen definition={listPage(staff)} file="pages/business/oper.json" />
      </Providers>,
    );
    fireEvent.click(await screen.findByText(/^新\s*增$/));
    const dialog = await screen.findByRole('dialog', {}, { timeout: 15000 });
    fireEvent.change(within(dialog).getByLabelText(/姓名/), { target: { value: '王师傅' } });
    const [province, city] = await within(dialog).findAllByRole('combobox', {}, { timeout: 15000 });
    fireEvent.mouseDown(province);
    fireEvent.click(await screen.findByText('广东省'));
    await waitFor(() =>
      expect(server.calls.some((call) => call.path.endsWith('/region/select') && call.query.parentCode === '44')).toBe(
        true,
      ),
    );
    fireEvent.mouseDown(city);
    fireEvent.click(await screen.findByText('广州市'));
    expect(screen.queryByText('上海城区')).toBeNull();
    fireEvent.click(within(dialog).getByText(/^保\s*存$/));
    await screen.findByText('新增成功');
    expect(server.calls.find((call) => call.path.endsWith('/submit'))?.body).toMatchObject({
      operName: '王师傅',
      provinceCode: '44',
      cityCode: '4401',
    });
  });

  it("shows an action's answer of rows as a table, with dictionary labels and unreported readings empty", async () => {
    server = fakeServer({
      'GET /api/blade-system/equ/list': ({ query }) => pageOf([{ id: '1', keyPair: 'A-1', batch: 'P1' }], query),
      'GET /api/blade-system/equ/getSubLock': () => [
        { id: '1', port: 1, keyPair: 'A-1', battery: 80, equState: 1 },
        { id: '2', port: 2, keyPair: 'A-2', battery: -1, equState: 4 },
      ],
      'GET /api/blade-system/dict/dictionary': () => [
        { dictKey: '1', dictValue: '空闲' },
        { dictKey: '4', dictValue: '离线' },
      ],
    });
    const piles = {
      id: 'business/equ',
      title: { zh: '设备', en: 'Equipment' },
      api: { list: '/api/blade-system/equ/list' },
      toolbar: [],
      columns: [{ field: 'keyPair', label: { zh: '设备编号', en: 'Number' } }],
      rowActions: [
        {
          id: 'ports',
          label: { zh: '子锁', en: 'Ports' },
          permission: true,
          request: { method: 'GET', url: '/api/blade-system/equ/getSubLock', query: { id: { var: 'row.id' } } },
          // biome-ignore lint/suspicious/noThenProperty: the definition language names the step after a request `then`; it is data, never awaited.
          then: {
            reload: false,
            show: {
              field: '',
              label: { zh: '充电桩子锁', en: 'Ports' },
              columns: [
                { field: 'port', label: { zh: '端口', en: 'Port' } },
                { field: 'keyPair', label: { zh: '设备编号', en: 'Number' } },
                { field: 'battery', label: { zh: '电量', en: 'Battery' }, format: 'number' },
                { field: 'equState', label: { zh: '设备状态', en: 'State' }, dict: 'equ_state' },
              ],
            },
          },
        },
      ],
    };
    render(
      <Providers provider={server.provider}>
        <DefinitionScreen definition={listPage(piles)} file="pages/business/equ.json" />
      </Providers>,
    );
    fireEvent.click(await screen.findByText(/^子\s*锁$/));
    const dialog = await screen.findByRole('dialog', {}, { timeout: 15000 });
    const cells = (text: string) =>
      Array.from((within(dialog).getByText(text).closest('tr') as HTMLElement).querySelectorAll('td')).map(
        (cell) => cell.textContent,
      );
    expect(await within(dialog).findByText('离线')).toBeTruthy();
    expect(cells('A-1')).toEqual(['1', 'A-1', '80', '空闲']);
    expect(cells('A-2')).toEqual(['2', 'A-2', '', '离线']);
  });
});
