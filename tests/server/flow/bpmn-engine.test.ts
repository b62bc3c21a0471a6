// Processes as data: leaves made before the engine go on after the upgrade, a new version of a model takes new
// instances while running ones finish on theirs, a model with a gap is refused, and an unclaimed task's escalation
// timer, kept in the database, fires on the timer pass.
import fs from 'node:fs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { migrate } from '../../../server/platform/db/migrate.js';
import * as flowMigration from '../../../server/platform/db/migrations/0024_f_bpmn_engine.js';
import { englishOf } from '../../../server/platform/http/messages-en.js';
import { deploy, deployShippedProcesses } from '../../../server/system/flow/deployments.js';
import { type Actor, startProcess, wakeDueProcesses } from '../../../server/system/flow/engine.js';
import { type Api, openApi, pageOf, type Row, rowOf, rowsOf } from '../engine/api.js';
import { call } from '../harness.js';

let api: Api;
const WORK = '/api/blade-flow/work';
const START = '/api/blade-desk/process/leave/start-process';
const LEAVE_XML = fs.readFileSync('processes/leave.bpmn', 'utf8');

beforeAll(async () => {
  api = await openApi();
});
afterAll(async () => api?.close());

const list = async (name: string, token = api.adminToken) =>
  pageOf(await api.get(`${WORK}/${name}`, {}, token)).records;
const history = async (instance: unknown) =>
  rowsOf(await api.get('/api/blade-flow/process/history-flow-list', { processInstanceId: String(instance) }));
const claimAndApprove = async (task: Row) => {
  await api.post(`${WORK}/claim-task`, { query: { taskId: String(task.taskId) } });
  return api.post(`${WORK}/complete-task`, { body: { taskId: String(task.taskId), flag: 'ok' } });
};
const leave = (days: number) => ({
  leaveType: 1,
  startTime: '2026-12-01 09:00:00',
  endTime: `2026-12-${String(days).padStart(2, '0')} 18:00:00`,
  days,
  reason: '探亲',
});

describe('an upgraded database', () => {
  it('keeps the history of the leaves made before and lets them go on to their end', async () => {
    const { db } = api.server.ctx;
    const long = rowOf(await api.post(START, { token: api.operatorToken, body: leave(6) }));
    const short = rowOf(await api.post(START, { token: api.operatorToken, body: leave(2) }));
    const taskOf = async (instance: unknown) =>
      [...(await list('claim-list')), ...(await list('todo-list'))].find((task) => task.processInstanceId === instance);
    expect((await claimAndApprove((await taskOf(long.processInstanceId)) as Row)).msg).toBe('操作成功');
    await api.post(`${WORK}/claim-task`, {
      query: { taskId: String((await taskOf(short.processInstanceId))?.taskId) },
    });
    // The database as it was before processes ran on the engine: the migration undone, its record gone.
    await flowMigration.down(db as never);
    await sql`delete from blade_migration where name = '0024_f_bpmn_engine'`.execute(db);
    await migrate(db);
    await deployShippedProcesses(db);

    const sent = await list('send-list', api.operatorToken);
    expect(sent.map((row) => row.processDefinitionName)).toEqual(['请假流程', '请假流程']);
    // The six-day leave the manager approved waits for HR; approving it ends it approved.
    const hr = (await taskOf(long.processInstanceId)) as Row;
    expect(hr).toMatchObject({ taskName: '人事审批', processDefinitionId: 'leave:1' });
    expect((await claimAndApprove(hr)).msg).toBe('操作成功');
    expect((await history(long.processInstanceId)).map((step) => [step.historyActivityName, step.outcome])).toEqual([
      ['发起申请', 'start'],
      ['主管审批', 'approve'],
      ['人事审批', 'approve'],
    ]);
    // The two-day one, claimed before, is approved by its holder and ends.
    expect((await claimAndApprove((await taskOf(short.processInstanceId)) as Row)).msg).toBe('操作成功');
    const after = await list('send-list', api.operatorToken);
    expect(after.map((row) => row.processState)).toEqual([2, 2]);
  });
});

