// Actions of a list, row and toolbar alike: the form, the confirmation naming the row, the request over row, rows,
// ids and form, and what follows (reload, message, a field of the answer); each failure keeps what was entered.
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { setPermissions } from '../../runtime/index';
import { DefinitionScreen } from '../../runtime/page/DefinitionPage';
import { validateDefinition } from '../../runtime/schema/validate';
import orders from './orders-actions.json';
import { Answer, fakeServer, i18n, Providers, pageOf } from './support';

interface Order {
  outTradeNo: string;
  customer: string;
  state: number;
}

let rows: Order[] = [];
let server: ReturnType<typeof fakeServer>;

// The actions are written as a page file, as an analyst writes them.
const definition = orders;
const [finish, refund] = orders.blocks[0].rowActions;

const buttons = (text: RegExp, scope: HTMLElement = document.body) =>
  within(scope)
    .queryAllByText(text)
    .map((node) => node.closest('button'))
    .filter((node): node is HTMLButtonElement => node !== null);
const button = (text: RegExp, scope?: HTMLElement) => {
  const found = buttons(text, scope);
  if (!found.length) throw new Error(`no button ${text}`);
  return found[0];
};
const rowOf = (text: string) => screen.getByText(text).closest('tr') as HTMLElement;
const listCalls = () => server.calls.filter((c) => c.path === '/api/orders/list').length;
const tick = (text: string) => fireEvent.click(within(rowOf(text)).getByRole('checkbox'));

async function renderOrders() {
  render(
    <Providers provider={server.provider}>
      <DefinitionScreen definition={definition} file="pages/business/orders.json" />
    </Providers>,
  );
  await screen.findByText('T1001');
}

beforeAll(() => setPermissions(['order_finish', 'order_close']));

beforeEach(async () => {
  await i18n.changeLanguage('zh');
  rows = [
    { outTradeNo: 'T1001', customer: '张三', state: 1 },
    { outTradeNo: 'T1002', customer: '李四', state: 1 },
    { outTradeNo: 'T1003', customer: '王五', state: 3 },
  ];
  server = fakeServer({
    'GET /api/orders/list': ({ query }) => pageOf(rows, query),
    'POST /api/orders/finish': ({ query }) => {
      if (query.outTradeNo === 'T1001') throw { code: 400, msg: '订单正在充电, 不能结束' };
      const order = rows.find((r) => r.outTradeNo === query.outTradeNo);
      if (order) order.state = 3;
      return new Answer(true, `订单 ${query.outTradeNo} 已结束`);
    },
    'POST /api/orders/refund': ({ body }) => {
      if ((body as { amount: number }).amount > 100) throw { code: 400, msg: '退款金额不能超过实付金额' };
      return { refundNo: 'R-20260301-7' };
    },
    'GET /api/orders/remark': ({ query }) => ({ remark: `${query.outTradeNo} 的备注` }),
    'POST /api/orders/remark': () => true,
    'POST /api/orders/close': () => true,
    'GET /api/orders/reconcile': () => ({ matched: 12, missing: 1 }),
  });
});

describe('row actions', () => {
  it('show where visibleWhen holds for the row, greyed out where disabledWhen holds', async () => {
    await renderOrders();
    expect(buttons(/^结束订单$/, rowOf('T1001'))).toHaveLength(1);
    expect(buttons(/^结束订单$/, rowOf('T1003'))).toHaveLength(0);
    expect(button(/^退\s*款$/, rowOf('T1001')).disabled).toBe(false);
    expect(button(/^退\s*款$/, rowOf('T1003')).disabled).toBe(true);
  });

  it("ask with the row's own values, send the row's key and show the server's message", async () => {
    await renderOrders();
    const before = listCalls();
    fireEvent.click(button(/^结束订单$/, rowOf('T1002')));
    expect(await screen.findByText('确定结束订单 T1002?')).toBeTruthy();
    fireEvent.click(button(/^确\s*定$/));
    expect(await screen.findByText('订单 T1002 已结束')).toBeTruthy();
    expect(server.calls.find((c) => c.path === '/api/orders/finish')?.query).toEqual({ outTradeNo: 'T1002' });
    await waitFor(() => expect(listCalls()).toBeGreaterThan(before));
    await waitFor(() => expect(buttons(/^结束订单$/, rowOf('T1002'))).toHaveLength(0));
  });

  it('follow a refusal with nothing: no success message, no reload', async () => {
    await renderOrders();
    const before = listCalls();
    fireEvent.click(button(/^结束订单$/, rowOf('T1001')));
    await screen.findByText('确定结束订单 T1001?');
    fireEvent.click(button(/^确\s*定$/));
    await waitFor(() => expect(server.calls.some((c) => c.path === '/api/orders/finish')).toBe(true));
    await waitFor(() => expect(screen.queryByText('确定结束订单 T1001?')).toBeNull());
    expect(screen.queryByText(/已结束/)).toBeNull();
    expect(listCalls()).toBe(before);
  });

  it('send nothing when the confirmation is cancelled', async () => {
    await renderOrders();
    fireEvent.click(button(/^结束订单$/, rowOf('T1001')));
    await screen.findByText('确定结束订单 T1001?');
    fireEvent.click(button(/^取\s*消$/));
    await waitFor(() => expect(screen.queryByText('确定结束订单 T1001?')).toBeNull());
    expect(server.calls.some((c) => c.path === '/api/orders/finish')).toBe(false);
  });
  it('speak English on the English screen', async () => {
    await i18n.changeLanguage('en');
    await renderOrders();
    fireEvent.click(button(/^Finish$/, rowOf('T1001')));
    expect(await screen.findByText('Finish order T1001?')).toBeTruthy();
  });
});

