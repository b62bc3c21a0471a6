// The phone call "my deposit was not returned": staff find the order by the caller's phone and see its refund
// 退款异常 (a frozen card) counted nowhere as refunded; having handled it on the merchant platform, they record it on
// 退款记录 as paid outside; the second administrator approves it on 付款审批; the order is then settled, refunded.
import Database from 'better-sqlite3';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type ConsoleServer, newPage, type OpenConsole, openConsole, screenshot, signIn } from '../harness';

let opened: OpenConsole;
let server: ConsoleServer;
let page: Page;

const PHONE = '13700007900';
const ORDER = 'P-E2E-FROZEN';
const REFUND = `F${ORDER}`;

/**
 * An order finished with a fee of ¥20.00 whose ¥79.00 rest met a frozen card, as the server leaves it: abnormal, the
 * refund 退款异常 to resolve, nothing refunded, the merchant's ledger holding the whole ¥99.00 again.
 */
function writeFrozenRefund(file: string) {
  const db = new Database(file);
  db.prepare(
    `insert into biz_order (id, out_trade_no, transaction_id, customer_id, nickname, phone_number, equ_id, key_pair,
       batch, site_id, site_name, dept_id, dept_name, type_id, pay_mode, first_minutes, unit_minutes, amount,
       total_amount, refunded_amount, refund_state, act_amount, start_time, end_time, description, state, create_time)
     values (9801, ?, '4200009801', 1, '王女士', ?, 1, 'TC-9801', 'A-01', 1, '徐家汇港汇广场', 1, '总部', 1, 1, 60, 30,
       9900, 9900, 0, 3, 2000, '2026-03-01 09:00:00', '2026-03-01 11:00:00', '2小时', 7, '2026-03-01 09:00:00')`,
  ).run(ORDER, PHONE);
  db.prepare(
    `insert into biz_refund (id, order_id, out_trade_no, transaction_id, out_refund_no, refund_id, amount, reason,
       channel, user_received_account, status, source, resolution, phone_number, create_time)
     values (9811, 9801, ?, '4200009801', ?, '50300009811', 7900, '订单结束, 退还剩余押金', 'ORIGINAL',
       '招商银行信用卡0403', 3, 2, 0, ?, '2026-03-01 11:00:00')`,
  ).run(ORDER, REFUND, PHONE);
  const ledger = db.prepare(
    `insert into biz_ledger (id, account, kind, biz_no, person_delta, plat_delta, order_id, create_time)
     values (?, 0, ?, ?, ?, 0, 9801, '2026-03-01 11:00:00')`,
  );
  ledger.run(9821, 'order_fee', ORDER, 2000);
  ledger.run(9822, 'refund_back', REFUND, 7900);
  db.close();
}

beforeAll(async () => {
  opened = await openConsole({ prepare: async (started) => writeFrozenRefund(started.databaseFile) });
  ({ server, page } = opened);
});

afterAll(() => opened?.close());

const row = (on: Page | Locator, text: string) => on.locator('tr.ant-table-row', { hasText: text }).first();
const button = (scope: Page | Locator, name: RegExp) => scope.getByRole('button', { name });
const confirm = async (on: Page) => button(on.locator('.ant-modal-confirm'), /^确\s*定$/).click();

it('finds the order by phone, records the refund as paid outside, and settles it once another person approves', async () => {
  await page.goto(`/business/order?phoneNumber=${PHONE}`);
  const order = row(page, ORDER);
  await expect.poll(() => order.innerText()).toContain('退款异常');
  // Nothing reached the customer, so nothing shows as refunded.
  expect(await order.innerText()).toMatch(/异常[\s\S]*99\.00[\s\S]*0\.00/);

  await button(order, /^查\s*看$/).click();
  const drawer = page.locator('.ant-drawer').last();
  const refund = row(drawer, REFUND);
  await expect.poll(() => refund.innerText()).toContain('退款异常');
  expect(await refund.innerText()).toContain('待处理');
  await screenshot(page, 'failed-refund-order');

  await page.goto(`/business/refund?phoneNumber=${PHONE}`);
  await button(row(page, REFUND), /^登记线下已退$/).click();
  const dialog = page.locator('.ant-modal', { hasText: '登记线下已退款' });
  await dialog.getByLabel('参考号').fill('503000098110001');
  await button(dialog, /保\s*存$/).click();
  await confirm(page);
  await page.getByText('已登记线下退款, 需另一人审批后计为已退款').waitFor();
  await expect.poll(() => row(page, REFUND).innerText()).toContain('线下退款待审批');

  // The second administrator approves it on 付款审批.
  const finance = await newPage(opened.browser, server);
  await signIn(finance.page, { username: 'finance', password: 'finance' });
  await finance.page.goto('/business/approval');
  await button(row(finance.page, REFUND), /^审批通过$/).click();
  await confirm(finance.page);
  await finance.page.getByText('已审批, 退款已登记为线下已退').waitFor();
  await finance.context.close();

  await page.goto(`/business/order?phoneNumber=${PHONE}`);
  await expect.poll(() => row(page, ORDER).innerText()).toContain('已退款');
  const settled = await row(page, ORDER).innerText();
  expect(settled).toContain('已完成');
  expect(settled).toContain('79.00');
  await page.goto(`/business/refund?phoneNumber=${PHONE}`);
  await expect.poll(() => row(page, REFUND).innerText()).toContain('线下已退款');
  expect(await button(row(page, REFUND), /^登记线下已退$/).count()).toBe(0);
});
