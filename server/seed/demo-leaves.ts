// Demo leave requests of the operator, one in each state the workflow screens show (docs/workflow.md): waiting to be
// claimed, claimed, approved, rejected, and a long one approved waiting for HR. The operator works at head office, so
// its approver is head office's administrator: the franchisee's site manager approves only its own company's staff.
import type { Kysely, Transaction } from 'kysely';
import { ADMIN_ROLE_ALIAS } from '../../facts/role-aliases.js';
import type { Database } from '../platform/db/schema.js';
import { type Actor, claimIn, completeIn } from '../system/flow/engine.js';
import { insertLeave } from '../system/flow/leave.js';
import { OPERATOR_ROLE_ALIAS } from './organisation.js';

async function actorOf(trx: Transaction<Database> | Kysely<Database>, account: string, alias: string): Promise<Actor> {
  const user = await trx
    .selectFrom('blade_user')
    .select(['id', 'deptId'])
    .where('account', '=', account)
    .executeTakeFirstOrThrow();
  return { userId: user.id, deptId: user.deptId ?? '', roleAliases: [alias] };
}

async function openTaskOf(trx: Transaction<Database>, processInstanceId: string): Promise<number> {
  const task = await trx
    .selectFrom('blade_flow_task')
    .select('id')
    .where('instanceId', '=', Number(processInstanceId))
    .where('taskState', '=', 0)
    .executeTakeFirstOrThrow();
  return task.id;
}

const LEAVES = [
  { leaveType: 2, startTime: '2026-12-03 09:00:00', endTime: '2026-12-03 18:00:00', days: 1, reason: '发烧就医' },
  { leaveType: 1, startTime: '2026-12-08 09:00:00', endTime: '2026-12-09 18:00:00', days: 2, reason: '孩子家长会' },
  { leaveType: 3, startTime: '2026-11-10 09:00:00', endTime: '2026-11-11 18:00:00', days: 2, reason: '年假出游' },
  { leaveType: 4, startTime: '2026-12-24 09:00:00', endTime: '2026-12-25 18:00:00', days: 2, reason: '节前调休' },
  { leaveType: 5, startTime: '2027-01-04 09:00:00', endTime: '2027-01-11 18:00:00', days: 6, reason: '婚假' },
];

export async function addDemoLeaves(trx: Transaction<Database>): Promise<void> {
  const operator = await actorOf(trx, 'operator', OPERATOR_ROLE_ALIAS);
  const approver = await actorOf(trx, 'admin', ADMIN_ROLE_ALIAS);
  const started = [];
  for (const leave of LEAVES) started.push(await insertLeave(trx, operator, { ...leave, taskUser: null }));
  const tasks = [];
  for (const leave of started) tasks.push(await openTaskOf(trx, leave.processInstanceId));
  const [, claimed, approved, rejected, long] = tasks;
  for (const task of [claimed, approved, rejected, long]) await claimIn(trx, approver, task);
  await completeIn(trx, approver, { taskId: approved, pass: true, comment: '同意,注意交接' });
  await completeIn(trx, approver, { taskId: rejected, pass: false, comment: '周末客流高峰,请改期' });
  await completeIn(trx, approver, { taskId: long, pass: true, comment: '同意,报人事备案' });
}
