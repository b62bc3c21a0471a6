// The order screen in a real browser against the real server: the figures above the list, the list in yuan with the
// order states' labels, and 查看 opening a drawer of the order in sections with the refunds of its payment below.
import Database from 'better-sqlite3';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type OpenConsole, openConsole, screenshot } from '../harness';

let opened: OpenConsole;
let page: Page;

// Orders are written by the customer app's rental flow, which has no calls yet; the test writes them as it would.
function writeOrders(file: string) {
  const db = new Database(file);
  const order = db.prepare(
    `insert into biz_order (id, out_trade_no, transaction_id, customer_id, nickname, phone_number, equ_id, key_pair,
       batch, site_id, site_name, dept_id, dept_name, type_id, pay_mode, first_minutes, unit_minutes, amount,
       total_amount, refunded_amount, act_amount, start_time, end_time, description, state, create_time)
     values (?, ?, ?, 1, '小明妈妈', '13800138000', 1, ?, 'A-03', 1, '徐家汇港汇广场', 1, '总部', 1, 1, 60, 30, ?, ?,
       ?, ?, '2026-03-01 09:00:00', ?, ?, ?, '2026-03-01 09:00:00')`,
  );
  // Paid 99.00: 84.00 of the deposit back at finish, the 15.00 fee refunded later; nothing kept.
  order.run(9001, 'P9001', '4200009001', 'TC-9001', 9900, 9900, 9900, 1500, '2026-03-01 10:15:00', '1小时15分钟', 6);
  // Paid 1500.00, 265.44 back at finish: 1234.56 kept.
  order.run(9002, 'P9002', '4200009002', 'TC-9002', 150000, 150000, 26544, 123456, '2026-03-02 10:00:00', '25小时', 3);
  order.run(9003, 'P9003', '4200009003', 'TC-9003', 9900, 9900, 0, null, null, null, 1);
  db.prepare(
    `insert into biz_refund (id, order_id, out_trade_no, transaction_id, out_refund_no, refund_id, amount, channel,
       user_received_account, status, create_time)
     values (?, 9001, 'P9001', '4200009001', ?, ?, ?, 'ORIGINAL', '招商银行信用卡0403', ?, ?)`,
  ).run(9101, 'FP9001', '50300009101', 8400, 1, '2026-03-01 10:15:01');
  db.prepare(
    `insert into biz_refund (id, order_id, out_trade_no, transaction_id, out_refund_no, refund_id, amount, channel,
       user_received_account, status, create_time)
     values (?, 9001, 'P9001', '4200009001', ?, ?, ?, 'ORIGINAL', '招商银行信用卡0403', ?, ?)`,
  ).run(9102, 'R9001A', '50300009102', 1500, 1, '2026-03-03 08:00:00');
  // The device of P9001 is still in the equipment list; those of the other two are gone from it.
  db.prepare(
    `insert into biz_equ (id, key_pair, type_id, site_id, equ_state, create_time)
     values (9201, 'TC-9001', 1, 1, 1, '2026-03-01 08:00:00')`,
  ).run();
  db.close();
}

const row = (text: string) => page.locator('tr.ant-table-row', { hasText: text });
const drawer = () => page.locator('.ant-drawer').last();

beforeAll(async () => {
  opened = await openConsole({
    // The figures above the list are those of these three orders alone, not of the demo's history.
    env: { SEED_DEMO: 'false' },
    prepare: async (server) => {
      writeOrders(server.databaseFile);
    },
  });
  ({ page } = opened);
  await page.goto('/business/order');
  await row('P9001').waitFor();
});

afterAll(() => opened?.close());

describe('order screen', () => {
  it('shows the figures of the orders above the list, fees in yuan', async () => {
    const card = (title: string) => page.locator('.ant-statistic', { hasText: title });
    await expect.poll(() => card('订单总数').locator('.ant-statistic-content').innerText()).toBe('3');
    expect(await card('使用中').locator('.ant-statistic-content').innerText()).toBe('1');
    expect((await card('实收金额').locator('.ant-statistic-content').innerText()).replace(/\s/g, '')).toBe('¥1,234.56');
  });

  it('lists orders in yuan with their states, a running order charged 0.00', async () => {
    expect(await row('P9002').innerText()).toContain('1234.56');
    await expect.poll(() => row('P9002').innerText()).toContain('已完成');
    expect(await row('P9003').innerText()).toContain('使用中');
    expect(await row('P9001').innerText()).toContain('已退款');
  });

  it('views an order in a drawer of sections, with the refunds of its payment', async () => {
    await row('P9001')
      .getByRole('button', { name: /^查\s*看$/ })
      .click();
    await drawer().getByText('订单管理 - 查看').waitFor();
    for (const title of ['订单信息', '用户与设备', '费用', '退款记录'])
      await drawer().getByText(title).first().waitFor();
    await drawer().getByText('4200009001').waitFor();
    await drawer().getByText('1小时15分钟').waitFor();
    const refunds = drawer().locator('tr.ant-table-row');
    await expect.poll(() => refunds.count()).toBe(2);
    expect(await drawer().locator('tr.ant-table-row', { hasText: 'FP9001' }).innerText()).toContain('84.00');
    // The refund's state comes first: a failed one is the first thing seen.
    const refundTable = drawer().locator('.ant-table', { hasText: 'FP9001' });
    expect(await refundTable.locator('thead th').first().innerText()).toBe('退款状态');
    expect(await refundTable.locator('tr.ant-table-row', { hasText: 'FP9001' }).locator('td').first().innerText()).toBe(
      '已完成',
    );
    await screenshot(page, 'order-view');
    expect(await page.locator('.ant-modal').count()).toBe(0);
  });

  it("finds orders and devices from the header by what the customer says, the cards following the list's search", async () => {
    const card = (title: string) => page.locator('.ant-statistic', { hasText: title });
    await page.goto('/wel/index');
    const find = page.getByRole('searchbox', { name: '订单号 / 手机号 / 设备编号' });
    await find.fill('P9002');
    await find.press('Enter');
    await page.waitForURL(/outTradeNo=P9002/);
    await expect.poll(() => row('P9001').count()).toBe(0);
    await row('P9002').waitFor();
    await expect.poll(() => card('订单总数').locator('.ant-statistic-content').innerText()).toBe('1');
    await page.goto('/wel/index');
    await find.fill('13800138000');
    await find.press('Enter');
    await page.waitForURL(/phoneNumber=13800138000/);
    await row('P9001').waitFor();
    await expect.poll(() => card('订单总数').locator('.ant-statistic-content').innerText()).toBe('3');
    // A device's number opens the device, on the equipment screen searched for it.
    await page.goto('/wel/index');
    await find.fill('TC-9001');
    await find.press('Enter');
    await page.waitForURL(/\/business\/equ\?keyPair=TC-9001/);
    await page.locator('tr.ant-table-row', { hasText: 'TC-9001' }).waitFor();
    await expect.poll(() => page.locator('tr.ant-table-row').count()).toBe(1);
    // One no longer in the equipment list (its orders are kept), its orders.
    await page.goto('/wel/index');
    await find.fill('TC-9002');
    await find.press('Enter');
    await page.waitForURL(/keyPair=TC-9002/);
    await row('P9002').waitFor();
    await expect.poll(() => row('P9001').count()).toBe(0);
  });
});
