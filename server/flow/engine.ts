// The workflow engine: start a process on a business record, claim a candidate task, complete a task with an
// approval or a rejection. Each transition is one transaction, and each claims its task with a conditional update,
// so of two clicks (two tabs, two people) exactly one moves the process.
import type { Transaction } from 'kysely';
import type { AppContext } from '../context.js';
import { nextId } from '../db/ids.js';
import type { Database } from '../db/schema.js';
import { now } from '../db/time.js';
import { badRequest, forbidden, notFound } from '../http/envelope.js';
import { ADMIN_ROLE_ALIAS } from '../seed/organisation.js';
import { companyDeptOf, firstDeptOf } from './company.js';
import { type Assignment, type FlowRecord, type ProcessDefinition, processOf, START_NODE } from './definitions.js';

/** Instance states (dictionary `flow_state`). */
export const FLOW_RUNNING = 1;
export const FLOW_APPROVED = 2;
export const FLOW_REJECTED = 3;

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

/**
 * Opens a task; a candidate task is kept inside the company of the instance's starter (`candidateDept`), so only
 * holders of its roles in that company — and administrators — may claim it.
 */
async function openTask(trx: Transaction<Database>, instanceId: number, assignment: Assignment): Promise<void> {
  const instance = await trx
    .selectFrom('blade_flow_instance')
    .select('createDept')
    .where('id', '=', instanceId)
    .executeTakeFirst();
  const candidateDept = 'candidateRoles' in assignment ? await companyDeptOf(trx, instance?.createDept ?? null) : null;
  await trx
    .insertInto('blade_flow_task')
    .values({
      id: nextId(),
      instanceId,
      nodeKey: assignment.node,
      assigneeId: 'assigneeId' in assignment ? assignment.assigneeId : null,
      candidateRoles: 'candidateRoles' in assignment ? candidateText(assignment.candidateRoles) : null,
      candidateDept,
      createTime: now(),
    })
    .execute();
}

/** Starts `process` on a business record inside the caller's transaction: the start step, done, and the first task. */
export async function startProcess(
  trx: Transaction<Database>,
  process: ProcessDefinition,
  actor: Actor,
  business: { id: number; title: string; record: FlowRecord },
): Promise<number> {
  const instanceId = nextId();
  const time = now();
  await trx
    .insertInto('blade_flow_instance')
    .values({
      id: instanceId,
      processKey: process.key,
      businessTable: process.businessTable,
      businessId: business.id,
      title: business.title,
      createUser: actor.userId,
      createDept: firstDeptOf(actor.deptId),
      createTime: time,
    })
    .execute();
  await trx
    .insertInto('blade_flow_task')
    .values({
      id: nextId(),
      instanceId,
      nodeKey: START_NODE,
      assigneeId: actor.userId,
      taskState: TASK_DONE,
      outcome: 'start',
      createTime: time,
      endTime: time,
    })
    .execute();
  await openTask(trx, instanceId, process.first(business.record));
  return instanceId;
}

const isCandidate = (candidates: string | null, actor: Actor): boolean =>
  candidates !== null && actor.roleAliases.some((alias) => candidates.includes(`,${alias},`));

/** Whether the actor works in the company a candidate task is kept in (administrators work in all). */
async function inTaskCompany(trx: Transaction<Database>, candidateDept: number | null, actor: Actor): Promise<boolean> {
  if (candidateDept === null || actor.roleAliases.includes(ADMIN_ROLE_ALIAS)) return true;
  return (await companyDeptOf(trx, firstDeptOf(actor.deptId))) === candidateDept;
}

/** Claims a candidate task for the actor: refused when someone else holds it or the actor is no candidate. */
export async function claimTask(ctx: AppContext, actor: Actor, taskId: number): Promise<void> {
  await ctx.db.transaction().execute((trx) => claimIn(trx, actor, taskId));
}

/** The claim inside the caller's transaction. */
export async function claimIn(trx: Transaction<Database>, actor: Actor, taskId: number): Promise<void> {
  const task = await trx.selectFrom('blade_flow_task').selectAll().where('id', '=', taskId).executeTakeFirst();
  if (!task) throw notFound('任务不存在');
  if (task.taskState !== TASK_OPEN) throw badRequest('该任务已办理');
  if (task.assigneeId === actor.userId) return;
  if (task.assigneeId !== null) throw badRequest('该任务已被他人签收');
  if (!isCandidate(task.candidateRoles, actor) || !(await inTaskCompany(trx, task.candidateDept, actor))) {
    throw forbidden('你不是该任务的候选人');
  }
  const claimed = await trx
    .updateTable('blade_flow_task')
    .set({ assigneeId: actor.userId, claimTime: now() })
    .where('id', '=', taskId)
    .where('taskState', '=', TASK_OPEN)
    .where('assigneeId', 'is', null)
    .executeTakeFirst();
  if (Number(claimed.numUpdatedRows) === 0) throw badRequest('该任务已被他人签收');
}

/** The business record a process decides on, as its definition reads it. */
async function recordOf(trx: Transaction<Database>, instanceId: number): Promise<FlowRecord> {
  const row = await trx
    .selectFrom('blade_flow_instance')
    .innerJoin('biz_leave', 'biz_leave.id', 'blade_flow_instance.businessId')
    .select(['blade_flow_instance.createUser', 'biz_leave.taskUser', 'biz_leave.days'])
    .where('blade_flow_instance.id', '=', instanceId)
    .executeTakeFirstOrThrow();
  return { starter: Number(row.createUser), taskUser: row.taskUser, days: Number(row.days) };
}

/**
 * Completes the actor's task: approval moves to the definition's next node or ends the process approved; rejection
 * ends it rejected. A task done already, someone else's, or still to be claimed is refused and nothing moves.
 */
export async function completeTask(ctx: AppContext, actor: Actor, input: Decision): Promise<void> {
  await ctx.db.transaction().execute((trx) => completeIn(trx, actor, input));
}

export interface Decision {
  taskId: number;
  pass: boolean;
  comment: string;
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
  const instance = await trx
    .selectFrom('blade_flow_instance')
    .select(['processKey'])
    .where('id', '=', task.instanceId)
    .executeTakeFirstOrThrow();
  const process = processOf(instance.processKey);
  const next = input.pass && process ? process.next(task.nodeKey, await recordOf(trx, task.instanceId)) : null;
  if (next) {
    await openTask(trx, task.instanceId, next);
    return;
  }
  await trx
    .updateTable('blade_flow_instance')
    .set({ flowState: input.pass ? FLOW_APPROVED : FLOW_REJECTED, endTime: time, updateTime: time })
    .where('id', '=', task.instanceId)
    .execute();
}
