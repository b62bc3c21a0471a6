// The workflow engine: start a process on a business record, claim a candidate task, complete a task with an
// approval or a rejection. The process itself runs on bpmn-engine (bpmn/run.ts) from its deployed model; its state
// is kept in the instance's row and its open user tasks in blade_flow_task, so any server continues it. Each move
// is one transaction that takes its task with a conditional update, so of two clicks (two tabs, two people)
// exactly one moves the process.
import type { Transaction } from 'kysely';
import { ADMIN_ROLE_ALIAS } from '../../../facts/role-aliases.js';
import type { AppContext } from '../../platform/context.js';
import { nextId } from '../../platform/db/ids.js';
import type { Database } from '../../platform/db/schema.js';
import { formatDateTime, now } from '../../platform/db/time.js';
import { BladeError, badRequest, forbidden, notFound } from '../../platform/http/envelope.js';
import { withWork } from '../../platform/work/claims.js';
import { assignmentOf } from './assignment.js';
import { resumeRun, type Step, startRun, type Variables } from './bpmn/run.js';
import { companyDeptOf, firstDeptOf } from './company.js';
import { type Deployment, deploymentById, startingDeployment } from './deployments.js';
import { formVariables } from './forms.js';

/** Instance states (dictionary `flow_state`). */
export const FLOW_RUNNING = 1;
export const FLOW_APPROVED = 2;
export const FLOW_REJECTED = 3;

/**
 * Starts a process that needs no record of its own: its start form's values are its variables, and the instance
 * is its own business record. So a new process is a model and its forms, no server code.
 */
export async function startByForm(ctx: AppContext, actor: Actor, processKey: string, values: Variables) {
  return ctx.db.transaction().execute(async (trx) => {
    const starter = await trx
      .selectFrom('blade_user')
      .select('realName')
      .where('id', '=', actor.userId)
      .executeTakeFirst();
    const deployment = await startingDeployment(trx, processKey);
    if (deployment.businessTable) throw badRequest('该流程须从其业务页面发起');
    const start = Object.values(deployment.model.nodes).find((node) => node.type === 'StartEvent');
    const id = nextId();
    const instanceId = await startProcess(trx, processKey, actor, {
      id,
      title: `${starter?.realName ?? ''} ${deployment.name}`.trim(),
      variables: await formVariables(trx, start?.formKey ?? null, values),
    });
    return { processInstanceId: String(instanceId) };
  });
}

/** Task states: open, then done. */
export const TASK_OPEN = 0;
export const TASK_DONE = 1;

export interface Actor {
  userId: number;
  roleAliases: string[];
  deptId: string;
}

/** Candidate roles are kept as `,a,b,` so one role is found with a LIKE on `,alias,`. */
export const candidateText = (roles: string[]): string => `,${roles.join(',')},`;

interface InstanceRow {
  id: number;
  createUser: number | null;
  createDept: number | null;
}

/**
 * Brings the instance's tasks in line with where the engine stands: a task for each user task it waits on (kept in
 * the starter's company when it is a candidate task), the tasks it no longer waits on closed, and an unclaimed task
 * whose escalation timer fired opened to the timer's groups too.
 */