describe('an action with a form', () => {
  async function openRefund() {
    await renderOrders();
    fireEvent.click(button(/^退\s*款$/, rowOf('T1001')));
    return screen.findByRole('dialog', {}, { timeout: 15000 });
  }

  it("starts from its defaults, labels fields from the list's columns, checks, asks, sends, and shows the answer", async () => {
    const dialog = await openRefund();
    expect(within(dialog).getByText('订单退款')).toBeTruthy();
    expect(within(dialog).getByDisplayValue('退款 T1001')).toBeTruthy();
    expect((within(dialog).getByLabelText('客户') as HTMLInputElement).value).toBe('张三');
    expect(await within(dialog).findByPlaceholderText('单位为分')).toBeTruthy();
    fireEvent.click(button(/^保\s*存$/, dialog));
    expect(await within(dialog).findByText('请输入退款金额')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText(/退款金额/), { target: { value: '30' } });
    const before = listCalls();
    fireEvent.click(button(/^保\s*存$/, dialog));
    expect(await screen.findByText('确定给 张三 退款?')).toBeTruthy();
    fireEvent.click(button(/^确\s*定$/, screen.getByText('确定给 张三 退款?').closest('.ant-modal') as HTMLElement));
    expect(await screen.findByText('操作成功')).toBeTruthy();
    expect(await screen.findByText('退款单号', {}, { timeout: 15000 })).toBeTruthy();
    expect(screen.getByText('R-20260301-7')).toBeTruthy();
    const call = server.calls.find((c) => c.path === '/api/orders/refund');
    expect(call?.query).toEqual({ outTradeNo: 'T1001' });
    expect(call?.body).toEqual({ amount: 30, reason: '退款 T1001' });
    expect(listCalls()).toBe(before);
  });

  it("keeps the dialog open with what was entered and the server's message when the server refuses", async () => {
    const dialog = await openRefund();
    fireEvent.change(within(dialog).getByLabelText(/退款金额/), { target: { value: '500' } });
    fireEvent.click(button(/^保\s*存$/, dialog));
    const question = await screen.findByText('确定给 张三 退款?');
    fireEvent.click(button(/^确\s*定$/, question.closest('.ant-modal') as HTMLElement));
    expect(await within(dialog).findByText('退款金额不能超过实付金额')).toBeTruthy();
    expect(within(dialog).getByDisplayValue('500')).toBeTruthy();
    expect(screen.queryByText('退款单号')).toBeNull();
  });

  it('keeps the dialog open, sending nothing, when the confirmation is cancelled', async () => {
    const dialog = await openRefund();
    fireEvent.change(within(dialog).getByLabelText(/退款金额/), { target: { value: '20' } });
    fireEvent.click(button(/^保\s*存$/, dialog));
    const question = await screen.findByText('确定给 张三 退款?');
    fireEvent.click(button(/^取\s*消$/, question.closest('.ant-modal') as HTMLElement));
    await waitFor(() => expect(screen.queryByText('确定给 张三 退款?')).toBeNull());
    expect(within(dialog).getByDisplayValue('20')).toBeTruthy();
    expect(server.calls.some((c) => c.path === '/api/orders/refund')).toBe(false);
  });

  it('sends the number made when it opened with every try, so a retry after a refusal is the same request', async () => {
    const numbered = structuredClone(orders);
    const numberedRefund = numbered.blocks[0].rowActions[1];
    numberedRefund.request = {
      ...numberedRefund.request,
      body: { ...numberedRefund.request.body, outRefundNo: { cat: ['R', { var: 'requestNo' }] } },
    } as unknown as typeof refund.request;
    render(
      <Providers provider={server.provider}>
        <DefinitionScreen definition={numbered} file="pages/business/orders.json" />
      </Providers>,
    );
    await screen.findByText('T1001');
    fireEvent.click(button(/^退\s*款$/, rowOf('T1001')));
    const dialog = await screen.findByRole('dialog', {}, { timeout: 15000 });
    const send = async (amount: string) => {
      fireEvent.change(within(dialog).getByLabelText(/退款金额/), { target: { value: amount } });
      fireEvent.click(button(/^保\s*存$/, dialog));
      const question = await screen.findByText('确定给 张三 退款?');
      fireEvent.click(button(/^确\s*定$/, question.closest('.ant-modal') as HTMLElement));
      await waitFor(() => expect(screen.queryByText('确定给 张三 退款?')).toBeNull());
    };
    await send('500');
    await within(dialog).findByText('退款金额不能超过实付金额');
    await send('30');
    await screen.findByText('操作成功');
    const numbers = server.calls
      .filter((c) => c.path === '/api/orders/refund')
      .map((c) => (c.body as { outRefundNo: string }).outRefundNo);
    expect(numbers).toHaveLength(2);
    expect(numbers[0]).toMatch(/^R[0-9A-Z]{20}$/);
    expect(numbers[1]).toBe(numbers[0]);
  });

  it('starts from what load reads from the server', async () => {
    await renderOrders();
    fireEvent.click(button(/^备\s*注$/, rowOf('T1002')));
    const loaded = await screen.findByDisplayValue('T1002 的备注', {}, { timeout: 15000 });
    const dialog = loaded.closest('.ant-modal') as HTMLElement;
    expect(within(dialog).getByText('备注', { selector: '.ant-modal-title' })).toBeTruthy();
    fireEvent.change(within(dialog).getByDisplayValue('T1002 的备注'), { target: { value: '改过的备注' } });
    fireEvent.click(button(/^保\s*存$/, dialog));
    expect(await screen.findByText('操作成功')).toBeTruthy();
    const saved = server.calls.find((c) => c.method === 'POST' && c.path === '/api/orders/remark');
    expect(saved?.body).toEqual({ outTradeNo: 'T1002', remark: '改过的备注' });
  });
});

