// An analyst's round on the order list in 页面工作室, in a real browser against the real server. Five edits — a
// searchable column, a hidden column, a figure card, a row action with a confirm, a view section — are seen in the
// preview, published, and reach the operator's open console with no rebuild. Then each mistake that once reached the
// operator silently is named under the editor as it is typed, with its place and the word meant, and a publish of them
// all is refused with nothing published. (A nested figure, today.revenu, is in studio-new-pages.test.ts.)
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerConfirm, buttonName, newPage, type OpenConsole, openConsole, signIn } from '../harness';
import { adminToken, get, post } from './api';
import { openInStudio, publish, replaceJson, shippedText, studioPreview } from './studio-steps';

let opened: OpenConsole;
let page: Page;
let operator: Page;

beforeAll(async () => {
  opened = await openConsole();
  page = opened.page;
  operator = (await newPage(opened.browser, opened.server)).page;
  await signIn(operator, { username: 'operator', password: 'operator' });
});

afterAll(() => opened?.close());

interface Block {
  cards?: Array<{ field: string }>;
  columns?: Array<Record<string, unknown>>;
  rowActions?: Array<{ id?: string }>;
  view?: { sections: Array<{ title: { zh: string; en: string }; fields?: string[] }> };
}
type OrderPage = { blocks: Block[] };

const shipped = shippedText('business/order');
const [stats, list] = (JSON.parse(shipped) as OrderPage).blocks;
const column = (block: Block, field: string) => block.columns?.find((each) => each.field === field) ?? {};

/** The order list as the round starts: no 异常订单 card and no 发起分账 action yet. */
function before(): OrderPage {
  const page = JSON.parse(shipped) as OrderPage;
  const [figures, orders] = page.blocks;
  figures.cards = figures.cards?.filter((card) => card.field !== 'abnormal');
  orders.rowActions = orders.rowActions?.filter((action) => action.id !== 'split');
  return page;
}

/** The five edits, as the analyst writes them into the page's JSON. */
function edited(): OrderPage {
  const page = before();
  const [figures, orders] = page.blocks;
  // 1. 桩号 becomes a search field.
  column(orders, 'batch').search = true;
  // 2. 使用时长 leaves the list.
  column(orders, 'description').hidden = true;
  // 3. A figure card: the abnormal orders.
  figures.cards = stats.cards;
  // 4. A row action asking first: 发起分账.
  orders.rowActions = list.rowActions;
  // 5. A view section of the price plan the order was charged by, with the columns that describe its fields.
  orders.columns?.push(
    { field: 'firstPrice', label: { zh: '首段价格', en: 'First period price' }, format: 'money', hidden: true },
    { field: 'unitPrice', label: { zh: '单位价格', en: 'Unit price' }, format: 'money', hidden: true },
    { field: 'dailyCap', label: { zh: '每日封顶', en: 'Daily cap' }, format: 'money', hidden: true },
  );
  orders.view?.sections.splice(3, 0, {
    title: { zh: '计费规则', en: 'Price plan' },
    fields: ['firstPrice', 'unitPrice', 'dailyCap'],
  });
  return page;
}

const text = (definition: unknown) => JSON.stringify(definition, null, 2);

/** The version the server serves the order list at. */
async function publishedVersion(token: string): Promise<number | undefined> {
  const detail = await get<{ published?: { version: number } | null }>(
    opened.server.url,
    token,
    '/api/blade-system/studio/page?pageId=business/order',
  );
  return detail.published?.version;
}

describe("the analyst's round on the order list", () => {
  it('sees five edits in the preview, publishes them, and the operator has them on the next visit', async () => {
    const token = await adminToken(opened.server.url);
    await post(opened.server.url, token, '/api/blade-system/studio/publish', {
      pageId: 'business/order',
      definition: before(),
      comment: '上一轮',
    });
    // The premise, on the operator's screen: none of the five yet.
    await operator.goto('/business/order');
    await operator.getByRole('columnheader', { name: '使用时长' }).waitFor();
    expect(await operator.getByText('异常订单').count()).toBe(0);
    expect(await operator.getByLabel('桩号', { exact: true }).count()).toBe(0);
    expect(await operator.getByRole('button', { name: buttonName('发起分账') }).count()).toBe(0);

    await openInStudio(page, 'business/order');
    await replaceJson(page, text(edited()));
    await page.getByTestId('studio-checks').getByText('检查未发现问题').waitFor();
    const preview = studioPreview(page);
    await preview.getByLabel('桩号', { exact: true }).waitFor();
    await preview.getByText('异常订单').waitFor();
    await expect.poll(() => preview.getByRole('columnheader', { name: '使用时长' }).count()).toBe(0);
    await publish(page, '桩号可搜索, 隐藏使用时长, 异常订单卡片, 发起分账, 计费规则');
    await page.getByText('已发布第 2 版').waitFor();

    await operator.goto('/wel/index');
    await operator.goto('/business/order');
    await operator.getByLabel('桩号', { exact: true }).waitFor();
    await operator.getByText('异常订单').waitFor();
    await expect.poll(() => operator.getByRole('columnheader', { name: '商户订单号' }).count()).toBe(1);
    expect(await operator.getByRole('columnheader', { name: '使用时长' }).count()).toBe(0);
    // 发起分账 shows on a completed order.
    await operator.goto('/business/order?state=3');
    const ended = operator.locator('tr.ant-table-row', { has: operator.getByRole('button', { name: '发起分账' }) });
    const orderNo = (await ended.first().locator('td').first().innerText()).trim();
    await ended.first().getByRole('button', { name: '发起分账' }).click();
    await operator.getByText(`确定按分账设置给订单 ${orderNo} 分账?`).waitFor();
    await answerConfirm(operator, /^取\s*消$/);
    await ended
      .first()
      .getByRole('button', { name: buttonName('查看') })
      .click();
    const view = operator.locator('.ant-drawer, .ant-modal').filter({ hasText: '计费规则' });
    await view.getByText('首段价格').waitFor();
    await view.getByText('每日封顶').waitFor();
  });
});