async function followStep(trx: Transaction<Database>, instance: InstanceRow, deployment: Deployment, step: Step) {
  const time = now();
  const open = await trx
    .selectFrom('blade_flow_task')
    .select(['id', 'nodeKey', 'assigneeId', 'candidateRoles'])
    .where('instanceId', '=', instance.id)
    .where('taskState', '=', TASK_OPEN)
    .execute();
  for (const task of open.filter((row) => !step.waiting.includes(row.nodeKey))) {
    await trx
      .updateTable('blade_flow_task')
      .set({ taskState: TASK_DONE, outcome: 'cancel', endTime: time })
      .where('id', '=', task.id)
      .execute();
  }
  for (const nodeId of step.waiting.filter((id) => !open.some((row) => row.nodeKey === id))) {
    const node = deployment.model.nodes[nodeId];
    const starter = { userId: Number(instance.createUser), deptId: instance.createDept };
    const { assigneeId, candidateRoles, candidateUsers } = await assignmentOf(trx, node, step.variables, starter);
    await trx
      .insertInto('blade_flow_task')
      .values({
        id: nextId(),
        instanceId: instance.id,
        nodeKey: nodeId,
        taskName: node.name,
        taskNameEn: node.en,
        formKey: node.formKey || null,
        assigneeId,
        candidateRoles: candidateRoles.length ? candidateText(candidateRoles) : null,
        candidateDept: candidateRoles.length ? await companyDeptOf(trx, instance.createDept) : null,
        candidateUsers: candidateUsers.length ? candidateText(candidateUsers.map(String)) : null,
        createTime: time,
      })
      .execute();
  }
  for (const timerId of step.passed) {
    const timer = deployment.model.nodes[timerId];
    if (timer?.type !== 'BoundaryEvent' || !timer.candidateGroups.length) continue;
    const task = open.find((row) => row.nodeKey === timer.attachedTo && row.assigneeId === null);
    if (!task) continue;
    const roles = new Set([...(task.candidateRoles ?? '').split(',').filter(Boolean), ...timer.candidateGroups]);
    await trx
      .updateTable('blade_flow_task')
      .set({ candidateRoles: candidateText([...roles]) })
      .where('id', '=', task.id)
      .execute();
  }
}

/**
 * Keeps the engine's state, the path taken and the next timer on the instance; an ended run ends the instance
 * approved.
 */
async function keepStep(trx: Transaction<Database>, instanceId: number, step: Step): Promise<void> {
  const time = now();
  const wake = step.timers[0]?.dueTime;
  const before = await trx
    .selectFrom('blade_flow_instance')
    .select('path')
    .where('id', '=', instanceId)
    .executeTakeFirst();
  const path = [...(before?.path ? before.path.split(',') : []), ...step.passed].join(',');
  await trx
    .updateTable('blade_flow_instance')
    .set({
      engineState: step.ended ? null : step.state,
      wakeTime: wake && !step.ended ? formatDateTime(wake) : null,
      path,
      updateTime: time,
      ...(step.ended ? { flowState: FLOW_APPROVED, endTime: time } : {}),
    })
    .where('id', '=', instanceId)
    .execute();
}

/**
 * Starts the latest deployed version of a process on a business record inside the caller's transaction: the start
 * step, recorded done (the history starts with who asked and when), then the process runs to its first tasks.
 */
export async function startProcess(
  trx: Transaction<Database>,
  processKey: string,
  actor: Actor,
  business: { id: number; title: string; variables: Variables },
): Promise<number> {
  const deployment = await startingDeployment(trx, processKey);
  const instanceId = nextId();
  const time = now();
  const instance = { id: instanceId, createUser: actor.userId, createDept: firstDeptOf(actor.deptId) };
  const variables = { ...business.variables, starter: actor.userId };
  await trx
    .insertInto('blade_flow_instance')
    .values({
      id: instanceId,
      processKey: deployment.processKey,
      deploymentId: deployment.id,
      businessTable: deployment.businessTable || processKey,
      businessId: business.id,
      title: business.title,
      createUser: actor.userId,
      createDept: instance.createDept,
      createTime: time,
    })
    .execute();
  const start = deployment.model.nodes[deployment.model.startNode];
  await trx
    .insertInto('blade_flow_task')
    .values({
      id: nextId(),
      instanceId,
      nodeKey: start.id,
      taskName: start.name,
      taskNameEn: start.en,
      formKey: start.formKey || null,
      assigneeId: actor.userId,
      taskState: TASK_DONE,
      outcome: 'start',
      createTime: time,
      endTime: time,
    })
    .execute();
  const step = await startRun(deployment.xml, variables);
  await followStep(trx, instance, deployment, step);
  await keepStep(trx, instanceId, step);
  return instanceId;
}

const holdsRole = (candidates: string | null, actor: Actor): boolean =>
  candidates !== null && actor.roleAliases.some((alias) => candidates.includes(`,${alias},`));

/** Whether the actor works in the company a candidate task is kept in (administrators work in all). */
async function inTaskCompany(trx: Transaction<Database>, candidateDept: number | null, actor: Actor): Promise<boolean> {
  if (candidateDept === null || actor.roleAliases.includes(ADMIN_ROLE_ALIAS)) return true;
  return (await companyDeptOf(trx, firstDeptOf(actor.deptId))) === candidateDept;
}

