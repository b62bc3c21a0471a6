// The money screens in a real browser against the real server and its payment sandbox: a rental finished from the order
// screen with its deposit settled, a partial refund, a refund to a frozen card showing the manual-handling message, a
// customer's own refund from the app shown as the customer's with its reason, a refund's 实收 alike on the list, the
// detail, the header card and the dashboard, an order found by its site, and withdrawals listed by state with their
// customers, approved and rejected, with the wallet's statement explaining its balance; a transfer's customer found by
// part of the phone among two of the same name, the confirm naming the person and the amount.
import ExcelJS from 'exceljs';
import type { Kysely } from 'kysely';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { durationText } from '../../../server/money/orders/fee';
import type { AppContext } from '../../../server/platform/context';
import { nextId } from '../../../server/platform/db/ids';
import { openDatabase } from '../../../server/platform/db/index';
import type { Database } from '../../../server/platform/db/schema';
import { formatDateTime, now } from '../../../server/platform/db/time';
import { issueSandboxLoginCode } from '../../../server/system/auth/app-login';
import { type ConsoleServer, type OpenConsole, openConsole, screenshot } from '../harness';

let opened: OpenConsole;
let server: ConsoleServer;
let page: Page;

const customerId = nextId();
const walletId = nextId();
const approved = nextId();
const rejected = nextId();

interface Site {
  id: number;
  siteName: string;
}

/** A paid rental as the customer app leaves it: the deposit paid through the sandbox, the order in `state`. */
async function rental(
  db: Kysely<Database>,
  outTradeNo: string,
  state: number,
  minutes: number,
  site: Site = { id: 0, siteName: '徐家汇港汇广场' },
): Promise<string> {
  const transactionId = `42${outTradeNo.replace(/\D/g, '')}`;
  const start = formatDateTime(new Date(Date.now() - minutes * 60_000));
  await db
    .insertInto('biz_pay_sim')
    .values({
      id: nextId(),
      kind: 'pay',
      outNo: outTradeNo,
      outTradeNo,
      providerNo: transactionId,
      amount: 9900,
      state: 'SUCCESS',
      outcome: 'SUCCESS',
      dueTime: start,
      notified: 1,
      createTime: start,
    })
    .execute();
  const ended = state === 1 ? {} : { endTime: now(), description: durationText(minutes), actAmount: 9900 };
  const id = nextId();
  // A rental kept past its deposit's worth: the merchant kept all of it at finish.
  if (state !== 1)
    await db
      .insertInto('biz_ledger')
      .values({
        id: nextId(),
        account: 0,
        kind: 'order_fee',
        bizNo: outTradeNo,
        personDelta: 9900,
        platDelta: 0,
        orderId: id,
        createTime: now(),
      })
      .execute();
  await db
    .insertInto('biz_order')
    .values({
      id,
      outTradeNo,
      transactionId,
      customerId,
      nickname: '小明妈妈',
      phoneNumber: '13800138000',
      equId: 0,
      keyPair: `TC-${outTradeNo}`,
      batch: 'A-03',
      siteId: site.id,
      siteName: site.siteName,
      deptId: 1,
      deptName: '总部',
      typeId: 0,
      payMode: 1,
      freeMinutes: 5,
      firstMinutes: 60,
      firstPrice: 1000,
      unitMinutes: 30,
      unitPrice: 500,
      dailyCap: 5000,
      amount: 9900,
      totalAmount: 9900,
      state,
      startTime: start,
      successTime: start,
      createTime: start,
      ...ended,
    })
    .execute();
  return String(id);
}

/**
 * A customer who recharged ¥200, asked to withdraw ¥30 and ¥25 (both frozen out of their own money), then rode
 * P7705 on the wallet, its ¥99 deposit kept whole at finish: ¥46 left.
 */
