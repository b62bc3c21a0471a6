// The workflow through the API: the operator asks for leave, the candidate task reaches the site manager and the
// administrator only, claim then complete moves it (approve, reject, and on to HR for long leaves), every refusal,
// and two clicks at once move a process once. Who approves: the manager of the requester's department, a
// department's people, and two different people where the model asks it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextId } from '../../../server/platform/db/ids.js';
import { now } from '../../../server/platform/db/time.js';
import { deploy } from '../../../server/system/flow/deployments.js';
import { addUser } from '../auth/fixtures.js';
import { type Api, openApi, pageOf, type Row, rowOf, rowsOf } from '../engine/api.js';
import { signIn } from '../harness.js';

let api: Api;
let manager: string;
let managerId: string;
/** A member of the franchisee's staff (the operator's role, the site manager's company). */
let staff: string;

const WORK = '/api/blade-flow/work';
const START = '/api/blade-desk/process/leave/start-process';

beforeAll(async () => {
  api = await openApi();
  manager = await signIn(api.server, 'manager', 'manager');
  const row = await api.server.ctx.db
    .selectFrom('blade_user')
    .select('id')
    .where('account', '=', 'manager')
    .executeTakeFirstOrThrow();
  managerId = String(row.id);
  const franchisee = await api.server.ctx.db
    .selectFrom('blade_user')
    .select('deptId')
    .where('account', '=', 'manager')
    .executeTakeFirstOrThrow();
  const operatorRole = await api.server.ctx.db
    .selectFrom('blade_role')
    .select('id')
    .where('roleAlias', '=', 'operator')
    .executeTakeFirstOrThrow();
  await addUser(api.server, {
    account: 'franchise_staff',
    password: 'staff-pass',
    realName: '王小乐',
    deptIds: [Number(franchisee.deptId)],
    roleIds: [operatorRole.id],
  });
  staff = await signIn(api.server, 'franchise_staff', 'staff-pass');
});
afterAll(async () => api?.close());

const leave = (extra: Row = {}) => ({
  leaveType: 1,
  startTime: '2026-12-01 09:00:00',
  endTime: '2026-12-02 18:00:00',
  days: 2,
  reason: '家中有事',
  ...extra,
});

async function startLeave(extra: Row = {}): Promise<{ id: string; processInstanceId: string }> {
  const answer = await api.post(START, { token: staff, body: leave(extra) });
  expect(answer.msg).toBe('操作成功');
  return rowOf(answer) as { id: string; processInstanceId: string };
}

const list = async (name: string, token: string) => pageOf(await api.get(`${WORK}/${name}`, {}, token)).records;

async function taskOf(name: string, token: string, instance: string): Promise<Row | undefined> {
  return (await list(name, token)).find((task) => task.processInstanceId === instance);
}

const claim = (taskId: unknown, token: string) =>
  api.post(`${WORK}/claim-task`, { token, query: { taskId: String(taskId) } });
const complete = (taskId: unknown, token: string, flag: 'ok' | 'reject', comment?: string) =>
  api.post(`${WORK}/complete-task`, { token, body: { taskId: String(taskId), flag, comment } });
const history = async (instance: string, token = api.adminToken) =>
  rowsOf(await api.get('/api/blade-flow/process/history-flow-list', { processInstanceId: instance }, token));

describe("a leave stays inside the requester's company", () => {
  it("never reaches another company's site manager, and the requester sees who will approve", async () => {
    const answer = await api.post(START, { token: api.operatorToken, body: leave() });
    const { processInstanceId } = rowOf(answer) as { processInstanceId: string };
    expect(await taskOf('claim-list', manager, processInstanceId)).toBeUndefined();
    const task = await taskOf('claim-list', api.adminToken, processInstanceId);
    expect(task).toBeDefined();
    const refused = await claim(task?.taskId, manager);
    expect(refused).toMatchObject({ status: 403, msg: '你不是该任务的候选人' });
    expect((await api.get('/api/blade-flow/process/history-flow-list', { processInstanceId }, manager)).status).toBe(
      403,
    );
    const sent = await api.get(`${WORK}/send-list`, {}, api.operatorToken);
    const mine = pageOf(sent).records.find((row) => row.processInstanceId === processInstanceId);
    expect(mine).toMatchObject({ taskName: '主管审批', assigneeName: '管理员' });
    const fromStaff = await startLeave();
    const staffSent = pageOf(await api.get(`${WORK}/send-list`, {}, staff)).records;
    const theirs = staffSent.find((row) => row.processInstanceId === fromStaff.processInstanceId);
    expect(theirs?.assigneeName).toContain('站点经理');
  });
});

