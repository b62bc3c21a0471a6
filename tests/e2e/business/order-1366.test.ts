// The order list on a 1366×768 screen with the demo's orders, in Chinese and in English: what a cashier reads — the
// pay mode, the money paid, refunded and kept, the refund's state, the phone — is in view beside the order number
// without a sideways scroll, left of the operations column; the site and times follow, the nickname and the company
// are in the order's drawer (or ticked back in the column settings).
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type OpenConsole, openConsole, screenshot } from '../harness';

let opened: OpenConsole;
let page: Page;

beforeAll(async () => {
  opened = await openConsole();
  ({ page } = opened);
  await page.setViewportSize({ width: 1366, height: 768 });
});
afterAll(() => opened?.close());

const table = () => page.locator('main .console-crud-table').first();

/** Each header's right edge, and where the sticky operations column begins. */
async function headerEdges(titles: string[]) {
  await table().locator('tr.ant-table-row').first().waitFor();
  return table().evaluate((area, wanted) => {
    const cells = [...area.querySelectorAll('thead th')] as HTMLElement[];
    const content = area.querySelector('.ant-table-content') as HTMLElement;
    const operations = cells.find((cell) => cell.classList.contains('console-fix-end'));
    const edges = Object.fromEntries(
      wanted.map((title) => {
        const cell = cells.find((th) => th.textContent?.trim() === title);
        const box = cell?.getBoundingClientRect();
        return [title, box ? { left: box.left, right: box.right } : null];
      }),
    );
    return {
      edges,
      operationsLeft: operations?.getBoundingClientRect().left ?? window.innerWidth,
      scrolled: content.scrollLeft,
      windowWidth: window.innerWidth,
    };
  }, titles);
}

async function expectInView(titles: string[]) {
  const { edges, operationsLeft, scrolled, windowWidth } = await headerEdges(titles);
  expect(windowWidth).toBe(1366);
  expect(scrolled).toBe(0);
  for (const title of titles) {
    const edge = edges[title];
    expect(edge, title).not.toBeNull();
    expect(edge?.left, title).toBeGreaterThanOrEqual(0);
    // Wholly left of the operations column, which rows pass under.
    expect(edge?.right, `${title} in ${JSON.stringify(edges)}`).toBeLessThanOrEqual(
      Math.min(operationsLeft, windowWidth) + 0.5,
    );
  }
}

describe('order list at 1366×768', () => {
  it('shows the pay mode and the money columns without scrolling sideways', async () => {
    await page.goto('/business/order');
    await expectInView([
      '商户订单号',
      '订单状态',
      '手机号',
      '站点',
      '支付方式',
      '支付金额',
      '已退金额',
      '实收金额',
      '退款状态',
    ]);
    await screenshot(page, 'order-list-1366');
  });

  it('does so in English too', async () => {
    // A retry finds the console in English already.
    const chinese = page.getByRole('button', { name: '语言' });
    if (await chinese.count()) {
      await chinese.click();
      await page.getByRole('menuitem', { name: 'English' }).click();
    }
    await page.goto('/business/order');
    await expectInView([
      'Merchant order no.',
      'Order state',
      'Phone number',
      'Site',
      'Pay mode',
      'Paid',
      'Refunded',
      'Kept',
      'Refund state',
    ]);
    await screenshot(page, 'order-list-1366-en');
  });
});