describe('toolbar actions', () => {
  it('are judged over the ticked rows and send their keys by rowKey', async () => {
    await renderOrders();
    const closeButton = () => button(/^关闭所选$/);
    expect(closeButton().disabled).toBe(false);
    tick('T1001');
    tick('T1003');
    await waitFor(() => expect(closeButton().disabled).toBe(true));
    tick('T1003');
    tick('T1002');
    await waitFor(() => expect(closeButton().disabled).toBe(false));
    fireEvent.click(closeButton());
    expect(await screen.findByText('确定关闭所选的 2 个订单?')).toBeTruthy();
    fireEvent.click(button(/^确\s*定$/));
    expect(await screen.findByText('已关闭')).toBeTruthy();
    expect(server.calls.find((c) => c.path === '/api/orders/close')?.query).toEqual({ outTradeNos: 'T1001,T1002' });
  });

  it('say 请选择至少一条数据 with nothing ticked, unless they need no selection', async () => {
    await renderOrders();
    fireEvent.click(button(/^关闭所选$/));
    expect(await screen.findByText('请选择至少一条数据')).toBeTruthy();
    fireEvent.click(button(/^对\s*账$/));
    expect(await screen.findByText('对账结果', {}, { timeout: 15000 })).toBeTruthy();
    expect(screen.getByText('matched')).toBeTruthy();
    expect(screen.getByText('12')).toBeTruthy();
  });

  it('hide where visibleWhen fails for the selection, and without their button code', async () => {
    await renderOrders();
    expect(buttons(/^对\s*账$/)).toHaveLength(1);
    expect(buttons(/^审\s*计$/)).toHaveLength(0);
    tick('T1001');
    await waitFor(() => expect(buttons(/^对\s*账$/)).toHaveLength(0));
  });
});

describe('the shape of an action', () => {
  const withAction = (action: Record<string, unknown>) => ({
    ...definition,
    blocks: [{ ...definition.blocks[0], rowActions: [action] }],
  });

  it('needs a permission, a button code or true', () => {
    const { permission: _, ...anyone } = finish;
    expect(validateDefinition(withAction(anyone))[0]?.path).toBe('/blocks/0/rowActions/0');
    expect(validateDefinition(withAction({ ...finish, permission: true }))).toEqual([]);
  });

  it('names query parameters `query`, and takes a success text or the server message', () => {
    const old = { ...finish, request: { url: '/api/orders/finish', params: { id: { var: 'row.id' } } } };
    expect(validateDefinition(withAction(old))[0]?.path).toBe('/blocks/0/rowActions/0/request');
    const loud = structuredClone(finish);
    Object.assign(loud.then ?? {}, { message: 'loud' });
    expect(validateDefinition(withAction(loud))[0]?.path).toBe('/blocks/0/rowActions/0/then/message');
    const { request: _, ...registered } = { ...finish, action: 'fileDownload' };
    expect(validateDefinition(withAction(registered))[0]?.message).toMatch(/request/);
  });

  it('labels every field of its form (a column of the same name does), and imports only into a list with a form', () => {
    const unlabelled = structuredClone(refund);
    Object.assign(unlabelled.form ?? {}, { fields: { ...unlabelled.form?.fields, reason: {} } });
    expect(validateDefinition(withAction(unlabelled))[0]?.path).toBe('/blocks/0/rowActions/0/form/fields/reason');
    const named = structuredClone(unlabelled);
    Object.assign(named.form ?? {}, { fields: { ...named.form?.fields, customer: {} } });
    expect(validateDefinition(withAction(named))[0]?.path).toBe('/blocks/0/rowActions/0/form/fields/reason');
    const upload = {
      id: 'import',
      label: { zh: '导入', en: 'Import' },
      permission: true,
      selection: false,
      import: {},
    };
    expect(validateDefinition(withAction(upload))[0]?.path).toBe('/blocks/0/rowActions/0/import');
  });
});