describe('a short leave: the manager claims and approves', () => {
  let started: { id: string; processInstanceId: string };
  let task: Row;

  it('offers the process to start and starts it', async () => {
    const processes = await list('start-list', staff);
    expect(processes).toEqual([
      expect.objectContaining({ id: 'leave:1', key: 'leave', name: '请假流程', category: '1' }),
    ]);
    started = await startLeave();
  });

  it('puts the task in the claim list of the site manager and the administrator, not the operator', async () => {
    expect(await taskOf('claim-list', staff, started.processInstanceId)).toBeUndefined();
    expect(await taskOf('claim-list', api.adminToken, started.processInstanceId)).toBeDefined();
    task = (await taskOf('claim-list', manager, started.processInstanceId)) as Row;
    expect(task).toMatchObject({
      taskName: '主管审批',
      taskDefinitionKey: 'deptLeader',
      assignee: '',
      processDefinitionKey: 'leave',
      businessId: started.id,
      startUserName: '王小乐',
      title: '王小乐 请假 2 天',
      processState: 1,
    });
  });

  it('refuses a claim by someone who is no candidate and a completion before the claim', async () => {
    const notCandidate = await claim(task.taskId, staff);
    expect([notCandidate.status, notCandidate.msg]).toEqual([403, '你不是该任务的候选人']);
    const unclaimed = await complete(task.taskId, manager, 'ok');
    expect([unclaimed.status, unclaimed.msg]).toEqual([400, '请先签收该任务']);
  });

  it("moves the claimed task to the claimer's to-do list and refuses it to others", async () => {
    expect((await claim(task.taskId, manager)).msg).toBe('操作成功');
    expect(await taskOf('claim-list', api.adminToken, started.processInstanceId)).toBeUndefined();
    expect(await taskOf('todo-list', manager, started.processInstanceId)).toMatchObject({ assigneeName: '站点经理' });
    const taken = await claim(task.taskId, api.adminToken);
    expect([taken.status, taken.msg]).toEqual([400, '该任务已被他人签收']);
    const notYours = await complete(task.taskId, api.adminToken, 'ok');
    expect([notYours.status, notYours.msg]).toEqual([403, '该任务不是你的待办']);
  });

  it('ends the process approved, once', async () => {
    expect((await complete(task.taskId, manager, 'ok', '注意安全')).msg).toBe('操作成功');
    const again = await complete(task.taskId, manager, 'ok');
    expect([again.status, again.msg]).toEqual([400, '该任务已办理']);
    expect(await taskOf('todo-list', manager, started.processInstanceId)).toBeUndefined();
    expect(await taskOf('done-list', manager, started.processInstanceId)).toMatchObject({
      outcome: 'approve',
      comment: '注意安全',
      processState: 2,
      processIsFinished: true,
    });
    expect(await taskOf('send-list', staff, started.processInstanceId)).toMatchObject({
      processState: 2,
      taskName: '',
    });
  });

  it('keeps the history of both steps with who, when, what and how long', async () => {
    const steps = await history(started.processInstanceId, staff);
    expect(steps.map((step) => [step.historyActivityName, step.assigneeName, step.outcome, step.comment])).toEqual([
      ['发起申请', '王小乐', 'start', ''],
      ['主管审批', '站点经理', 'approve', '注意安全'],
    ]);
    expect(steps[1].endTime).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    expect(steps[1].historyActivityDurationTime).toBe('0分');
    const detail = rowOf(await api.get('/api/blade-desk/process/leave/detail', { businessId: started.id }, manager));
    expect(detail).toMatchObject({ days: 2, reason: '家中有事', createUserName: '王小乐', processState: 2 });
  });
});