async function wallet(db: Kysely<Database>) {
  await db
    .insertInto('biz_customer')
    .values({ id: customerId, nickName: '小明妈妈', phoneNumber: '13800138000', openId: 'o-e2e-mum' })
    .execute();
  await db
    .insertInto('biz_wallet')
    .values({ id: walletId, customerId, amount: 4600, personAmount: 4600, platAmount: 0, createTime: now() })
    .execute();
  const entry = (kind: string, bizNo: string, personDelta: number, orderId: string | null = null) => ({
    id: nextId(),
    account: walletId,
    kind,
    bizNo,
    personDelta,
    platDelta: 0,
    orderId: orderId === null ? null : Number(orderId),
    createTime: now(),
  });
  await db
    .insertInto('biz_ledger')
    .values([
      entry('recharge', 'C-E2E', 20000),
      entry('withdraw_freeze', `W${approved}`, -3000),
      entry('withdraw_freeze', `W${rejected}`, -2500),
      entry('rent_pay', 'P7705', -9900, await rental(db, 'P7705', 3, 2880)),
    ])
    .execute();
  for (const [id, amount] of [
    [approved, 3000],
    [rejected, 2500],
  ])
    await db
      .insertInto('biz_withdrawal')
      .values({ id, customerId, walletId, amount, outBatchNo: `W${id}`, createTime: now() })
      .execute();
}

const row = (text: string) => page.locator('tr.ant-table-row', { hasText: text }).first();
const drawer = () => page.locator('.ant-drawer').last();
const button = (name: RegExp, scope = page.locator('body')) => scope.getByRole('button', { name });
const confirmDialog = () => page.locator('.ant-modal-confirm');
/** An amount as the screens write it (`¥1,234.50`, `-30.00`), in cents. */
const cents = (text: string) => Math.round(Number(text.replace(/[^\d.-]/g, '')) * 100);
/** A header card's figure (the order list's, the dashboard's), in cents, once it has loaded. */
async function card(title: string): Promise<number> {
  const value = page
    .locator('.console-content .ant-statistic', { hasText: title })
    .first()
    .locator('.ant-statistic-content');
  await value.waitFor();
  return cents(await value.innerText());
}
/** A field of the open record view, as shown beside its label. */
const viewed = (label: string) =>
  drawer()
    .locator('.ant-descriptions-item-label', { hasText: new RegExp(`^${label}$`) })
    .locator('xpath=following-sibling::*[1]');

/** Reads a row again and again (the sandbox's results arrive as notifications) until it holds the text. */
async function untilRowShows(text: string, expected: string) {
  await expect
    .poll(
      async () => {
        await button(/^刷新$/)
          .first()
          .click();
        await page.waitForLoadState('networkidle');
        return row(text).innerText();
      },
      { timeout: 20000, interval: 500 },
    )
    .toContain(expected);
}

async function refund(outTradeNo: string, yuan: string) {
  await button(/^退\s*款$/, row(outTradeNo)).click();
  const dialog = page.locator('.ant-modal', { hasText: '订单退款' });
  // The dialog shows what may still be refunded above the amount asked.
  await dialog.getByText('可退金额').waitFor();
  await dialog.getByRole('spinbutton').last().fill(yuan);
  await button(/^保\s*存$/, dialog).click();
  const cents = Math.round(Number(yuan) * 100);
  await confirmDialog()
    .getByText(`确定给 小明妈妈 退款 ¥${(cents / 100).toFixed(2)}(订单 ${outTradeNo})?`)
    .waitFor();
  await button(/^确\s*定$/, confirmDialog()).click();
  await page.getByText('退款已提交,等待支付平台处理').waitFor();
}

/** The customer's token, as the app gets it: a wx.login code exchanged on the app's own client. */
async function customerToken(code: string): Promise<string> {
  const response = await fetch(`${server.url}/api/blade-auth/oauth/token?grant_type=wechat_app&code=${code}`, {
    method: 'POST',
    headers: { authorization: `Basic ${Buffer.from('rider:rider_secret').toString('base64')}` },
  });
  return ((await response.json()) as { access_token: string }).access_token;
}

let quickRide = '';
let loginCode = '';
let busySite: Site;

beforeAll(async () => {
  opened = await openConsole({
    env: { PAY_SANDBOX_DELAY_MS: '200' },
    prepare: async (server) => {
      const { db, close } = openDatabase(server.databaseFile);
      await wallet(db);
      await rental(db, 'P7701', 1, 125);
      await rental(db, 'P7702', 3, 2880);
      await rental(db, 'P7703', 3, 2880);
      // A ride of three minutes: the lock did not open, and the customer may refund it in the app.
      quickRide = await rental(db, 'P7704', 3, 3);
      // A ride just taken at one of the demo's sites, the newest of its orders.
      busySite = await db.selectFrom('biz_site').select(['id', 'siteName']).executeTakeFirstOrThrow();
      await rental(db, 'P7706', 3, 0, busySite);
      loginCode = await issueSandboxLoginCode({ db } as AppContext, 'o-e2e-mum');
      // Two customers of the same name, told apart by phone.
      await db
        .insertInto('biz_customer')
        .values([
          { id: nextId(), nickName: '杨爸爸', phoneNumber: '13912345678', openId: 'o-e2e-yang-1', createTime: now() },
          { id: nextId(), nickName: '杨爸爸', phoneNumber: '18698765432', openId: 'o-e2e-yang-2', createTime: now() },
        ])
        .execute();
      await close();
    },
  });
  ({ server, page } = opened);
});

