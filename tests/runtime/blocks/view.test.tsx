// A view: a record read-only, its fields in titled sections through the same formatters as the table, and a nested
// list queried with a field of the record; in a drawer from a list's view operation, or as a block of its own.
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DefinitionScreen } from '../../../runtime/page/DefinitionPage';
import { validateDefinition } from '../../../runtime/schema/validate';
import { fakeServer, Providers, pageOf } from '../support';

let server: ReturnType<typeof fakeServer>;

const columns = [
  { field: 'outTradeNo', label: { zh: '商户订单号', en: 'Merchant order number' } },
  { field: 'transactionId', label: { zh: '支付订单号', en: 'Payment order number' }, hidden: true },
  { field: 'amount', label: { zh: '押金', en: 'Deposit' }, format: { name: 'money', negativeAsZero: true } },
  { field: 'state', label: { zh: '订单状态', en: 'Status' }, dict: 'order_status' },
];

const refunds = {
  type: 'list',
  api: { list: '/api/blade-system/refund/detail' },
  toolbar: ['refresh'],
  columns: [
    { field: 'outRefundNo', label: { zh: '退款单号', en: 'Refund number' } },
    { field: 'amount', label: { zh: '退款金额', en: 'Refund amount' }, format: 'money' },
  ],
};

const sections = [
  { title: { zh: '订单信息', en: 'Order' }, fields: ['outTradeNo', 'state'] },
  { title: { zh: '支付信息', en: 'Payment' }, fields: ['transactionId', 'amount'] },
  { title: { zh: '退款记录', en: 'Refunds' }, list: refunds, query: { transactionId: { var: 'transactionId' } } },
];

const orders = {
  id: 'order/order',
  title: { zh: '订单', en: 'Orders' },
  blocks: [
    {
      type: 'list',
      api: { list: '/api/blade-system/order/list' },
      operations: { view: true },
      toolbar: ['refresh'],
      columns,
      view: { sections },
    },
  ],
};

const routes = {
  'GET /api/blade-system/order/list': ({ query }: { query: Record<string, string> }) =>
    pageOf([{ id: '7', outTradeNo: 'T0007', amount: -1, state: 3 }], query),
  'GET /api/blade-system/order/detail': () => ({
    id: '7',
    outTradeNo: 'T0007',
    transactionId: '4200000007',
    amount: 2550,
    state: 3,
  }),
  'GET /api/blade-system/dict/dictionary': () => [{ dictKey: '3', dictValue: '已完成' }],
  'GET /api/blade-system/refund/detail': ({ query }: { query: Record<string, string> }) =>
    pageOf([{ id: '1', outRefundNo: 'R0001', amount: 550 }], query),
};

const show = (definition: unknown) =>
  render(
    <Providers provider={server.provider}>
      <DefinitionScreen definition={definition} file="pages/order/order.json" />
    </Providers>,
  );

describe('view of a list row', () => {
  it("opens a drawer of the row's detail in sections, with the refunds of its payment below", async () => {
    server = fakeServer(routes);
    show(orders);
    const row = (await screen.findByText('T0007')).closest('tr') as HTMLElement;
    expect(within(row).getByText('0.00')).toBeTruthy();
    fireEvent.click(
      within(row)
        .getByText(/查\s*看/)
        .closest('button') as HTMLElement,
    );
    const drawer = (await screen.findByText('订单 - 查看')).closest('.ant-drawer') as HTMLElement;
    await within(drawer).findByText('4200000007');
    expect(document.querySelector('.ant-modal')).toBeNull();
    expect(server.calls.find((c) => c.path.endsWith('/order/detail'))?.query).toEqual({ id: '7' });
    for (const title of ['订单信息', '支付信息', '退款记录']) expect(within(drawer).getByText(title)).toBeTruthy();
    expect(within(drawer).getByText('25.50')).toBeTruthy();
    expect(within(drawer).getAllByText('已完成').length).toBeGreaterThan(0);
    expect(await within(drawer).findByText('R0001')).toBeTruthy();
    expect(within(drawer).getByText('5.50')).toBeTruthy();
    const nested = server.calls.find((c) => c.path.endsWith('/refund/detail'));
    expect(nested?.query).toMatchObject({ transactionId: '4200000007', current: '1', size: '10' });
  });

  it('names a section field no column describes', () => {
    const broken = structuredClone(orders);
    broken.blocks[0].view.sections[0].fields = ['outTradeNo', 'nickname'];
    expect(validateDefinition(broken)).toEqual([
      expect.objectContaining({
        path: '/blocks/0/view/sections/0/fields/1',
        message: 'no column describes "nickname"',
        zh: '没有列描述字段 "nickname"',
        word: 'nickname',
      }),
    ]);
  });

  it('names the column meant when a section field is misspelt', () => {
    const broken = structuredClone(orders);
    broken.blocks[0].view.sections[0].fields = ['outTradeNo', 'outTradNo'];
    expect(validateDefinition(broken)).toEqual([
      expect.objectContaining({ path: '/blocks/0/view/sections/0/fields/1', suggestion: 'outTradeNo' }),
    ]);
  });

  it('checks the nested list like any list', () => {
    const broken = structuredClone(orders);
    (broken.blocks[0].view.sections[2].list as typeof refunds).columns[1].format = 'cents';
    expect(validateDefinition(broken)[0]).toMatchObject({
      path: '/blocks/0/view/sections/2/list/columns/1/format',
      message: 'unknown formatter "cents"',
    });
  });
});

describe('view block', () => {
  it('shows the record the address names, every field when no sections are given', async () => {
    window.history.replaceState(null, '', '/order/detail?id=7');
    server = fakeServer(routes);
    show({
      id: 'order/detail',
      title: { zh: '订单详情', en: 'Order details' },
      blocks: [
        {
          type: 'view',
          title: { zh: '订单详情', en: 'Order details' },
          detail: '/api/blade-system/order/detail',
          params: { id: { var: 'id' } },
          columns,
        },
      ],
    });
    expect(await screen.findByText('4200000007')).toBeTruthy();
    expect(screen.getByText('25.50')).toBeTruthy();
    expect(screen.getByText('押金')).toBeTruthy();
    await waitFor(() => expect(screen.getByText('已完成')).toBeTruthy());
    expect(server.calls.find((c) => c.path.endsWith('/order/detail'))?.query).toEqual({ id: '7' });
    window.history.replaceState(null, '', '/');
  });
});
