// A stats block: one call, one card per field, money in cents shown as yuan, counts grouped, ratios as percentages.
import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { formatFigure } from '../../../runtime/blocks/figures';
import { DefinitionScreen } from '../../../runtime/page/DefinitionPage';
import { sessionUser } from '../../../runtime/permissions';
import { validateDefinition } from '../../../runtime/schema/validate';
import { fakeServer, i18n, Providers, pageOf } from '../support';

let server: ReturnType<typeof fakeServer>;

const page = {
  id: 'order/overview',
  title: { zh: '订单概览', en: 'Orders overview' },
  blocks: [
    {
      type: 'stats',
      api: '/api/blade-system/order/stats',
      params: { period: 'today' },
      cards: [
        { field: 'income', label: { zh: '今日收入', en: 'Income today' }, format: 'money' },
        { field: 'orders', label: { zh: '订单数', en: 'Orders' }, format: 'count' },
        { field: 'rates.refund', label: { zh: '退款率', en: 'Refund rate' }, format: 'percent' },
      ],
    },
  ],
};

const show = (definition: unknown) =>
  render(
    <Providers provider={server.provider}>
      <DefinitionScreen definition={definition} file="pages/order/overview.json" />
    </Providers>,
  );

describe('stats block', () => {
  it('shows each field of one answer in its format, and relabels in English', async () => {
    server = fakeServer({
      'GET /api/blade-system/order/stats': () => ({ income: 1234567, orders: 12045, rates: { refund: 0.256 } }),
    });
    show(page);
    expect(await screen.findByText('12,345.67')).toBeTruthy();
    expect(screen.getByText('今日收入')).toBeTruthy();
    expect(screen.getByText('¥')).toBeTruthy();
    expect(screen.getByText('12,045')).toBeTruthy();
    expect(screen.getByText('25.6%')).toBeTruthy();
    expect(server.calls).toHaveLength(1);
    expect(server.calls[0].query).toEqual({ period: 'today' });
    await act(() => i18n.changeLanguage('en'));
    expect(screen.getByText('Income today')).toBeTruthy();
    expect(screen.getByText('Refund rate')).toBeTruthy();
    await act(() => i18n.changeLanguage('zh'));
  });

  it('asks again when the list beside it reloads', async () => {
    let income = 100;
    server = fakeServer({
      'GET /api/blade-system/order/stats': () => ({ income, orders: 1, rates: { refund: 0 } }),
      'GET /api/blade-system/order/list': ({ query }) => pageOf([{ id: '1', outTradeNo: 'T0001' }], query),
    });
    show({
      ...page,
      blocks: [
        ...page.blocks,
        {
          type: 'list',
          api: { list: '/api/blade-system/order/list' },
          toolbar: ['refresh'],
          columns: [{ field: 'outTradeNo', label: { zh: '商户订单号', en: 'Merchant order number' } }],
        },
      ],
    });
    expect(await screen.findByText('1.00')).toBeTruthy();
    await screen.findByText('T0001');
    income = 250;
    fireEvent.click(screen.getByLabelText('刷新'));
    expect(await screen.findByText('2.50')).toBeTruthy();
    expect(server.calls.filter((c) => c.path.endsWith('/stats'))).toHaveLength(2);
  });

  it("leaves the list beneath it the page's own column settings", async () => {
    server = fakeServer({
      'GET /api/blade-system/order/stats': () => ({ income: 0, orders: 0, rates: { refund: 0 } }),
      'GET /api/blade-system/order/list': ({ query }) =>
        pageOf([{ id: '1', outTradeNo: 'T0001', phone: '138' }], query),
    });
    localStorage.setItem(`ride-console-columns:${sessionUser()}:order/overview`, JSON.stringify(['phone']));
    show({
      ...page,
      blocks: [
        ...page.blocks,
        {
          type: 'list',
          api: { list: '/api/blade-system/order/list' },
          toolbar: ['refresh'],
          columns: [
            { field: 'outTradeNo', label: { zh: '商户订单号', en: 'Merchant order number' } },
            { field: 'phone', label: { zh: '手机号', en: 'Phone number' } },
          ],
        },
      ],
    });
    await screen.findByText('T0001');
    expect(screen.queryByText('手机号')).toBeNull();
    localStorage.clear();
  });

  it("shows the server's refusal instead of empty cards", async () => {
    server = fakeServer({
      'GET /api/blade-system/order/stats': () => {
        throw { code: 403, msg: '无权访问' };
      },
    });
    show(page);
    expect(await screen.findByText('无权访问')).toBeTruthy();
  });

  it('keeps every cent of an amount, negative and large ones too', () => {
    expect(formatFigure(-5, 'money', 'zh')).toBe('-0.05');
    expect(formatFigure(900719925474099, 'money', 'zh')).toBe('9,007,199,254,740.99');
    expect(formatFigure(null, 'money', 'zh')).toBe('-');
    expect(formatFigure(0.5, 'percent', 'en')).toBe('50%');
  });

  it('names the path of a card without a label', () => {
    const broken = structuredClone(page);
    Reflect.deleteProperty(broken.blocks[0].cards[1], 'label');
    expect(validateDefinition(broken)).toContainEqual(
      expect.objectContaining({ path: '/blocks/0/cards/1', message: 'must have property "label"' }),
    );
  });
});