afterAll(() => opened?.close());

describe('orders and refunds', () => {
  it("finishes a rental from the order screen: the fee kept, the rest of the deposit back, shown in the order's view", async () => {
    // Among the demo's months of orders, the operator finds the rental by its number.
    await page.goto('/business/order?outTradeNo=P7701');
    await button(/^结束订单$/, row('P7701')).click();
    await confirmDialog().getByText('确定结束订单 P7701?').waitFor();
    await button(/^确\s*定$/, confirmDialog()).click();
    await page.getByText('订单已结束').waitFor();
    // ¥10 for the first hour, then three started half hours at ¥5: ¥25 kept, ¥74 of the ¥99 deposit back.
    await untilRowShows('P7701', '已完成');
    expect(await row('P7701').innerText()).toContain('25.00');
    await button(/^查\s*看$/, row('P7701')).click();
    const refunds = drawer().locator('tr.ant-table-row', { hasText: 'FP7701' });
    await refunds.waitFor();
    expect(await refunds.innerText()).toContain('74.00');
    expect(await refunds.innerText()).toContain('已完成');
    await drawer().getByText('2小时5分钟').waitFor();
  });

  it('refunds part of a settled order from its row, in yuan: 实收 alike on the row, detail, card, export and dashboard', async () => {
    await page.goto('/wel/index');
    const revenueBefore = await card('今日收入');
    await page.goto('/business/order?outTradeNo=P7702');
    await expect.poll(() => card('实收金额')).toBe(9900);
    await refund('P7702', '12.5');
    await untilRowShows('P7702', '已完成');
    // Paid 99.00, refunded 12.50: 86.50 kept, on the row, on the card of the list searched for it and in its detail.
    expect(await row('P7702').innerText()).toContain('86.50');
    await expect.poll(() => card('实收金额')).toBe(8650);
    await button(/^查\s*看$/, row('P7702')).click();
    await expect.poll(() => viewed('实收金额').innerText()).toContain('86.50');
    expect(await viewed('已退金额').innerText()).toContain('12.50');
    await button(/^关\s*闭$/, drawer().locator('.ant-drawer-footer')).click();
    // The export of the list searched, written by the server: the same kept amount as a number, the state in words.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.locator('.console-content').getByLabel('导出').click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^订单管理 ~\d{4}-\d{2}-\d{2}\.xlsx$/);
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile(await download.path());
    const sheet = book.worksheets[0];
    const headers = sheet.getRow(1).values as unknown[];
    const exported = sheet.getRow(2).values as unknown[];
    expect(exported[headers.indexOf('实收金额')]).toBe(86.5);
    expect(exported[headers.indexOf('订单状态')]).toBe('已完成');
    // The dashboard counts the money on the day it moved: today's revenue is 12.50 lower.
    await page.goto('/wel/index');
    expect(await card('今日收入')).toBe(revenueBefore - 1250);
    await page.goto('/business/refund');
    const launched = row('P7702');
    await launched.waitFor();
    expect(await launched.innerText()).toContain('12.50');
    await untilRowShows('P7702', '已完成');
    await button(/^查\s*看$/, launched).click();
    await drawer().getByText('退款信息').waitFor();
    await drawer().locator('tr.ant-table-row', { hasText: 'P7702' }).waitFor();
    await screenshot(page, 'refund-view');
  });

  it("shows a refund the frozen card stopped as 退款异常, the provider's manual handling in the column's definition", async () => {
    await page.goto('/business/order?outTradeNo=P7703');
    // The sandbox ends a refund of …13 cents as the bank's frozen card does: abnormal.
    await refund('P7703', '0.13');
    await untilRowShows('P7703', '异常');
    await page.goto('/business/refund');
    await untilRowShows('P7703', '退款异常');
    // The cell stays short; what to do is the 退款状态 column's definition, read by keyboard focus as by hover.
    await page.locator('.console-content').getByRole('button', { name: '退款状态的口径' }).first().focus();
    await expect.poll(() => page.getByRole('tooltip').textContent()).toContain('商户平台-交易中心手动退款');
    await screenshot(page, 'refund-list');
  });
});

