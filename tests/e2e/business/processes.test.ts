// Managing processes in a real browser, as the administrator: 部署管理 shows the shipped leave process as version 1,
// active; once a leave is asked for, 流程跟踪 shows it waiting at its current step; both read in English.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type OpenConsole, openConsole, screenshot } from '../harness';

let opened: OpenConsole;
let page: Page;

beforeAll(async () => {
  opened = await openConsole();
  ({ page } = opened);
});

afterAll(() => opened?.close());

const button = (scope: ReturnType<Page['locator']>, name: RegExp) => scope.getByRole('button', { name });
const row = (text: string) => page.locator('tr.ant-table-row', { hasText: text }).first();

async function pickDate(dialog: ReturnType<Page['locator']>, label: string, value: string): Promise<void> {
  const input = dialog.getByLabel(label);
  await input.click();
  await input.fill(value);
  await input.press('Enter');
}

it('shows the leave process deployed as version 1, from the workflow menu', async () => {
  await page.getByRole('menuitem', { name: '工作流' }).click();
  await page.getByRole('menuitem', { name: '部署管理' }).click();
  await page.waitForURL('**/flow/deploy');
  await expect.poll(() => row('请假流程').innerText()).toMatch(/leave\s+1\s[\s\S]*激活/);
  await button(row('请假流程'), /^挂\s*起$/).waitFor();
  await screenshot(page, 'flow-deploy');
});

it('tracks a leave asked for at its current step', async () => {
  await page.goto('/work/start');
  await button(row('请假流程'), /^发\s*起$/).click();
  const form = page.locator('.ant-modal', { hasText: '请假申请' });
  await form.locator('.ant-form-item', { hasText: '请假类型' }).locator('.ant-select').click();
  await page.locator('.ant-select-item-option', { hasText: '年假' }).click();
  await pickDate(form, '开始时间', '2026-12-07 09:00:00');
  await pickDate(form, '结束时间', '2026-12-08 18:00:00');
  // The days are counted from the dates, not typed.
  await expect.poll(() => form.getByLabel('请假天数').inputValue()).toBe('2');
  await form.locator('textarea').fill('回家探亲');
  await button(form, /^保\s*存$/).click();
  await page.getByText('已发起,等待主管审批').waitFor();

  await page.goto('/flow/follow');
  await page.getByText('流程跟踪').first().waitFor();
  await expect.poll(() => row('管理员 请假 2 天').innerText()).toMatch(/请假流程\s+1\s+管理员[\s\S]*审批中\s+主管审批/);
  await screenshot(page, 'flow-follow');
});

it('reads both screens in English', async () => {
  await page.getByRole('button', { name: '语言' }).click();
  await page.getByRole('menuitem', { name: 'English' }).click();
  await page.goto('/flow/follow');
  for (const title of ['Process name', 'Version', 'Started by', 'Process state', 'Current step'])
    await page.getByRole('columnheader', { name: title }).waitFor();
  await expect
    .poll(() => row('管理员 请假 2 天').innerText())
    .toMatch(/Leave\s+1\s+管理员[\s\S]*In approval\s+Manager approval/);
  await page.goto('/flow/deploy');
  await expect.poll(() => row('Leave').innerText()).toMatch(/leave\s+1\s[\s\S]*Active/);
  await button(row('Leave'), /^Suspend$/).waitFor();
  await screenshot(page, 'flow-deploy-en');
});
