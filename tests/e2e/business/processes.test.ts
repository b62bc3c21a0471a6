// Managing processes in a real browser, as the administrator: 部署管理 shows the shipped leave process as version 1,
// active; once a leave is asked for, 流程跟踪 shows it waiting at its current step; a process drawn in 模型管理 is
// saved, deployed, started and approved by two people, its diagram marking the path taken; a process that names its
// forms is started on its start form and approved on its step's form; all of it reads in English.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { answerConfirm, newPage, type OpenConsole, openConsole, root, screenshot, signIn } from '../harness';

let opened: OpenConsole;
let page: Page;

beforeAll(async () => {
  opened = await openConsole();
  ({ page } = opened);
});

afterAll(() => opened?.close());

const button = (scope: ReturnType<Page['locator']>, name: RegExp) => scope.getByRole('button', { name });
// A list's dictionaries and rows arrive after the page; on a busy machine that takes more than a second.
const poll = <T>(read: () => Promise<T>) => expect.poll(read, { timeout: 15000 });
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
  await poll(() => row('请假流程').innerText()).toMatch(/leave\s+1\s[\s\S]*激活/);
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
  await poll(() => row('管理员 请假 2 天').innerText()).toMatch(/请假流程\s+1\s+管理员[\s\S]*审批中\s+主管审批/);
  await screenshot(page, 'flow-follow');
});

/** Appends an element to the selected one from its context pad; the new one is selected, its label being edited. */
async function append(diagram: Locator, action: 'append.append-task' | 'append.end-event'): Promise<void> {
  await diagram.locator(`.djs-context-pad [data-action="${action}"]`).click();
  await diagram.page().keyboard.press('Escape');
}

async function approveStep(page: Page, matter: string): Promise<void> {
  await page.goto('/work/claim');
  await button(page.locator('tr.ant-table-row', { hasText: matter }).first(), /^签\s*收$/).click();
  await answerConfirm(page, /^确\s*定$/);
  await page.getByText('已签收,请到待办事务办理').waitFor();
  await page.goto('/work/todo');
  await button(page.locator('tr.ant-table-row', { hasText: matter }).first(), /^同\s*意$/).click();
  await button(page.locator('.ant-modal', { hasText: '同意办理' }), /^保\s*存$/).click();
  await page.getByText('已同意').waitFor();
}