describe('a long leave with a named approver: on to HR, rejected there', () => {
  it('goes to the named approver, then to the administrator, who rejects it', async () => {
    const started = await startLeave({ days: 5, endTime: '2026-12-05 18:00:00', taskUser: managerId });
    expect(await taskOf('claim-list', manager, started.processInstanceId)).toBeUndefined();
    const mine = (await taskOf('todo-list', manager, started.processInstanceId)) as Row;
    expect(mine).toMatchObject({ taskName: '主管审批', assignee: managerId });
    await complete(mine.taskId, manager, 'ok');

    expect(await taskOf('claim-list', manager, started.processInstanceId)).toBeUndefined();
    const hr = (await taskOf('claim-list', api.adminToken, started.processInstanceId)) as Row;
    expect(hr).toMatchObject({ taskName: '人事审批', processState: 1 });
    expect(await taskOf('send-list', staff, started.processInstanceId)).toMatchObject({
      taskName: '人事审批',
      processState: 1,
    });
    await claim(hr.taskId, api.adminToken);
    expect((await complete(hr.taskId, api.adminToken, 'reject', '旺季人手不足')).msg).toBe('操作成功');

    const steps = await history(started.processInstanceId);
    expect(steps.map((step) => [step.taskDefinitionKey, step.outcome])).toEqual([
      ['startApply', 'start'],
      ['deptLeader', 'approve'],
      ['hrAudit', 'reject'],
    ]);
    expect(await taskOf('send-list', staff, started.processInstanceId)).toMatchObject({ processState: 3 });
  });

  it('ends a leave rejected by the manager at once, with 驳回 as the comment left empty', async () => {
    const started = await startLeave({ taskUser: managerId });
    const mine = (await taskOf('todo-list', manager, started.processInstanceId)) as Row;
    await complete(mine.taskId, manager, 'reject');
    const steps = await history(started.processInstanceId);
    expect(steps.at(-1)).toMatchObject({ outcome: 'reject', comment: '驳回' });
    expect(steps).toHaveLength(2);
  });
});

describe('refusals of a leave request', () => {
  it('names the field or the rule', async () => {
    const cases: [Row, string][] = [
      [{ endTime: '2026-11-30 09:00:00' }, '结束时间不能早于开始时间'],
      [{ reason: ' ' }, '请输入请假理由'],
      [{ days: 0 }, '请假天数不能小于 1'],
      [{ days: 3 }, '请假天数与开始、结束时间不符: 应为 2 天'],
      [{ startTime: 'tomorrow' }, '开始时间格式不正确'],
      [{ taskUser: '123' }, '审批人不存在'],
    ];
    for (const [extra, message] of cases) {
      const answer = await api.post(START, { token: staff, body: leave(extra) });
      expect([answer.status, answer.msg]).toEqual([400, message]);
    }
    const missing = await api.post(START, { token: staff, body: { ...leave(), leaveType: undefined } });
    expect([missing.status, missing.msg]).toEqual([400, '请选择请假类型']);
  });

  it('keeps other people out of a process history', async () => {
    const admin = await api.server.ctx.db
      .selectFrom('blade_user')
      .select('id')
      .where('account', '=', 'admin')
      .executeTakeFirstOrThrow();
    const answer = await api.post(START, { token: manager, body: leave({ taskUser: String(admin.id) }) });
    const { processInstanceId } = rowOf(answer) as { processInstanceId: string };
    expect(await history(processInstanceId, manager)).toHaveLength(2);
    const refused = await api.get('/api/blade-flow/process/history-flow-list', { processInstanceId }, staff);
    expect([refused.status, refused.msg]).toEqual([403, '你不能查看该流程']);
  });
});

describe('two clicks at once', () => {
  it('gives a task to one claimer and moves a process once', async () => {
    const started = await startLeave();
    const task = (await taskOf('claim-list', manager, started.processInstanceId)) as Row;
    const claims = await Promise.all([claim(task.taskId, manager), claim(task.taskId, api.adminToken)]);
    expect(claims.filter((answer) => answer.success)).toHaveLength(1);
    const winner = claims[0].success ? manager : api.adminToken;
    const completions = await Promise.all([complete(task.taskId, winner, 'ok'), complete(task.taskId, winner, 'ok')]);
    expect(completions.map((answer) => answer.msg).sort()).toEqual(['操作成功', '该任务已办理']);
    expect((await history(started.processInstanceId)).map((step) => step.outcome)).toEqual(['start', 'approve']);
  });
});