describe('versions', () => {
  it('starts new leaves on the new version while a running one finishes on its own', async () => {
    const running = rowOf(await api.post(START, { token: api.operatorToken, body: leave(2) }));
    // Version 2: every leave of more than one day goes on to HR.
    const v2 = await deploy(api.server.ctx.db, LEAVE_XML.replace('days &gt; 3}', 'days &gt; 1}'), null);
    expect(v2.version).toBe(2);
    expect((await list('start-list')).map((row) => row.id)).toEqual(['leave:2']);
    const newer = rowOf(await api.post(START, { token: api.operatorToken, body: leave(2) }));

    const taskOf = async (instance: unknown) =>
      (await list('claim-list')).find((task) => task.processInstanceId === instance) as Row;
    const old = await taskOf(running.processInstanceId);
    expect(old.processDefinitionId).toBe('leave:1');
    await claimAndApprove(old);
    expect(await taskOf(running.processInstanceId)).toBeUndefined();

    await claimAndApprove(await taskOf(newer.processInstanceId));
    expect(await taskOf(newer.processInstanceId)).toMatchObject({
      taskName: '人事审批',
      processDefinitionId: 'leave:2',
    });
  });

  it("deploys a changed shipped model as the next version at start, never over an administrator's own", async () => {
    const { db } = api.server.ctx;
    const versions = async () =>
      (
        await db
          .selectFrom('blade_flow_deployment')
          .select(['version', 'xml'])
          .where('processKey', '=', 'leave')
          .execute()
      )
        .map((row) => [Number(row.version), row.xml === LEAVE_XML])
        .sort(([a], [b]) => Number(a) - Number(b));
    // Version 2 above was deployed by no one, as a shipped model is: the file differs from it, so it comes next.
    await deployShippedProcesses(db);
    await deployShippedProcesses(db);
    expect((await versions()).slice(-2)).toEqual([
      [2, false],
      [3, true],
    ]);
    const admin = await db
      .selectFrom('blade_user')
      .select('id')
      .where('account', '=', 'admin')
      .executeTakeFirstOrThrow();
    await deploy(db, LEAVE_XML.replace('days &gt; 3}', 'days &gt; 5}'), admin.id);
    await deployShippedProcesses(db);
    expect((await versions()).at(-1)).toEqual([4, false]);
  });

  it('refuses a model whose user task has no form or assignee rule, or whose gateway has no condition', async () => {
    const broken = LEAVE_XML.replace('flowable:formKey="work/todo"\n      flowable:candidateGroups="administrator"', '')
      .replace(' default="toApproved"', '')
      .replace('<process id="leave"', '<process id="leave_broken"');
    await expect(deploy(api.server.ctx.db, broken, null)).rejects.toThrow(
      /用户任务「人事审批」须有表单.*用户任务「人事审批」须有办理人规则.*网关「超过 3 天\?」的出口 toApproved须有条件或设为默认出口/,
    );
    const problems = await deploy(api.server.ctx.db, broken.replace('days &gt; 3', 'days ~ 3'), null).catch(
      (error: Error) => error.message,
    );
    expect(englishOf(String(problems))).toBe(
      'The process model cannot be deployed: User task “人事审批” needs a form (flowable:formKey); ' +
        'User task “人事审批” needs an assignee rule (flowable:assignee or flowable:candidateGroups); ' +
        'Gateway “超过 3 天?”, outgoing flow 超过 3 天: Unsupported expression: days ~ 3; ' +
        'Gateway “超过 3 天?”, outgoing flow toApproved: needs a condition or must be the default flow',
    );
  });
});