interface CandidateTask {
  candidateRoles: string | null;
  candidateDept: number | null;
  candidateUsers: string | null;
}

/** A candidate: named among its people, or holding one of its roles inside its company. */
async function isCandidate(trx: Transaction<Database>, task: CandidateTask, actor: Actor): Promise<boolean> {
  if (task.candidateUsers?.includes(`,${actor.userId},`)) return true;
  return holdsRole(task.candidateRoles, actor) && (await inTaskCompany(trx, task.candidateDept, actor));
}

export const MSG_OWN_PROCESS = '不能审批自己发起的流程, 请由另一人审批';
export const MSG_SECOND_STEP = '同一流程的两步审批须由两个不同的人办理';
export const MSG_BUSINESS_TASK = '该流程须在其业务页面办理';

/**
 * Two different people, for a process whose model asks it (`ride:distinctApprovers`): the starter approves none of
 * its steps, and one who approved a step approves no other.
 */
async function checkTwoPeople(trx: Transaction<Database>, instanceId: number, taskId: number, actor: Actor) {
  const instance = await trx
    .selectFrom('blade_flow_instance')
    .select(['createUser', 'deploymentId'])
    .where('id', '=', instanceId)
    .executeTakeFirstOrThrow();
  if (instance.deploymentId === null) return;
  const deployment = await deploymentById(trx, Number(instance.deploymentId));
  if (!deployment.model.distinctApprovers) return;
  if (Number(instance.createUser) === actor.userId) throw forbidden(MSG_OWN_PROCESS);
  const approvedBefore = await trx
    .selectFrom('blade_flow_task')
    .select('id')
    .where('instanceId', '=', instanceId)
    .where('id', '!=', taskId)
    .where('assigneeId', '=', actor.userId)
    .where('outcome', '=', 'approve')
    .executeTakeFirst();
  if (approvedBefore) throw forbidden(MSG_SECOND_STEP);
}

/**
 * The task calls of the workflow screens refuse a process the business runs itself (the payout approval): its steps
 * are taken on their own screen, where the money moves with them.
 */
async function refuseBusinessTask(trx: Transaction<Database>, taskId: number): Promise<void> {
  const row = await trx
    .selectFrom('blade_flow_task as t')
    .innerJoin('blade_flow_instance as i', 'i.id', 't.instanceId')
    .select('i.deploymentId')
    .where('t.id', '=', taskId)
    .executeTakeFirst();
  if (!row || row.deploymentId === null) return;
  const deployment = await deploymentById(trx, Number(row.deploymentId));
  if (deployment.model.byBusiness) throw badRequest(MSG_BUSINESS_TASK);
}

/** Claims a candidate task for the actor: refused when someone else holds it or the actor is no candidate. */
export async function claimTask(ctx: AppContext, actor: Actor, taskId: number): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    await refuseBusinessTask(trx, taskId);
    await claimIn(trx, actor, taskId);
  });
}

/** The claim inside the caller's transaction. */
export async function claimIn(trx: Transaction<Database>, actor: Actor, taskId: number): Promise<void> {
  const task = await trx.selectFrom('blade_flow_task').selectAll().where('id', '=', taskId).executeTakeFirst();
  if (!task) throw notFound('任务不存在');
  if (task.taskState !== TASK_OPEN) throw badRequest('该任务已办理');
  if (task.assigneeId === actor.userId) return;
  if (task.assigneeId !== null) throw badRequest('该任务已被他人签收');
  if (!(await isCandidate(trx, task, actor))) throw forbidden('你不是该任务的候选人');
  await checkTwoPeople(trx, task.instanceId, task.id, actor);
  const claimed = await trx
    .updateTable('blade_flow_task')
    .set({ assigneeId: actor.userId, claimTime: now() })
    .where('id', '=', taskId)
    .where('taskState', '=', TASK_OPEN)
    .where('assigneeId', 'is', null)
    .executeTakeFirst();
  if (Number(claimed.numUpdatedRows) === 0) throw badRequest('该任务已被他人签收');
}