describe("who approves: the requester's manager, a department, two different people", () => {
  let siteLead: string;
  let siteStaff: string;
  let colleague: string;

  beforeAll(async () => {
    // A site of the franchisee with its own site manager and two of its staff.
    const { db } = api.server.ctx;
    const { deptId } = await db
      .selectFrom('blade_user')
      .select('deptId')
      .where('account', '=', 'manager')
      .executeTakeFirstOrThrow();
    const franchisee = await db
      .selectFrom('blade_dept')
      .select(['id', 'ancestors'])
      .where('id', '=', Number(deptId))
      .executeTakeFirstOrThrow();
    const site = nextId();
    await db
      .insertInto('blade_dept')
      .values({
        id: site,
        parentId: franchisee.id,
        ancestors: `${franchisee.ancestors},${franchisee.id}`,
        deptName: '童乐东站',
        fullName: '童乐出行东站',
        deptCategory: 2,
        sort: 9,
        remark: null,
        createTime: now(),
      })
      .execute();
    const roleOf = async (alias: string) =>
      (await db.selectFrom('blade_role').select('id').where('roleAlias', '=', alias).executeTakeFirstOrThrow()).id;
    const people: [string, string, string][] = [
      ['site_lead', '李站长', 'site_manager'],
      ['site_staff', '赵小东', 'operator'],
      ['site_colleague', '钱小东', 'operator'],
    ];
    for (const [account, realName, role] of people) {
      await addUser(api.server, {
        account,
        realName,
        password: 'site-pass',
        deptIds: [site],
        roleIds: [await roleOf(role)],
      });
    }
    [siteLead, siteStaff, colleague] = await Promise.all(
      people.map(([account]) => signIn(api.server, account, 'site-pass')),
    );
  });

  it("sends a leave to the manager of the requester's own site, and the requester sees who", async () => {
    const answer = await api.post(START, { token: siteStaff, body: leave() });
    const { processInstanceId } = rowOf(answer) as { processInstanceId: string };
    expect(await taskOf('claim-list', manager, processInstanceId)).toBeUndefined();
    expect(await taskOf('claim-list', siteLead, processInstanceId)).toMatchObject({ taskName: '主管审批' });
    const open = (await history(processInstanceId, siteStaff)).at(-1);
    expect(open).toMatchObject({ historyActivityName: '主管审批', assigneeName: '李站长', candidateNames: ['李站长'] });

    // The site manager's own leave goes up to the franchisee's manager, never to head office's people.
    const own = rowOf(await api.post(START, { token: siteLead, body: leave() })) as { processInstanceId: string };
    expect(await taskOf('claim-list', siteLead, own.processInstanceId)).toBeUndefined();
    expect(await taskOf('claim-list', manager, own.processInstanceId)).toBeDefined();
  });

  it("runs a model's own rules: the starter's manager, then the starter's department, two different people", async () => {
    await deploy(
      api.server.ctx.db,
      `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:flowable="http://flowable.org/bpmn"
  xmlns:ride="http://ride-console/bpmn" targetNamespace="http://ride-console/processes">
  <process id="site_purchase" name="站点采购" ride:distinctApprovers="true" isExecutable="true">
    <startEvent id="ask" name="提交采购" flowable:formKey="work/start" />
    <sequenceFlow id="toLead" sourceRef="ask" targetRef="lead" />
    <userTask id="lead" name="站长审批" flowable:formKey="work/todo" flowable:assignee="\${starterManager}" />
    <sequenceFlow id="toTeam" sourceRef="lead" targetRef="team" />
    <userTask id="team" name="同事复核" flowable:formKey="work/todo" flowable:candidateGroups="dept:starter,operator" />
    <sequenceFlow id="toEnd" sourceRef="team" targetRef="bought" />
    <endEvent id="bought" />
  </process>
</definitions>`,
      null,
    );
    const started = rowOf(
      await api.post(`${WORK}/start-process`, { token: siteStaff, body: { processDefinitionId: 'site_purchase' } }),
    ) as { processInstanceId: string };
    // The site manager is the only one: the step is theirs at once.
    const lead = (await taskOf('todo-list', siteLead, started.processInstanceId)) as Row;
    expect(lead).toMatchObject({ taskName: '站长审批' });
    expect((await complete(lead.taskId, siteLead, 'ok')).msg).toBe('操作成功');

    const team = (await taskOf('claim-list', colleague, started.processInstanceId)) as Row;
    expect(team).toMatchObject({ taskName: '同事复核' });
    const byStarter = await claim(team.taskId, siteStaff);
    expect([byStarter.status, byStarter.msg]).toEqual([403, '不能审批自己发起的流程, 请由另一人审批']);
    const twice = await claim(team.taskId, siteLead);
    expect([twice.status, twice.msg]).toEqual([403, '同一流程的两步审批须由两个不同的人办理']);
    expect((await claim(team.taskId, colleague)).msg).toBe('操作成功');
    expect((await complete(team.taskId, colleague, 'ok')).msg).toBe('操作成功');
    expect((await history(started.processInstanceId, siteStaff)).map((step) => step.assigneeName)).toEqual([
      '赵小东',
      '李站长',
      '钱小东',
    ]);
  });
});
