// The payout approval chain is a model: the administrator uploads a new version of 付款审批 on 部署管理 with a finance
// step above ¥5,000; the operator then passes two withdrawals held for approval, and on 付款审批 the one below ¥5,000
// is paid on the first approval while the one above waits for the finance step, which the first approver may not take.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { nextId } from '../../../server/platform/db/ids';
import { openDatabase } from '../../../server/platform/db/index';
import { now } from '../../../server/platform/db/time';
import { FINANCE_STEP_CHAIN } from '../../server/money/finance-step';
import { type ConsoleServer, newPage, type OpenConsole, openConsole, signIn } from '../harness';
import { addWalletCustomer } from './wallet-customer';

let opened: OpenConsole;
let server: ConsoleServer;
let page: Page;

const customerId = nextId();
const walletId = nextId();
const big = nextId();
const small = nextId();

beforeAll(async () => {
  opened = await openConsole({
    prepare: async (server) => {
      // A customer who asked to withdraw ¥6,000 and ¥1,000, both frozen out of their own money.
      const { db, close } = openDatabase(server.databaseFile);
      await addWalletCustomer(
        db,
        {
          customerId,
          walletId,
          nickName: '陈先生',
          phoneNumber: '13900139001',
          openId: 'o-e2e-chain',
          balance: 100000,
        },
        [
          { kind: 'recharge', bizNo: 'C-E2E-CHAIN', personDelta: 800000 },
          { kind: 'withdraw_freeze', bizNo: `W${big}`, personDelta: -600000 },
          { kind: 'withdraw_freeze', bizNo: `W${small}`, personDelta: -100000 },
        ],
      );
      for (const [id, amount] of [
        [big, 600000],
        [small, 100000],
      ])
        await db
          .insertInto('biz_withdrawal')
          .values({ id, customerId, walletId, amount, outBatchNo: `W${id}`, createTime: now() })
          .execute();
      await close();
    },
  });
  ({ server, page } = opened);
});

afterAll(() => opened?.close());

const row = (on: Page, text: string) => on.locator('tr.ant-table-row', { hasText: text }).first();
const button = (scope: ReturnType<Page['locator']>, name: RegExp) => scope.getByRole('button', { name });
const confirm = async (on: Page) => button(on.locator('.ant-modal-confirm'), /^确\s*定$/).click();

it('takes the finance step above ¥5,000 once a new version of 付款审批 is uploaded on 部署管理', async () => {
  await page.goto('/flow/deploy');
  await row(page, '付款审批').waitFor();
  await button(page.locator('.console-content'), /^上传部署$/).click();
  const upload = page.locator('.ant-modal', { hasText: '上传' });
  await upload.locator('input[type=file]').setInputFiles({
    name: 'payout_approval.bpmn',
    mimeType: 'application/xml',
    buffer: Buffer.from(FINANCE_STEP_CHAIN),
  });
  await page.getByText('上传成功').first().waitFor();
  await button(upload.locator('.ant-modal-footer'), /^关\s*闭$/).click();
  await expect.poll(() => page.locator('tr.ant-table-row', { hasText: '付款审批' }).count()).toBe(2);

  // The operator passes both withdrawals: each is above ¥500, so each waits for a second person.
  const operator = await newPage(opened.browser, server);
  await signIn(operator.page, { username: 'operator', password: 'operator' });
  await operator.page.goto('/business/withdrawal');
  for (const id of [big, small]) {
    await button(row(operator.page, `W${id}`), /^审核通过$/).click();
    await confirm(operator.page);
    await operator.page.getByText('已提交审批').first().waitFor();
  }
  await operator.context.close();

  await page.goto('/business/approval');
  await button(row(page, `W${small}`), /^审批通过$/).click();
  await confirm(page);
  await page.getByText('已审批, 已付款').waitFor();
  await button(row(page, `W${big}`), /^审批通过$/).click();
  await confirm(page);
  await page.getByText('已审批, 待下一步审批后付款').waitFor();
  // The finance step is another person's: the first approver is told so, and nothing is paid.
  await button(row(page, `W${big}`), /^审批通过$/).click();
  await confirm(page);
  await page.getByText('同一笔付款的两步审批须由两个不同的人办理').waitFor();
  expect(await row(page, `W${big}`).innerText()).toContain('待审批');
});
