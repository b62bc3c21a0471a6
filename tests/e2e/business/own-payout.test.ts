// The two-person rule as the screens offer it: on 付款审批 the approve button is offered to a second person only,
// never to the one who asked (the server refuses it as well), and 待签事务 names a payout approval's step and its
// process type.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextId } from '../../../server/platform/db/ids';
import { openDatabase } from '../../../server/platform/db/index';
import { now } from '../../../server/platform/db/time';
import { type ConsoleServer, newPage, type OpenConsole, openConsole, signIn } from '../harness';
import { adminToken } from '../pages/api';
import { addWalletCustomer } from './wallet-customer';

let opened: OpenConsole;
let server: ConsoleServer;
let page: Page;

const customerId = nextId();
const walletId = nextId();
/** Passed by the operator: a second person's request to the administrator. */
const theirs = nextId();
/** Passed by the administrator: their own request. */
const mine = nextId();

beforeAll(async () => {
  opened = await openConsole({
    prepare: async (server) => {
      // A customer who asked to withdraw ¥600 twice, both above the ¥500 that needs a second person.
      const { db, close } = openDatabase(server.databaseFile);
      await addWalletCustomer(
        db,
        { customerId, walletId, nickName: '周女士', phoneNumber: '13900139002', openId: 'o-e2e-own', balance: 0 },
        [
          { kind: 'recharge', bizNo: 'C-E2E-OWN', personDelta: 120000 },
          { kind: 'withdraw_freeze', bizNo: `W${theirs}`, personDelta: -60000 },
          { kind: 'withdraw_freeze', bizNo: `W${mine}`, personDelta: -60000 },
        ],
      );
      for (const id of [theirs, mine])
        await db
          .insertInto('biz_withdrawal')
          .values({ id, customerId, walletId, amount: 60000, outBatchNo: `W${id}`, createTime: now() })
          .execute();
      await close();
    },
  });
  ({ server, page } = opened);
});

afterAll(() => opened?.close());

const row = (on: Page, text: string) => on.locator('tr.ant-table-row', { hasText: text }).first();
const passWithdrawal = async (on: Page, id: number) => {
  await on.goto('/business/withdrawal');
  await row(on, `W${id}`)
    .getByRole('button', { name: /^审核通过$/ })
    .click();
  await on
    .locator('.ant-modal-confirm')
    .getByRole('button', { name: /^确\s*定$/ })
    .click();
  await on.getByText('已提交审批').first().waitFor();
};

describe('a payout waiting for a second person', () => {
  it("offers the approval to a second person only, and the server refuses the requester's own", async () => {
    const operator = await newPage(opened.browser, server);
    await signIn(operator.page, { username: 'operator', password: 'operator' });
    await passWithdrawal(operator.page, theirs);
    await operator.context.close();
    await passWithdrawal(page, mine);

    await page.goto('/business/approval');
    for (const id of [theirs, mine]) await expect.poll(() => row(page, `W${id}`).innerText()).toContain('待审批');
    // The operator's request: the administrator may approve or reject it.
    await row(page, `W${theirs}`)
      .getByRole('button', { name: /^审批通过$/ })
      .waitFor();
    // Their own: only withdrawing it (a rejection) is offered.
    await row(page, `W${mine}`)
      .getByRole('button', { name: /^审批驳回$/ })
      .waitFor();
    expect(
      await row(page, `W${mine}`)
        .getByRole('button', { name: /^审批通过$/ })
        .count(),
    ).toBe(0);

    // The server's rule stands for a caller that asks anyway.
    const token = await adminToken(server.url);
    const approvals = await fetch(`${server.url}/api/blade-system/approval/list?bizNo=W${mine}`, {
      headers: {
        Authorization: `Basic ${Buffer.from('saber:saber_secret').toString('base64')}`,
        'Blade-Auth': `bearer ${token}`,
      },
    }).then((response) => response.json() as Promise<{ data: { records: { id: string }[] } }>);
    const id = approvals.data.records[0].id;
    const refused = await fetch(`${server.url}/api/blade-system/approval/approve?id=${id}`, {
      method: 'POST',
      headers: {
        Authorization: `Basic ${Buffer.from('saber:saber_secret').toString('base64')}`,
        'Blade-Auth': `bearer ${token}`,
      },
    }).then((response) => response.json() as Promise<{ msg: string }>);
    expect(refused.msg).toBe('不能审批自己发起的付款, 请由另一人审批');
    await page.reload();
    await expect.poll(() => row(page, `W${mine}`).innerText()).toContain('待审批');
  });

  it('names the step and the process type of a payout approval in 待签事务, in Chinese and in English', async () => {
    await page.evaluate(() =>
      localStorage.setItem('ride-language', JSON.stringify({ content: 'zh', dataType: 'string', datetime: 0 })),
    );
    await page.goto('/work/claim');
    const task = page.locator('tr.ant-table-row', { hasText: '余额提现' }).first();
    await task.waitFor();
    const headers = await page.locator('.console-content thead th').allInnerTexts();
    const cells = await task.locator('td').allInnerTexts();
    const cell = (name: string) => cells[headers.findIndex((header) => header.trim() === name)]?.trim();
    expect({ type: cell('流程类型'), step: cell('当前步骤') }).toEqual({ type: '付款审批', step: '付款审批' });
    await page.getByRole('button', { name: '语言' }).click();
    await page.getByRole('menuitem', { name: 'English' }).click();
    // The server names the step in the language of the call: the list asked again in English.
    await page.reload();
    await page.locator('.console-content th', { hasText: 'Process type' }).waitFor();
    const englishHeaders = await page.locator('.console-content thead th').allInnerTexts();
    const at = async (name: string) =>
      (await task.locator('td').allInnerTexts())[englishHeaders.findIndex((header) => header.trim() === name)]?.trim();
    await expect.poll(() => at('Step'), { timeout: 15000 }).toBe('Payout approval');
    expect(await at('Process type')).toBe('Payout approval');
  });
});
