// A wallet's statement names what happened to the money: a withdrawal that was paid reads 提现, not a freeze, and one
// refused reads 提现 then 提现退回; the balances still add up to the wallet's.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextId } from '../../../server/platform/db/ids';
import { openDatabase } from '../../../server/platform/db/index';
import { type OpenConsole, openConsole } from '../harness';
import { addWalletCustomer } from './wallet-customer';

let opened: OpenConsole;
let page: Page;

const customerId = nextId();
const walletId = nextId();
const paid = nextId();
const refused = nextId();

beforeAll(async () => {
  opened = await openConsole({
    prepare: async (server) => {
      // ¥100 recharged, ¥30 withdrawn and paid, ¥25 asked for and refused: ¥70 left.
      const { db, close } = openDatabase(server.databaseFile);
      const at = (minutes: number) => `2026-03-01 10:${String(minutes).padStart(2, '0')}:00`;
      await addWalletCustomer(
        db,
        {
          customerId,
          walletId,
          nickName: '吴先生',
          phoneNumber: '13900139003',
          openId: 'o-e2e-statement',
          balance: 7000,
        },
        [
          { kind: 'recharge', bizNo: 'C-E2E-STATEMENT', personDelta: 10000, createTime: at(1) },
          { kind: 'withdraw_freeze', bizNo: `W${paid}`, personDelta: -3000, createTime: at(2) },
          { kind: 'withdraw_freeze', bizNo: `W${refused}`, personDelta: -2500, createTime: at(3) },
          { kind: 'withdraw_release', bizNo: `W${refused}`, personDelta: 2500, createTime: at(4) },
        ],
      );
      for (const [id, amount, state] of [
        [paid, 3000, 1],
        [refused, 2500, 2],
      ])
        await db
          .insertInto('biz_withdrawal')
          .values({ id, customerId, walletId, amount, state, outBatchNo: `W${id}`, createTime: at(2) })
          .execute();
      await close();
    },
  });
  ({ page } = opened);
});

afterAll(() => opened?.close());

describe('the wallet statement', () => {
  it('calls a withdrawal 提现, and a refused one is followed by 提现退回', async () => {
    await page.goto('/business/wallet');
    const wallet = page.locator('tr.ant-table-row', { hasText: '13900139003' });
    await expect.poll(() => wallet.innerText()).toContain('70.00');
    await wallet.getByRole('button', { name: /^查\s*看$/ }).click();
    const statement = page
      .locator('.ant-drawer')
      .last()
      .locator('.ant-table')
      .filter({ has: page.locator('th', { hasText: '变动后余额' }) });
    await expect.poll(() => statement.locator('tr.ant-table-row').count()).toBe(4);
    const headers = await statement.locator('thead th').allInnerTexts();
    const kind = headers.findIndex((header) => header.trim() === '类别');
    const lines = await Promise.all(
      (await statement.locator('tr.ant-table-row').all()).map(async (line) =>
        (await line.locator('td').allInnerTexts())[kind].trim(),
      ),
    );
    expect(lines).toEqual(['提现退回', '提现', '提现', '充值']);
  });
});