describe('finding an order', () => {
  it("by its site, picked in the order list's search", async () => {
    await page.goto('/business/order');
    const search = page.locator('.console-content form').first();
    await search.getByLabel('站点', { exact: true }).click();
    await page.keyboard.type(busySite.siteName);
    await page
      .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: busySite.siteName })
      .first()
      .click();
    await button(/^搜\s*索$/, search).click();
    await row('P7706').waitFor();
    // Only that site's orders are listed, the newest first.
    const sites = await page.locator('tr.ant-table-row').allInnerTexts();
    expect(sites.length).toBeGreaterThan(0);
    for (const shown of sites) expect(shown).toContain(busySite.siteName);
    expect(sites[0]).toContain('P7706');
  });
});

describe("a customer's own refund", () => {
  it('is listed as the customer’s, with the reason they gave, in the refund list and the order view', async () => {
    const outRefundNo = `C${Date.now()}`;
    const asked = await fetch(`${server.url}/api/blade-system/pay/refund`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'blade-auth': `bearer ${await customerToken(loginCode)}` },
      body: JSON.stringify({ orderId: quickRide, amount: 500, outRefundNo, reason: '车锁打不开, 没有骑' }),
    });
    expect(await asked.json()).toMatchObject({ code: 200, data: { outRefundNo, amount: 500, status: 0 } });
    await page.goto('/business/refund');
    await untilRowShows(outRefundNo, '已完成');
    expect(await row(outRefundNo).innerText()).toContain('客户申请');
    await button(/^查\s*看$/, row(outRefundNo)).click();
    await drawer().getByText('车锁打不开, 没有骑').waitFor();

    await page.goto('/business/order?outTradeNo=P7704');
    await button(/^查\s*看$/, row('P7704')).click();
    const listed = drawer().locator('tr.ant-table-row', { hasText: outRefundNo });
    await listed.waitFor();
    for (const shown of ['客户申请', '车锁打不开, 没有骑', '5.00']) expect(await listed.innerText()).toContain(shown);
    await listed.scrollIntoViewIfNeeded();
    await screenshot(page, 'customer-refund');
  });
});

describe('transfers', () => {
  it('finds the customer by part of the phone on the server, and the confirm names the person and the amount', async () => {
    await page.goto('/business/transfers');
    await button(/^发起转账$/).click();
    const dialog = page.locator('.ant-modal', { hasText: '收款客户' });
    const picker = dialog.getByRole('combobox').first();
    await picker.click();
    // Both 杨爸爸 are offered, each with the phone that tells them apart.
    const option = (text: string) => page.locator('.ant-select-dropdown .ant-select-item-option', { hasText: text });
    await option('杨爸爸 13912345678').waitFor();
    await option('杨爸爸 18698765432').waitFor();
    const searched = page.waitForRequest(
      (request) => request.url().includes('customer/list?') && request.url().includes('keyword=9876'),
    );
    await picker.fill('9876');
    await searched;
    await expect
      .poll(() => page.locator('.ant-select-dropdown .ant-select-item-option').allInnerTexts())
      .toEqual(['杨爸爸 18698765432']);
    await option('杨爸爸 18698765432').click();
    await dialog.getByRole('spinbutton').fill('5.5');
    await dialog.getByPlaceholder('客户在微信零钱中看到的说明').fill('押金补偿');
    await button(/^保\s*存$/, dialog).click();
    await confirmDialog().getByText('确定从商户账户转账 ¥5.50 给 杨爸爸 18698765432? 转出后不能撤回').waitFor();
    await button(/^确\s*定$/, confirmDialog()).click();
    await page.getByText('转账已提交').waitFor();
    await expect.poll(() => row('押金补偿').innerText()).toContain('5.50');
    expect(await row('押金补偿').innerText()).toContain('杨爸爸');
  });
});

