// The workflow in a real browser, inside one company: the operator, working for the franchisee here, asks for leave
// on 发起事务 and its 已发事务 names who will approve; the franchisee's site manager claims it on 待签事务 and approves it
// on 待办事务, and the operator's 已发事务 shows it approved with both steps in its history.
import Database from 'better-sqlite3';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type ConsoleServer, newPage, type OpenConsole, openConsole, screenshot, signIn } from '../harness';

let opened: OpenConsole;
let server: ConsoleServer;
let browser: Browser;

beforeAll(async () => {
  // Each step signs in as its own person on a page of its own.
  opened = await openConsole({
    signIn: false,
    // The operator joins the franchisee, the site manager's company: its leave is that company's to approve.
    prepare: async (server) => {
      const db = new Database(server.databaseFile);
      db.prepare(
        "update blade_user set dept_id = (select dept_id from blade_user where account = 'manager') where account = 'operator'",
      ).run();
      db.close();
    },
  });
  ({ server, browser } = opened);
});

afterAll(() => opened?.close());

async function signedIn(account: string): Promise<{ context: BrowserContext; page: Page }> {
  const fresh = await newPage(browser, server);
  await signIn(fresh.page, { username: account, password: account });
  return fresh;
}

const button = (scope: ReturnType<Page['locator']>, name: RegExp) => scope.getByRole('button', { name });
const row = (page: Page, text: string) => page.locator('tr.ant-table-row', { hasText: text }).first();

async function pickDate(dialog: ReturnType<Page['locator']>, label: string, value: string): Promise<void> {
  const input = dialog.getByLabel(label);
  await input.click();
  await input.fill(value);
  await input.press('Enter');
}

it('runs a leave request from the operator to the manager and back', async () => {
  const operator = await signedIn('operator');
  let page = operator.page;
  await page.goto('/work/start');
  await button(row(page, '请假流程'), /^发\s*起$/).click();
  const form = page.locator('.ant-modal', { hasText: '请假申请' });
  await form.locator('.ant-form-item', { hasText: '请假类型' }).locator('.ant-select').click();
  await page.locator('.ant-select-item-option', { hasText: '病假' }).click();
  await pickDate(form, '开始时间', '2026-12-01 09:00:00');
  await pickDate(form, '结束时间', '2026-12-01 18:00:00');
  // The days are counted from the dates, not typed.
  await expect.poll(() => form.getByLabel('请假天数').inputValue()).toBe('1');
  await form.locator('textarea').fill('孩子发烧');
  await button(form, /^保\s*存$/).click();
  await page.getByText('已发起,等待主管审批').waitFor();
  await operator.context.close();

  const manager = await signedIn('manager');
  page = manager.page;
  await page.goto('/work/claim');
  await button(row(page, '运营人员 请假 1 天'), /^签\s*收$/).click();
  await button(page.locator('.ant-modal-confirm'), /^确\s*定$/).click();
  await page.getByText('已签收,请到待办事务办理').waitFor();
  await page.goto('/work/todo');
  await button(row(page, '运营人员 请假 1 天'), /^同\s*意$/).click();
  const decision = page.locator('.ant-modal', { hasText: '同意请假申请' });
  await expect.poll(() => decision.locator('textarea').first().inputValue()).toBe('孩子发烧');
  await decision.locator('textarea').last().fill('好好休息');
  await button(decision, /^保\s*存$/).click();
  await page.getByText('已同意').waitFor();
  await manager.context.close();

  const back = await signedIn('operator');
  page = back.page;
  await page.goto('/work/send');
  await expect.poll(() => row(page, '运营人员 请假 1 天').innerText()).toContain('已通过');
  await button(row(page, '运营人员 请假 1 天'), /^查\s*看$/).click();
  const history = page.locator('.ant-drawer').last();
  // The history's rows draw after the drawer: each step is waited for, not read once.
  for (const shown of ['好好休息', '发起申请', '运营人员', '主管审批', '站点经理', '同意'])
    await expect.poll(() => history.innerText()).toContain(shown);
  await screenshot(page, 'workflow-history');
  await back.context.close();
});