describe('an escalation timer', () => {
  const ESCALATING = `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:flowable="http://flowable.org/bpmn"
  xmlns:ride="http://ride-console/bpmn" targetNamespace="http://ride-console/processes">
  <process id="fault_report" name="故障派单" ride:en="Fault report" isExecutable="true">
    <startEvent id="report" name="报修" />
    <sequenceFlow id="toRepair" sourceRef="report" targetRef="repair" />
    <userTask id="repair" name="现场维修" ride:en="Repair on site" flowable:formKey="work/todo"
      flowable:candidateGroups="site_manager" />
    <boundaryEvent id="unclaimed" attachedToRef="repair" cancelActivity="false"
      flowable:candidateGroups="administrator">
      <timerEventDefinition><timeDuration>PT4H</timeDuration></timerEventDefinition>
    </boundaryEvent>
    <sequenceFlow id="toEscalated" sourceRef="unclaimed" targetRef="escalated" />
    <endEvent id="escalated" />
    <sequenceFlow id="toFixed" sourceRef="repair" targetRef="fixed" />
    <endEvent id="fixed" />
  </process>
</definitions>`;

  it("opens an unclaimed task to the timer's roles once it is due, from the database alone", async () => {
    const { db } = api.server.ctx;
    await deploy(db, ESCALATING, null);
    const admin = await db
      .selectFrom('blade_user')
      .select(['id', 'deptId'])
      .where('account', '=', 'admin')
      .executeTakeFirstOrThrow();
    const actor: Actor = { userId: admin.id, deptId: admin.deptId ?? '', roleAliases: ['administrator'] };
    const instanceId = await db
      .transaction()
      .execute((trx) => startProcess(trx, 'fault_report', actor, { id: 1, title: '童车刹车失灵', variables: {} }));
    const task = () =>
      db
        .selectFrom('blade_flow_task')
        .select(['candidateRoles', 'taskName'])
        .where('instanceId', '=', instanceId)
        .where('nodeKey', '=', 'repair')
        .executeTakeFirstOrThrow();
    expect(await task()).toEqual({ candidateRoles: ',site_manager,', taskName: '现场维修' });
    expect(await wakeDueProcesses(api.server.ctx)).toBe(0);

    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.now() + 5 * 3600_000);
      expect(await wakeDueProcesses(api.server.ctx)).toBe(1);
    } finally {
      vi.useRealTimers();
    }
    expect(await task()).toMatchObject({ candidateRoles: ',site_manager,administrator,' });
    const instance = await db
      .selectFrom('blade_flow_instance')
      .select(['flowState', 'wakeTime'])
      .where('id', '=', instanceId)
      .executeTakeFirstOrThrow();
    expect(instance).toEqual({ flowState: 1, wakeTime: null });
  });
});