/**
 * A mistake: what the analyst types instead of the right text, where it is named, and the word meant (or, where no
 * word is near, what the message says instead).
 */
interface Mistake {
  what: string;
  right: string;
  wrong: string;
  path: string;
  meant?: string;
  said?: string;
}

const mistakes: Mistake[] = [
  {
    what: 'a search on a figure the list works out per row, which it cannot filter on',
    right: '"field": "keptAmount",',
    wrong: '"field": "keptAmount", "search": true,',
    path: '/blocks/1/columns/5/search',
    said: '/api/blade-system/order/list 不支持按 "keptAmount_ge" 筛选: 搜索条件会被忽略, 仍显示全部数据',
  },
  {
    what: 'a column the answer does not have',
    right: '"field": "batch"',
    wrong: '"field": "bacth"',
    path: '/blocks/1/columns/14/field',
    meant: 'batch',
  },
  {
    what: 'a view field no column describes',
    right: '"nickname", "phoneNumber", "keyPair"',
    wrong: '"nickname", "phoneNumbr", "keyPair"',
    path: '/blocks/1/view/sections/1/fields/1',
    meant: 'phoneNumber',
  },
  {
    what: 'a figure the stats call does not answer',
    right: '"field": "refunded", "label"',
    wrong: '"field": "refunde", "label"',
    path: '/blocks/0/cards/4/field',
    meant: 'refunded',
  },
  {
    what: 'a permission nobody holds, which would hide the button from everyone',
    right: '"permission": "order_finish"',
    wrong: '"permission": "order_finsh"',
    path: '/blocks/1/rowActions/0/permission',
    meant: 'order_finish',
  },
  {
    what: 'a dictionary not seeded',
    right: '"dict": "pay_mode"',
    wrong: '"dict": "pay_mod"',
    path: '/blocks/1/columns/2/dict',
    meant: 'pay_mode',
  },
  {
    what: 'a placeholder in a confirm naming no field of the row',
    right: '确定结束订单 {{outTradeNo}}?',
    wrong: '确定结束订单 {{outTradNo}}?',
    path: '/blocks/1/rowActions/0/confirm/zh',
    meant: 'outTradeNo',
  },
  {
    what: 'an unknown formatter',
    right: '"format": "datetime", "width": 170',
    wrong: '"format": "datetme", "width": 170',
    path: '/blocks/1/columns/9/format',
    meant: 'datetime',
  },
  {
    what: 'an unknown widget',
    right: '"widget": "textarea"',
    wrong: '"widget": "textarae"',
    path: '/blocks/1/rowActions/1/form/fields/reason/widget',
    meant: 'textarea',
  },
  {
    what: "a formatter's option misspelt",
    right: '{ "name": "percent", "per": 10000 }',
    wrong: '{ "name": "percent", "pre": 10000 }',
    path: '/blocks/1/view/sections/4/list/columns/3/format',
    meant: 'per',
  },
  {
    what: 'an action calling what the server does not have',
    right: '/api/blade-system/order/finish"',
    wrong: '/api/blade-system/order/finsh"',
    path: '/blocks/1/rowActions/0/request/url',
    meant: '/api/blade-system/order/finish',
  },
  {
    what: 'a toolbar button that does not exist',
    right: '"export"]',
    wrong: '"exprot"]',
    path: '/blocks/1/toolbar/3',
    meant: 'export',
  },
];

describe('mistakes that once reached the operator silently', () => {
  it('are each named under the editor as they are typed, with the word meant', async () => {
    await openInStudio(page, 'business/order');
    const checks = page.getByTestId('studio-checks');
    for (const mistake of mistakes) {
      // The premise: the right text is in the shipped page exactly once, so the mistake is the only change.
      expect(shipped.split(mistake.right), mistake.what).toHaveLength(2);
      await replaceJson(page, shipped.replace(mistake.right, mistake.wrong));
      await checks.getByText(mistake.path, { exact: true }).first().waitFor();
      await checks
        .getByText(mistake.said ?? `是否想写 "${mistake.meant}"？`, { exact: false })
        .first()
        .waitFor();
    }
  });

  it('are refused together at publish, and the operator keeps the published screen', async () => {
    const token = await adminToken(opened.server.url);
    const version = await publishedVersion(token);
    // A page out of the schema's shape (the toolbar's "exprot") is named for that alone: the rest is checked once
    // it is in shape, so the eleven others are published together.
    const inShape = mistakes.filter((mistake) => mistake.meant !== 'export');
    const all = inShape.reduce((text, mistake) => text.replace(mistake.right, mistake.wrong), shipped);
    await replaceJson(page, all);
    await publish(page, '十一处错误');
    const problems = page.getByTestId('studio-problems');
    for (const mistake of inShape) await problems.getByText(mistake.path, { exact: true }).first().waitFor();
    expect(await publishedVersion(token)).toBe(version);
    await operator.goto('/wel/index');
    await operator.goto('/business/order');
    await operator.getByLabel('桩号', { exact: true }).waitFor();
  });
});
