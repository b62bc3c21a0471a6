// Widgets inside a definition's form: money typed in yuan is stored in cents, a dictionary select offers the
// dictionary's items and stores numbers for numeric fields; a changed column in the JSON changes the table.
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { clearDictionaries } from '../../runtime/data/dictionary';
import { setPermissions } from '../../runtime/index';
import { DefinitionScreen } from '../../runtime/page/DefinitionPage';
import { fakeServer, listPage, Providers, pageOf } from './support';

let server: ReturnType<typeof fakeServer>;

const price = {
  id: 'business/price',
  title: { zh: '价格', en: 'Prices' },
  api: { list: '/api/blade-system/price/list' },
  operations: { add: true },
  toolbar: ['add', 'search'],
  columns: [
    { field: 'name', label: { zh: '名称', en: 'Name' }, search: true },
    { field: 'amount', label: { zh: '单价', en: 'Price' }, format: 'money' },
    { field: 'sex', label: { zh: '性别', en: 'Sex' }, dict: 'sex' },
  ],
  form: {
    fields: { name: { required: true }, amount: { type: 'integer' }, sex: { type: 'integer', widget: 'dictRadio' } },
  },
};

const show = (definition: typeof price) =>
  render(
    <Providers provider={server.provider}>
      <DefinitionScreen definition={listPage(definition)} file="pages/business/price.json" />
    </Providers>,
  );

beforeAll(() => {
  setPermissions([]);
  clearDictionaries();
});

describe('form widgets', () => {
  it('stores yuan typed into a money field as cents and a dictionary choice as a number', async () => {
    server = fakeServer({
      'GET /api/blade-system/price/list': ({ query }) =>
        pageOf([{ id: '1', name: '童车', amount: 1250, sex: 2 }], query),
      'GET /api/blade-system/dict/dictionary': () => [
        { dictKey: '1', dictValue: '男' },
        { dictKey: '2', dictValue: '女' },
      ],
      'POST /api/blade-system/price/submit': () => true,
    });
    show(price);
    expect(await screen.findByText('12.50')).toBeTruthy();
    expect(await screen.findByText('女')).toBeTruthy();
    fireEvent.click(screen.getByText(/^新\s*增$/));
    const dialog = await screen.findByRole('dialog', {}, { timeout: 15000 });
    fireEvent.change(within(dialog).getByLabelText(/名称/), { target: { value: '扭扭车' } });
    fireEvent.change(within(dialog).getByLabelText(/单价/), { target: { value: '12.34' } });
    fireEvent.click(await within(dialog).findByLabelText('男'));
    fireEvent.click(within(dialog).getByText(/^保\s*存$/));
    await screen.findByText('新增成功');
    expect(server.calls.find((c) => c.path.endsWith('/submit'))?.body).toEqual({
      name: '扭扭车',
      amount: 1234,
      sex: 1,
    });
  });
});

describe('editing the JSON', () => {
  it('a new column, a label and a hidden search panel show on the screen', async () => {
    server = fakeServer({
      'GET /api/blade-system/price/list': ({ query }) => pageOf([{ id: '1', name: '童车', site: '万达广场' }], query),
      'GET /api/blade-system/dict/dictionary': () => [],
    });
    const changed = {
      ...price,
      columns: [...price.columns, { field: 'site', label: { zh: '所属站点', en: 'Site' } }] as typeof price.columns,
    };
    show(changed);
    expect(await screen.findByText('万达广场')).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: '所属站点' })).toBeTruthy();
    expect(screen.getByPlaceholderText('请输入名称')).toBeTruthy();
    fireEvent.click(screen.getByLabelText('显示/隐藏搜索'));
    expect(screen.queryByPlaceholderText('请输入名称')).toBeNull();
  });
});