describe('withdrawals', () => {
  it('approves one, paying it out, and rejects another with a reason, its amount back in the wallet', async () => {
    // As the dashboard's 待审核提现 card opens it: pending ones only, each with its customer.
    await page.goto('/business/withdrawal?state=0');
    await row(`W${rejected}`).waitFor();
    for (const pending of [approved, rejected]) {
      const text = await row(`W${pending}`).innerText();
      for (const shown of ['待审核', '小明妈妈', '13800138000']) expect(text).toContain(shown);
    }
    await page.goto('/business/withdrawal');
    await button(/^审核通过$/, row(`W${approved}`)).click();
    await confirmDialog().getByText(`确定通过提现 W${approved}, 并打款到客户的微信零钱?`).waitFor();
    await button(/^确\s*定$/, confirmDialog()).click();
    // Paid by transfer bill: it waits for the customer to confirm the receipt in the mini-program, which the
    // sandbox's customer does a moment later (on a busy machine, before the list is read again: then it is paid).
    await page.getByText('已通过, 已发起转账, 待客户在微信中确认收款').waitFor();
    await expect.poll(() => row(`W${approved}`).innerText()).toMatch(/打款中|已打款/);
    await expect
      .poll(
        async () => {
          await page.reload();
          return row(`W${approved}`).innerText();
        },
        { timeout: 20_000 },
      )
      .toContain('已打款');

    await button(/^驳\s*回$/, row(`W${rejected}`)).click();
    const dialog = page.locator('.ant-modal', { hasText: '驳回提现' });
    await button(/^保\s*存$/, dialog).click();
    await dialog.getByText('请输入驳回原因').first().waitFor();
    await dialog.getByRole('textbox').fill('银行卡信息与实名不符');
    await button(/^保\s*存$/, dialog).click();
    await button(/^确\s*定$/, confirmDialog()).click();
    await page.getByText('已驳回,金额已退回钱包').waitFor();
    await expect.poll(() => row(`W${rejected}`).innerText()).toContain('银行卡信息与实名不符');
    expect(await row(`W${rejected}`).innerText()).toContain('已驳回');
    expect(await button(/^审核通过$/, row(`W${rejected}`)).count()).toBe(0);
    await screenshot(page, 'withdrawal-list');
    await page.goto('/business/withdrawal?state=2');
    await row(`W${rejected}`).waitFor();
    expect(await row(`W${approved}`).count()).toBe(0);

    // ¥200 recharged, ¥99 kept of a ride, ¥30 paid out, the rejected ¥25 back: ¥71 of the customer's own money.
    await page.goto('/business/wallet');
    await expect.poll(() => row('13800138000').innerText()).toContain('71.00');
    expect(await row('13800138000').innerText()).toContain('小明妈妈');

    // The statement explains the balance: every movement, newest first, with its kind, its order and the balance after.
    await button(/^查\s*看$/, row('13800138000')).click();
    const statement = drawer()
      .locator('.ant-table')
      .filter({ has: page.locator('th', { hasText: '变动后余额' }) });
    await statement.locator('tr.ant-table-row').first().waitFor();
    const headers = await statement.locator('thead th').allInnerTexts();
    const column = (name: string) => headers.findIndex((header) => header.trim() === name);
    const lines = await Promise.all(
      (await statement.locator('tr.ant-table-row').all()).map((line) => line.locator('td').allInnerTexts()),
    );
    const read = lines.map((cells) => ({
      kind: cells[column('类别')].trim(),
      order: cells[column('订单号')].trim(),
      change: cents(cells[column('变动金额')]),
      balance: cents(cells[column('变动后余额')]),
    }));
    expect(read.map((line) => line.kind)).toEqual(['提现退回', '租用冻结押金', '提现', '提现', '充值']);
    expect(read.find((line) => line.kind === '租用冻结押金')).toMatchObject({ order: 'P7705', change: -9900 });
    // Each balance is the one before it plus its change, from the first recharge; the newest is the wallet's balance.
    read.reduceRight((before, line) => {
      expect(line.balance).toBe(before + line.change);
      return line.balance;
    }, 0);
    expect(read[0].balance).toBe(cents(await viewed('余额').innerText()));
    expect(read[0].balance).toBe(7100);
    await screenshot(page, 'wallet-statement');
    await button(/^关\s*闭$/, drawer().locator('.ant-drawer-footer')).click();
    await button(/^对\s*账$/).click();
    const report = page.locator('.ant-modal', { hasText: '对账结果' });
    await report.getByText('账本合计').waitFor();
    expect(await report.locator('tr.ant-table-row').count()).toBe(0);
  });
});
