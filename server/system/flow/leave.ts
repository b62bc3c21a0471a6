// Leave requests (/blade-desk/process/leave): a request starts the 请假流程 on its own record; the detail shows the
// request with where its process stands. docs/workflow.md describes the rule of who approves.
import type { Transaction } from 'kysely';
import type { AppContext } from '../../platform/context.js';
import { nextId } from '../../platform/db/ids.js';
import type { Database } from '../../platform/db/schema.js';
import { now, parseDateTime } from '../../platform/db/time.js';
import { badRequest, notFound } from '../../platform/http/envelope.js';
import { type Actor, startProcess } from './engine.js';

export interface LeaveInput {
  leaveType: number;
  startTime: string;
  endTime: string;
  days: number;
  reason: string;
  taskUser?: string;
}

/** Saves the request and starts its process in one transaction; answers the request's id and the process's. */
export async function startLeave(ctx: AppContext, actor: Actor, input: LeaveInput) {
  if (parseDateTime(input.endTime).getTime() < parseDateTime(input.startTime).getTime()) {
    throw badRequest('结束时间不能早于开始时间');
  }
  // The calendar days the leave touches, both ends included, as the form counts them.
  const days =
    Math.round((Date.parse(input.endTime.slice(0, 10)) - Date.parse(input.startTime.slice(0, 10))) / 864e5) + 1;
  if (input.days !== days) throw badRequest(`请假天数与开始、结束时间不符: 应为 ${days} 天`);
  const taskUser = input.taskUser ? Number(input.taskUser) : null;
  if (taskUser !== null) {
    const approver = await ctx.db
      .selectFrom('blade_user')
      .select('id')
      .where('id', '=', taskUser)
      .where('isDeleted', '=', 0)
      .executeTakeFirst();
    if (!approver) throw badRequest('审批人不存在');
    if (taskUser === actor.userId) throw badRequest('审批人不能是自己');
  }
  return ctx.db.transaction().execute((trx) => insertLeave(trx, actor, { ...input, taskUser }));
}

/** Saves a checked leave request and starts its process inside the caller's transaction. */
export async function insertLeave(
  trx: Transaction<Database>,
  actor: Actor,
  input: Omit<LeaveInput, 'taskUser'> & { taskUser: number | null },
) {
  const { taskUser } = input;
  const id = nextId();
  const starter = await trx
    .selectFrom('blade_user')
    .select('realName')
    .where('id', '=', actor.userId)
    .executeTakeFirst();
  await trx
    .insertInto('biz_leave')
    .values({
      id,
      leaveType: input.leaveType,
      startTime: input.startTime,
      endTime: input.endTime,
      days: input.days,
      reason: input.reason,
      taskUser,
      createUser: actor.userId,
      createDept: Number(actor.deptId.split(',')[0]) || null,
      createTime: now(),
    })
    .execute();
  // The variables processes/leave.bpmn decides on: the named approver and the length of the leave.
  const instanceId = await startProcess(trx, 'leave', actor, {
    id,
    title: `${starter?.realName ?? ''} 请假 ${input.days} 天`,
    variables: { taskUser, days: input.days, leaveType: input.leaveType },
  });
  await trx.updateTable('biz_leave').set({ instanceId }).where('id', '=', id).execute();
  return { id: String(id), processInstanceId: String(instanceId) };
}

/** A leave request with its starter, approver and process state, as the flow screens show it. */
export async function leaveDetail(ctx: AppContext, businessId: number) {
  const row = await ctx.db
    .selectFrom('biz_leave as l')
    .leftJoin('blade_flow_instance as i', 'i.id', 'l.instanceId')
    .leftJoin('blade_user as s', 's.id', 'l.createUser')
    .leftJoin('blade_user as u', 'u.id', 'l.taskUser')
    .select([
      'l.id',
      'l.instanceId',
      'l.leaveType',
      'l.startTime',
      'l.endTime',
      'l.days',
      'l.reason',
      'l.taskUser',
      'l.createUser',
      'l.createTime',
      's.realName as createUserName',
      'u.realName as taskUserName',
      'i.flowState',
      'i.endTime as finishTime',
    ])
    .where('l.id', '=', businessId)
    .where('l.isDeleted', '=', 0)
    .executeTakeFirst();
  if (!row) throw notFound('请假申请不存在');
  return {
    id: String(row.id),
    processInstanceId: row.instanceId === null ? '' : String(row.instanceId),
    processDefinitionKey: 'leave',
    leaveType: row.leaveType,
    startTime: row.startTime,
    endTime: row.endTime,
    days: row.days,
    reason: row.reason,
    taskUser: row.taskUser === null ? '' : String(row.taskUser),
    taskUserName: row.taskUserName ?? '',
    createUser: String(row.createUser ?? ''),
    createUserName: row.createUserName ?? '',
    applyTime: row.createTime ?? '',
    processState: row.flowState ?? -1,
    finishTime: row.finishTime ?? '',
  };
}