describe('a link to another resource', () => {
  it('is chosen by name from the other list and saved as its id', async () => {
    server = fakeServer({
      'GET /api/blade-system/problem/list': ({ query }) => pageOf([], query),
      'GET /api/blade-system/site/list': ({ query }) =>
        pageOf(
          [
            { id: '11', siteName: '万达广场' },
            { id: '12', siteName: '儿童医院' },
          ],
          query,
        ),
      'POST /api/blade-system/problem/submit': () => true,
    });
    const problems = {
      id: 'business/problem',
      title: { zh: '问题', en: 'Problems' },
      api: { list: '/api/blade-system/problem/list' },
      operations: { add: true },
      toolbar: ['add'],
      columns: [
        {
          field: 'siteId',
          label: { zh: '所属站点', en: 'Site' },
          format: { name: 'lookup', url: '/api/blade-system/site/list', labelField: 'siteName' },
        },
      ],
      form: { fields: { siteId: { required: true } } },
    };
    show(problems as unknown as typeof price);
    fireEvent.click(await screen.findByText(/^新\s*增$/));
    const dialog = await screen.findByRole('dialog', {}, { timeout: 15000 });
    fireEvent.click(within(dialog).getByText(/^保\s*存$/));
    // The select's placeholder says the same once the select has loaded; the message is the text outside it.
    await waitFor(() =>
      expect(
        within(dialog)
          .queryAllByText('请选择所属站点')
          .filter((text) => !text.closest('.ant-select')),
      ).toHaveLength(1),
    );
    fireEvent.mouseDown(await within(dialog).findByRole('combobox', {}, { timeout: 15000 }));
    fireEvent.click(await screen.findByText('儿童医院'));
    fireEvent.click(within(dialog).getByText(/^保\s*存$/));
    await screen.findByText('新增成功');
    expect(server.calls.find((c) => c.path.endsWith('/submit'))?.body).toEqual({ siteId: '12' });
  });
});

describe('a field shown only for some values', () => {
  it("shows and asks for the value the chosen kind needs, and saves the other kinds' values empty", async () => {
    server = fakeServer({
      'GET /api/blade-system/coupon/list': ({ query }) => pageOf([], query),
      'GET /api/blade-system/dict/dictionary': () => [
        { dictKey: '1', dictValue: '满减券' },
        { dictKey: '2', dictValue: '折扣券' },
      ],
      'POST /api/blade-system/coupon/submit': () => true,
    });
    const coupons = {
      id: 'business/coupon',
      title: { zh: '优惠券', en: 'Coupons' },
      api: { list: '/api/blade-system/coupon/list' },
      operations: { add: true },
      toolbar: ['add'],
      columns: [
        { field: 'couponKind', label: { zh: '优惠券类型', en: 'Kind' }, dict: 'coupon_kind' },
        { field: 'amount', label: { zh: '优惠金额', en: 'Amount off' }, format: 'money' },
        { field: 'discount', label: { zh: '折扣', en: 'Discount' } },
      ],
      form: {
        fields: {
          couponKind: { type: 'integer', widget: 'dictRadio', default: 1 },
          amount: { type: 'integer', required: true, visibleWhen: { '==': [{ var: 'couponKind' }, 1] } },
          discount: { type: 'integer', required: true, visibleWhen: { '==': [{ var: 'couponKind' }, 2] } },
        },
      },
    };
    show(coupons as unknown as typeof price);
    fireEvent.click(await screen.findByText(/^新\s*增$/));
    const dialog = await screen.findByRole('dialog', {}, { timeout: 15000 });
    expect(await within(dialog).findByLabelText(/优惠金额/, {}, { timeout: 15000 })).toBeTruthy();
    expect(within(dialog).queryByLabelText('折扣')).toBeNull();
    fireEvent.click(await within(dialog).findByLabelText('折扣券'));
    expect(await within(dialog).findByLabelText('折扣')).toBeTruthy();
    expect(within(dialog).queryByLabelText(/优惠金额/)).toBeNull();
    fireEvent.click(within(dialog).getByText(/^保\s*存$/));
    expect(await within(dialog).findByText('请输入折扣')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('折扣'), { target: { value: '80' } });
    fireEvent.click(within(dialog).getByText(/^保\s*存$/));
    await screen.findByText('新增成功');
    expect(server.calls.find((c) => c.path.endsWith('/submit'))?.body).toEqual({
      couponKind: 2,
      discount: 80,
      amount: null,
    });
  });
});