it('draws a process in 模型管理, deploys it, runs it through two people and marks its path on the diagram', async () => {
  await page.goto('/flow/model');
  await page.getByRole('button', { name: /^新\s*增$/ }).click();
  const dialog = page.locator('.ant-modal', { hasText: '部署前检查' });
  const diagram = dialog.locator('.flow-diagram');
  const problems = dialog.getByTestId('model-problems');
  await problems.getByText('流程须有名称').waitFor();
  // bpmn-js's licence: its watermark stays in sight.
  await diagram.locator('.bjs-powered-by').waitFor();

  const process = dialog.getByRole('form', { name: '流程' });
  await process.getByLabel('流程标识').fill('two_step');
  await process.getByLabel('流程名称').fill('两步审批');
  await process.getByLabel('英文名称').fill('Two-step approval');
  // Esc in the side panel keeps the dialog and the drawing open.
  await process.getByLabel('英文名称').press('Escape');
  // Longer than the dialog's closing motion: a dialog Esc had closed would be gone by now.
  await page.waitForTimeout(600);
  expect(await dialog.isVisible()).toBe(true);
  expect(await process.getByLabel('流程名称').inputValue()).toBe('两步审批');
  const step = async (name: string, en: string, roles: string) => {
    await append(diagram, 'append.append-task');
    const selected = dialog.getByRole('form', { name: /^所选元素/ });
    await selected.getByLabel('名称', { exact: true }).fill(name);
    await problems.getByText(`用户任务「${name}」须有表单`).waitFor();
    await selected.getByLabel('英文名称').fill(en);
    await selected.getByLabel('表单').fill('work/todo');
    await selected.getByLabel('候选角色').fill(roles);
  };
  await diagram.locator('.djs-shape[data-element-id="start"]').click();
  await step('一审', 'First approval', 'administrator');
  await step('二审', 'Second approval', 'operator');
  await append(diagram, 'append.end-event');
  await problems.getByText('检查通过, 保存后可部署').waitFor();
  await screenshot(page, 'flow-modeler');
  await button(dialog, /^保\s*存$/).click();
  await page.getByText('新增成功').waitFor();
  // Opened again, the saved drawing comes back as it was drawn.
  await button(row('两步审批'), /^编\s*辑$/).click();
  const saved = page.locator('.ant-modal', { hasText: '部署前检查' });
  await saved.locator('.djs-shape', { hasText: '二审' }).waitFor();
  await saved.getByText('检查通过, 保存后可部署').waitFor();
  await button(saved.locator('.ant-modal-footer'), /^取\s*消$/).click();
  await saved.waitFor({ state: 'detached' });

  await button(row('两步审批'), /^部\s*署$/).click();
  await answerConfirm(page, /^确\s*定$/);
  await page.getByText('部署成功').waitFor();

  await page.goto('/work/start');
  await button(row('两步审批'), /^发\s*起$/).click();
  await answerConfirm(page, /^确\s*定$/);
  await page.getByText('已发起').waitFor();
  await approveStep(page, '管理员 两步审批');

  // Half-way: 一审 passed, 二审 waiting.
  await page.goto('/flow/follow');
  await button(row('管理员 两步审批'), /^流程图$/).click();
  const shown = page.locator('.ant-modal', { hasText: '已走过' });
  await shown.locator('.djs-shape.flow-current', { hasText: '二审' }).waitFor();
  // The markers are set at once: the start and 一审 passed, the two flows that led to 二审 taken.
  expect(await shown.locator('.djs-shape.flow-current').count()).toBe(1);
  expect(await shown.locator('.djs-shape.flow-passed').count()).toBe(2);
  expect(await shown.locator('.djs-shape.flow-passed[data-element-id="start"]').count()).toBe(1);
  expect(await shown.locator('.djs-shape.flow-passed', { hasText: '一审' }).count()).toBe(1);
  expect(await shown.locator('.djs-connection.flow-passed').count()).toBe(2);
  // Drawn in the theme's colours: the path, the current step and what lies ahead each look different.
  const stroke = (shape: string) =>
    shown
      .locator(`${shape} .djs-visual > :first-child`)
      .first()
      .evaluate((node) => getComputedStyle(node).stroke);
  const strokes = [
    await stroke('.djs-shape.flow-passed'),
    await stroke('.djs-shape.flow-current'),
    await stroke('.djs-shape:not(.flow-passed):not(.flow-current)[data-element-id^="Event_"]'),
  ];
  expect(new Set(strokes).size).toBe(3);
  await shown.locator('.bjs-powered-by').waitFor();
  await screenshot(page, 'flow-diagram');
  await button(shown.locator('.ant-modal-footer'), /^关\s*闭$/).click();

  const operator = await newPage(opened.browser, opened.server);
  await signIn(operator.page, { username: 'operator', password: 'operator' });
  await approveStep(operator.page, '管理员 两步审批');
  await operator.context.close();

  await page.reload();
  await row('管理员 两步审批').filter({ hasText: '已通过' }).waitFor();
  await button(row('管理员 两步审批'), /^流程图$/).click();
  await shown.locator('.djs-shape.flow-passed', { hasText: '二审' }).waitFor();
  expect(await shown.locator('.djs-shape.flow-current').count()).toBe(0);
  await button(shown.locator('.ant-modal-footer'), /^关\s*闭$/).click();
  // A whole process from drawing to its end, two people signing in: longer than a screen's test.
}, 180_000);