/**
 * Completes the actor's task: an approval moves the process on its model (gateways decide on the process's
 * variables and the form's values), to its next tasks or its end (已通过); a rejection ends it 已驳回 at any step.
 * A task done already, someone else's, or still to be claimed is refused and nothing moves.
 */
export async function completeTask(ctx: AppContext, actor: Actor, input: Decision): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    await refuseBusinessTask(trx, input.taskId);
    if (!input.pass) return completeIn(trx, actor, { ...input, values: undefined });
    const task = await trx
      .selectFrom('blade_flow_task')
      .select('formKey')
      .where('id', '=', input.taskId)
      .executeTakeFirst();
    await completeIn(trx, actor, {
      ...input,
      values: await formVariables(trx, task?.formKey ?? null, input.values ?? {}),
    });
  });
}

/**
 * The process's variables (its starter, the start form's values and those of the steps before) for the form of an
 * open step, to its holder only.
 */
export async function taskVariables(ctx: AppContext, actor: Actor, taskId: number): Promise<Variables> {
  const task = await ctx.db
    .selectFrom('blade_flow_task as t')
    .innerJoin('blade_flow_instance as i', 'i.id', 't.instanceId')
    .select(['t.assigneeId', 't.taskState', 'i.engineState'])
    .where('t.id', '=', taskId)
    .executeTakeFirst();
  if (!task) throw notFound('任务不存在');
  if (task.taskState !== TASK_OPEN) throw badRequest('该任务已办理');
  if (task.assigneeId !== actor.userId) throw forbidden('该任务不是你的待办');
  const state = task.engineState ? (JSON.parse(task.engineState) as { environment?: { variables?: Variables } }) : {};
  return state.environment?.variables ?? {};
}

export interface Decision {
  taskId: number;
  pass: boolean;
  comment: string;
  /** The task form's values, added to the process's variables. */
  values?: Variables;
}

/** The completion inside the caller's transaction. */
export async function completeIn(trx: Transaction<Database>, actor: Actor, input: Decision): Promise<void> {
  const time = now();
  const completed = await trx
    .updateTable('blade_flow_task')
    .set({ taskState: TASK_DONE, outcome: input.pass ? 'approve' : 'reject', comment: input.comment, endTime: time })
    .where('id', '=', input.taskId)
    .where('taskState', '=', TASK_OPEN)
    .where('assigneeId', '=', actor.userId)
    .executeTakeFirst();
  const task = await trx.selectFrom('blade_flow_task').selectAll().where('id', '=', input.taskId).executeTakeFirst();
  if (!task) throw notFound('任务不存在');
  if (Number(completed.numUpdatedRows) === 0) {
    if (task.taskState !== TASK_OPEN) throw badRequest('该任务已办理');
    if (task.assigneeId === null) throw badRequest('请先签收该任务');
    throw forbidden('该任务不是你的待办');
  }
  if (input.pass) await checkTwoPeople(trx, task.instanceId, task.id, actor);
  // Taken with a write first, so two tasks of one instance done at once move its state one after the other.
  await trx.updateTable('blade_flow_instance').set({ updateTime: time }).where('id', '=', task.instanceId).execute();
  const instance = await trx
    .selectFrom('blade_flow_instance')
    .select(['id', 'createUser', 'createDept', 'deploymentId', 'engineState'])
    .where('id', '=', task.instanceId)
    .executeTakeFirstOrThrow();
  if (!input.pass) {
    await endRejected(trx, instance.id, time);
    return;
  }
  if (instance.deploymentId === null) throw badRequest('流程未部署');
  const deployment = await deploymentById(trx, Number(instance.deploymentId));
  const state = instance.engineState ?? (await adoptedState(trx, deployment, instance.id, task.nodeKey));
  const step = await resumeRun(state, { done: task.nodeKey, values: { ...input.values, approved: true } });
  await followStep(trx, instance, deployment, step);
  await keepStep(trx, instance.id, step);
}

/** Ends a running instance rejected, its open steps closed (a rejection, or its record withdrawn). */
export async function endRejected(trx: Transaction<Database>, instanceId: number, time: string): Promise<void> {
  await trx
    .updateTable('blade_flow_task')
    .set({ taskState: TASK_DONE, outcome: 'cancel', endTime: time })
    .where('instanceId', '=', instanceId)
    .where('taskState', '=', TASK_OPEN)
    .execute();
  await trx
    .updateTable('blade_flow_instance')
    .set({ flowState: FLOW_REJECTED, endTime: time, updateTime: time, engineState: null, wakeTime: null })
    .where('id', '=', instanceId)
    .execute();
}