describe('managing processes', () => {
  const CHECK = `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"
  xmlns:flowable="http://flowable.org/bpmn" xmlns:ride="http://ride-console/bpmn"
  targetNamespace="http://ride-console/processes">
  <process id="bed_check" name="陪护床巡检" ride:en="Bed check" isExecutable="true">
    <startEvent id="ask" name="发起巡检" flowable:formKey="work/start" />
    <sequenceFlow id="toInspect" sourceRef="ask" targetRef="inspect" />
    <userTask id="inspect" name="现场检查" flowable:formKey="work/todo" flowable:assignee="\${inspector}" />
    <sequenceFlow id="toSign" sourceRef="inspect" targetRef="signOff" />
    <userTask id="signOff" name="主管确认" flowable:formKey="work/todo" flowable:candidateGroups="administrator" />
    <sequenceFlow id="toEnd" sourceRef="signOff" targetRef="checked" />
    <endEvent id="checked" />
  </process>
</definitions>`;

  it('saves a model, shows its checks, deploys it, and runs it through two people to its highlighted end', async () => {
    const { db } = api.server.ctx;
    const operator = await db
      .selectFrom('blade_user')
      .select('id')
      .where('account', '=', 'operator')
      .executeTakeFirstOrThrow();
    expect((await api.get('/api/blade-flow/model/list', {}, api.operatorToken)).status).toBe(403);

    const draft = rowOf(
      await api.post('/api/blade-flow/model/submit', {
        body: { xml: CHECK.replace(' flowable:formKey="work/todo"', '') },
      }),
    );
    expect(draft.problems).toEqual(['用户任务「现场检查」须有表单 (flowable:formKey)']);
    // The modeler asks for the same checks while drawing, before saving: nothing is stored by asking.
    const asked = await api.post('/api/blade-flow/model/check', {
      body: { xml: CHECK.replace(' flowable:candidateGroups="administrator"', '') },
    });
    expect(rowOf(asked).problems).toEqual([
      '用户任务「主管确认」须有办理人规则 (flowable:assignee 或 flowable:candidateGroups)',
    ]);
    const broken = await api.post('/api/blade-flow/model/check', { body: { xml: '<definitions' } });
    expect(broken.status).toBe(400);
    expect(broken.msg).toMatch(/^流程模型不是有效的 BPMN 2.0 文件/);
    expect(
      (await api.post('/api/blade-flow/model/check', { token: api.operatorToken, body: { xml: CHECK } })).status,
    ).toBe(403);
    const refused = await api.post('/api/blade-flow/model/deploy', { query: { modelId: String(draft.id) } });
    expect(refused.status).toBe(400);
    // An English caller reads the checks in English.
    const english = (method: 'GET' | 'POST', url: string, query: Record<string, string>) =>
      call(api.server, method, url, { token: api.adminToken, query, headers: { 'accept-language': 'en' } });
    const inEnglish = (await english('GET', '/api/blade-flow/model/detail', { id: String(draft.id) })).json();
    expect(inEnglish.data.problems).toEqual(['User task “现场检查” needs a form (flowable:formKey)']);
    const refusedInEnglish = await english('POST', '/api/blade-flow/model/deploy', { modelId: String(draft.id) });
    expect(refusedInEnglish.json().msg).toBe(
      'The process model cannot be deployed: User task “现场检查” needs a form (flowable:formKey)',
    );
    await api.post('/api/blade-flow/model/submit', { body: { id: draft.id, xml: CHECK } });
    expect(rowOf(await api.get('/api/blade-flow/model/detail', { id: String(draft.id) })).problems).toEqual([]);
    const deployed = rowOf(await api.post('/api/blade-flow/model/deploy', { query: { modelId: String(draft.id) } }));
    expect(deployed).toMatchObject({ processDefinitionId: 'bed_check:1', version: 1 });

    // Started from the start list with the start form's values: the operator inspects, the administrator signs off.
    const started = rowOf(
      await api.post(`${WORK}/start-process`, {
        body: { processDefinitionId: 'bed_check:1', variables: { inspector: String(operator.id) } },
      }),
    );
    const diagram = async () =>
      rowOf(
        await api.get('/api/blade-flow/process/diagram-view', { processInstanceId: String(started.processInstanceId) }),
      );
    expect(await diagram()).toMatchObject({ passed: ['ask'], current: ['inspect'] });
    const inspect = (await list('todo-list', api.operatorToken)).find(
      (task) => task.processInstanceId === started.processInstanceId,
    ) as Row;
    expect(inspect.taskName).toBe('现场检查');
    const byOperator = await api.post(`${WORK}/complete-task`, {
      token: api.operatorToken,
      body: { taskId: String(inspect.taskId), flag: 'ok' },
    });
    expect(byOperator.msg).toBe('操作成功');
    expect(await diagram()).toMatchObject({ passed: ['ask', 'inspect'], current: ['signOff'] });
    const signOff = (await list('claim-list')).find((task) => task.processInstanceId === started.processInstanceId);
    // The operator is no candidate of the sign-off: the server refuses the claim.
    const notYours = await api.post(`${WORK}/claim-task`, {
      token: api.operatorToken,
      query: { taskId: String(signOff?.taskId) },
    });
    expect(notYours.status).toBe(403);
    await claimAndApprove(signOff as Row);
    expect(await diagram()).toMatchObject({
      passed: ['ask', 'inspect', 'signOff', 'checked'],
      current: [],
      processState: 2,
    });

    const follow = pageOf(await api.get('/api/blade-flow/follow/list')).records;
    expect(follow.find((row) => row.processInstanceId === started.processInstanceId)).toMatchObject({
      processDefinitionId: 'bed_check:1',
      processState: 2,
    });
    // Suspended, it is no longer offered, and starting it is refused.
    await api.post('/api/blade-flow/manager/change-state', { query: { processId: 'bed_check:1', state: 'suspend' } });
    const versions = pageOf(await api.get('/api/blade-flow/manager/list', { size: 50 })).records;
    expect(versions.find((row) => row.id === 'bed_check:1')).toMatchObject({ suspensionState: 2 });
    expect((await list('start-list')).map((row) => row.key)).not.toContain('bed_check');
    const suspended = await api.post(`${WORK}/start-process`, { body: { processDefinitionId: 'bed_check:1' } });
    expect([suspended.status, suspended.msg]).toEqual([400, '流程已挂起, 不能发起']);
  });
});