it("starts an uploaded process on its own start form and approves its step on the step's form", async () => {
  await page.goto('/flow/deploy');
  await row('请假流程').waitFor();
  await button(page.locator('.console-content'), /^上传部署$/).click();
  const upload = page.locator('.ant-modal', { hasText: '上传' });
  await upload.locator('input[type=file]').setInputFiles({
    name: 'expense.bpmn',
    mimeType: 'application/xml',
    buffer: readFileSync(join(root, 'docs', 'examples', 'expense.bpmn')),
  });
  await page.getByText('上传成功').first().waitFor();
  await button(upload.locator('.ant-modal-footer'), /^关\s*闭$/).click();

  await page.goto('/work/start');
  await button(row('费用报销'), /^发\s*起$/).click();
  const claim = page.locator('.ant-modal', { hasText: '发起流程' });
  await claim.getByLabel('报销金额(元)').fill('8000');
  await claim.getByLabel('报销事由').fill('展会场地');
  await button(claim, /^保\s*存$/).click();
  await page.getByText('已发起').waitFor();

  // Above ¥5,000 the gateway sends it to 总经理审批, offered to the administrators.
  await page.goto('/flow/follow');
  await poll(() => row('管理员 费用报销').innerText()).toMatch(/审批中\s+总经理审批/);
  await page.goto('/work/claim');
  await button(row('管理员 费用报销'), /^签\s*收$/).click();
  await answerConfirm(page, /^确\s*定$/);
  await page.getByText('已签收,请到待办事务办理').waitFor();
  await page.goto('/work/todo');
  await button(row('管理员 费用报销'), /^同\s*意$/).click();
  const review = page.locator('.ant-modal', { hasText: '同意办理' });
  // The step's form shows what the start form was given, read-only, and asks its own field.
  await poll(() => review.getByLabel('报销金额(元)').inputValue()).toBe('8000');
  expect(await review.getByLabel('报销事由').inputValue()).toBe('展会场地');
  expect(await review.getByLabel('报销事由').isDisabled()).toBe(true);
  // The step's form is checked in the dialog by the validators of the pages it is made of: the amount to approve,
  // a field of the borrowed page, is asked for before anything is sent.
  await button(review, /^保\s*存$/).click();
  await review.getByText('请输入核准金额(元)').waitFor();
  expect(await review.isVisible()).toBe(true);
  await review.getByLabel('核准金额(元)').fill('7500');
  await screenshot(page, 'flow-step-form');
  await button(review, /^保\s*存$/).click();
  await page.getByText('已同意').waitFor();
  await page.goto('/flow/follow');
  await row('管理员 费用报销').filter({ hasText: '已通过' }).waitFor();
});

it('reads both screens in English', async () => {
  await page.getByRole('button', { name: '语言' }).click();
  await page.getByRole('menuitem', { name: 'English' }).click();
  await page.goto('/flow/follow');
  for (const title of ['Process name', 'Version', 'Started by', 'Process state', 'Current step'])
    await page.getByRole('columnheader', { name: title }).waitFor();
  await poll(() => row('管理员 请假 2 天').innerText()).toMatch(
    /Leave\s+1\s+管理员[\s\S]*In approval\s+Manager approval/,
  );
  await button(row('Two-step approval'), /^Diagram$/).click();
  await page.locator('.ant-modal', { hasText: 'Passed' }).getByText('Current step').waitFor();
  await button(page.locator('.ant-modal', { hasText: 'Passed' }).locator('.ant-modal-footer'), /^Close$/).click();
  await page.goto('/flow/model');
  await page.getByRole('button', { name: /^Add$/ }).click();
  const modeler = page.locator('.ant-modal', { hasText: 'Checks before deploy' });
  for (const label of ['Process key', 'Process name', 'English name'])
    await modeler.getByRole('form', { name: 'Process' }).getByLabel(label).waitFor();
  await button(modeler, /^Cancel$/).click();
  await page.goto('/flow/deploy');
  await poll(() => row('Leave').innerText()).toMatch(/leave\s+1\s[\s\S]*Active/);
  await button(row('Leave'), /^Suspend$/).waitFor();
  await screenshot(page, 'flow-deploy-en');
});