/**
 * The engine state of an instance started before processes ran on the engine: its leave's variables run from the
 * start, each step its history approved is approved again, until the process waits where its open task is.
 */
async function adoptedState(
  trx: Transaction<Database>,
  deployment: Deployment,
  instanceId: number,
  openNode: string,
): Promise<string> {
  const leave = await trx
    .selectFrom('blade_flow_instance as i')
    .innerJoin('biz_leave as l', 'l.id', 'i.businessId')
    .select(['i.createUser', 'l.taskUser', 'l.days'])
    .where('i.id', '=', instanceId)
    .executeTakeFirstOrThrow();
  let step = await startRun(deployment.xml, {
    starter: Number(leave.createUser),
    taskUser: leave.taskUser,
    days: Number(leave.days),
  });
  const approved = await trx
    .selectFrom('blade_flow_task')
    .select('nodeKey')
    .where('instanceId', '=', instanceId)
    .where('outcome', '=', 'approve')
    .orderBy('endTime')
    .orderBy('id')
    .execute();
  for (const { nodeKey } of approved) {
    if (step.waiting.includes(openNode) || !step.waiting.includes(nodeKey)) break;
    step = await resumeRun(step.state, { done: nodeKey, values: { approved: true } });
  }
  if (!step.waiting.includes(openNode)) throw badRequest('流程无法继续, 请联系管理员');
  return step.state;
}

/** How long an instance firing a timer holds it: far longer than one firing (a transaction of the engine's steps). */
export const TIMER_LEASE_SECONDS = 120;

/**
 * The timer pass: every running instance whose next timer is due is resumed (the engine fires the timer), one
 * transaction each, under a lease on the instance (work/claims.ts, kind `flow-timer`) so two servers never fire one
 * timer twice. Under the lease the wake time is read again (another server may have fired it since this pass listed
 * it) and cleared in the same transaction as the step: a server that dies mid-fire leaves the wake time as it was,
 * and the timer fires on another server's pass once the lease ran out. An instance the engine refuses to move is
 * told to `refused` and keeps no wake time: the pass goes on to the others and does not meet it again every minute.
 */
export async function wakeDueProcesses(
  ctx: AppContext,
  at: Date = new Date(),
  refused: (instanceId: number, error: Error) => void = () => {},
): Promise<number> {
  const due = await ctx.db
    .selectFrom('blade_flow_instance')
    .select('id')
    .where('wakeTime', '<=', formatDateTime(at))
    .where('flowState', '=', FLOW_RUNNING)
    .execute();
  let woken = 0;
  for (const row of due) {
    const fire = () =>
      ctx.db.transaction().execute(async (trx) => {
        const taken = await trx
          .updateTable('blade_flow_instance')
          .set({ wakeTime: null })
          .where('id', '=', row.id)
          .where('wakeTime', '<=', formatDateTime(at))
          .where('flowState', '=', FLOW_RUNNING)
          .executeTakeFirst();
        if (Number(taken.numUpdatedRows) === 0) return;
        const instance = await trx
          .selectFrom('blade_flow_instance')
          .select(['id', 'createUser', 'createDept', 'deploymentId', 'engineState'])
          .where('id', '=', row.id)
          .executeTakeFirstOrThrow();
        if (!instance.engineState || instance.deploymentId === null) return;
        const deployment = await deploymentById(trx, Number(instance.deploymentId));
        let step: Step;
        try {
          step = await resumeRun(instance.engineState, {}, { now: at });
        } catch (error) {
          if (!(error instanceof BladeError)) throw error;
          refused(instance.id, error);
          return;
        }
        await followStep(trx, instance, deployment, step);
        await keepStep(trx, instance.id, step);
        woken += 1;
      });
    await withWork(ctx, { kind: 'flow-timer', key: String(row.id) }, TIMER_LEASE_SECONDS, fire, at);
  }
  return woken;
}
