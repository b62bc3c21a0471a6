// A block, a tab or a view's nested list may need a permission (a menu's or a button's code): a person without it does
// not see it, and its calls are never made, so seeing orders without refunds gives no refusal.
import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { setPermissions } from '../../../runtime/index';
import { DefinitionScreen } from '../../../runtime/page/DefinitionPage';
import { validateDefinition } from '../../../runtime/schema/validate';
import { fakeServer, Providers, pageOf } from '../support';

let server: ReturnType<typeof fakeServer>;

const label = (zh: string, en: string) => ({ zh, en });
const refunds = {
  type: 'list',
  permission: 'refund',
  api: { list: '/api/blade-system/refund/detail' },
  toolbar: ['refresh'],
  columns: [{ field: 'outRefundNo', label: label('退款单号', 'Refund number') }],
};

const page = {
  id: 'business/order-overview',
  title: label('订单', 'Orders'),
  blocks: [
    {
      type: 'stats',
      permission: 'order_stats',
      api: '/api/blade-system/order/stats',
      cards: [{ field: 'orders', label: label('订单数', 'Orders'), format: 'count' }],
    },
    {
      type: 'view',
      detail: '/api/blade-system/order/detail',
      columns: [
        { field: 'outTradeNo', label: label('商户订单号', 'Merchant order number') },
        { field: 'transactionId', label: label('支付订单号', 'Payment order number') },
      ],
      sections: [
        { title: label('订单信息', 'Order'), fields: ['outTradeNo'] },
        { title: label('退款记录', 'Refunds'), list: refunds, query: { transactionId: { var: 'transactionId' } } },
      ],
    },
    {
      type: 'tabs',
      tabs: [
        {
          key: 'charges',
          title: label('费用', 'Charges'),
          blocks: [
            {
              type: 'stats',
              api: '/api/blade-system/order/charges',
              cards: [{ field: 'amount', label: label('金额', 'Amount'), format: 'money' }],
            },
          ],
        },
        {
          key: 'ledger',
          permission: 'ledger',
          title: label('流水', 'Ledger'),
          blocks: [
            {
              type: 'list',
              api: { list: '/api/blade-system/ledger/list' },
              columns: [{ field: 'entry', label: label('流水号', 'Entry') }],
            },
          ],
        },
      ],
    },
  ],
};

const routes = {
  'GET /api/blade-system/order/stats': () => ({ orders: 12 }),
  'GET /api/blade-system/order/detail': () => ({ outTradeNo: 'T0007', transactionId: '4200000007' }),
  'GET /api/blade-system/order/charges': () => ({ amount: 2550 }),
  'GET /api/blade-system/refund/detail': ({ query }: { query: Record<string, string> }) =>
    pageOf([{ id: '1', outRefundNo: 'R0001' }], query),
  'GET /api/blade-system/ledger/list': ({ query }: { query: Record<string, string> }) =>
    pageOf([{ id: '1', entry: 'L0001' }], query),
};

const show = () =>
  render(
    <Providers provider={server.provider}>
      <DefinitionScreen definition={page} file="pages/business/order-overview.json" />
    </Providers>,
  );

afterEach(() => setPermissions([]));

describe('a block that needs a permission', () => {
  it('is drawn, and called, for a person who holds its code', async () => {
    setPermissions(['order_stats', 'refund', 'ledger']);
    server = fakeServer(routes);
    show();
    expect(await screen.findByText('R0001', {}, { timeout: 15000 })).toBeTruthy();
    expect(screen.getByText('退款记录')).toBeTruthy();
    expect(await screen.findByText('12', {}, { timeout: 15000 })).toBeTruthy();
    expect(screen.getByText('流水')).toBeTruthy();
    expect(server.calls.some((call) => call.path === '/api/blade-system/refund/detail')).toBe(true);
  });

  it('is left out, with its title and its calls, for a person without it', async () => {
    setPermissions([]);
    server = fakeServer(routes);
    show();
    expect(await screen.findByText('T0007')).toBeTruthy();
    expect(screen.queryByText('退款记录')).toBeNull();
    expect(screen.queryByText('订单数')).toBeNull();
    expect(screen.queryByText('流水')).toBeNull();
    expect(await screen.findByText('25.50')).toBeTruthy();
    expect(server.calls.map((call) => call.path).sort()).toEqual([
      '/api/blade-system/order/charges',
      '/api/blade-system/order/detail',
    ]);
  });

  it('names a permission as actions do: a code, or true for everyone', () => {
    const wrong = { ...page, blocks: [{ ...page.blocks[0], permission: '' }] };
    expect(validateDefinition(wrong)[0]?.path).toBe('/blocks/0/permission');
    expect(validateDefinition(page)).toEqual([]);
  });
});
