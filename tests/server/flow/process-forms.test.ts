// A process named with its forms (docs/examples/expense.bpmn): 发起 offers its start form, the form's values start it
// and its gateway decides on them, the step's holder reads them, and the step is approved with its own form's values.
// Values the form does not ask for are not kept; a required field left empty is refused by its label.
import fs from 'node:fs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { deploy } from '../../../server/system/flow/deployments.js';
import { type Api, openApi, pageOf, type Row, rowOf } from '../engine/api.js';

let api: Api;
const WORK = '/api/blade-flow/work';

beforeAll(async () => {
  api = await openApi();
  await deploy(api.server.ctx.db, fs.readFileSync('docs/examples/expense.bpmn', 'utf8'), null);
});
afterAll(async () => api?.close());

const start = (variables: unknown) =>
  api.post(`${WORK}/start-process`, { body: { processDefinitionId: 'expense', variables } });
const claimOf = async (instance: unknown) => {
  const task = pageOf(await api.get(`${WORK}/claim-list`)).records.find((row) => row.processInstanceId === instance);
  await api.post(`${WORK}/claim-task`, { query: { taskId: String(task?.taskId) } });
  return task as Row;
};

it('offers the start form, and sends a claim above ¥5,000 to the general manager, a smaller one to the manager', async () => {
  const offered = pageOf(await api.get(`${WORK}/start-list`)).records.find((row) => row.key === 'expense');
  expect(offered?.startForm).toBe('flow/forms/expense');

  const large = rowOf(await start({ amount: 8000, reason: '展会场地' }));
  const small = rowOf(await start({ amount: 300, reason: '打印资料' }));
  const largeTask = await claimOf(large.processInstanceId);
  expect(largeTask).toMatchObject({ taskName: '总经理审批', formKey: 'flow/forms/expense-review' });
  expect((await claimOf(small.processInstanceId)).taskName).toBe('主管审批');

  // The holder reads the start form's values for the step's form.
  const values = await api.get(`${WORK}/task-variables`, { taskId: String(largeTask.taskId) });
  expect(values.data).toMatchObject({ amount: 8000, reason: '展会场地' });
  expect(
    (await api.get(`${WORK}/task-variables`, { taskId: String(largeTask.taskId) }, api.operatorToken)).status,
  ).toBe(403);

  const complete = (variables: unknown) =>
    api.post(`${WORK}/complete-task`, { body: { taskId: String(largeTask.taskId), flag: 'ok', variables } });
  expect((await complete({ amount: 1 })).msg).toBe('核准金额(元) 不能为空');
  expect((await complete({ paidAmount: 7500, amount: 1, comment: '同意' })).msg).toBe('操作成功');
  const sent = pageOf(await api.get(`${WORK}/send-list`)).records.find(
    (row) => row.processInstanceId === large.processInstanceId,
  );
  expect(sent?.processState).toBe(2);
});

it('refuses a start form with a required field empty, a name an expression cannot read, or a value that is no scalar', async () => {
  const empty = await start({ amount: 100, reason: ' ' });
  expect([empty.status, empty.msg]).toEqual([400, '报销事由 不能为空']);
  expect((await start({ amount: 100, reason: 'x', 'bad-name': 1 })).msg).toBe('流程变量格式不正确');
  const refused = [
    await start({ amount: { yuan: 100 }, reason: 'x' }),
    await start({ amount: 1, reason: 'x'.repeat(2001) }),
  ];
  expect(refused.map((answer) => answer.status)).toEqual([400, 400]);
  expect(refused[0].msg).toContain('amount');
  expect(refused[1].msg).toContain('reason');
});
