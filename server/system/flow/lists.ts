// The workflow's lists, in the fields BladeX's flow module answers (BladeFlow): tasks to claim, to do and done,
// processes sent, and one process's history. Names come in the caller's language.

import { ADMIN_ROLE_ALIAS } from '../../../facts/role-aliases.js';
import type { AppContext } from '../../platform/context.js';
import { parseDateTime } from '../../platform/db/time.js';
import { pageOf } from '../../platform/engine/resource.js';
import { forbidden } from '../../platform/http/envelope.js';
import type { Language } from '../../platform/http/language.js';
import { madeTextInEnglish } from '../../platform/http/made-text.js';
import { candidateNames, companyDeptOf, firstDeptOf } from './company.js';
import { type Deployment, latestDeployments } from './deployments.js';
import { type Actor, FLOW_RUNNING, TASK_DONE, TASK_OPEN } from './engine.js';
import { processFormFields } from './forms.js';

export interface Paging {
  current: number;
  size: number;
}

const pageAnswer = <T>(records: T[], total: number, paging: Paging) =>
  pageOf(records, total, paging.current, paging.size);

/** The time between two stamps as people read it: 1天2小时3分 / 1d 2h 3m (under a minute: 0分 / 0m). */
export function durationText(millis: number, language: Language): string {
  const minutes = Math.floor(millis / 60_000);
  const parts: [number, string, string][] = [
    [Math.floor(minutes / 1440), '天', 'd'],
    [Math.floor((minutes % 1440) / 60), '小时', 'h'],
    [minutes % 60, '分', 'm'],
  ];
  const shown = parts.filter(([value], index) => value > 0 || index === 2);
  return shown
    .map(([value, zh, en]) => (language === 'en' ? `${value}${en}` : `${value}${zh}`))
    .join(language === 'en' ? ' ' : '');
}

function tasks(ctx: AppContext) {
  return ctx.db
    .selectFrom('blade_flow_task as t')
    .innerJoin('blade_flow_instance as i', 'i.id', 't.instanceId')
    .leftJoin('blade_user as a', 'a.id', 't.assigneeId')
    .leftJoin('blade_user as s', 's.id', 'i.createUser')
    .leftJoin('blade_flow_deployment as d', 'd.id', 'i.deploymentId')
    .where('i.isDeleted', '=', 0);
}

type TaskQuery = ReturnType<typeof tasks>;

const taskColumns = (query: TaskQuery) =>
  query.select([
    't.id',
    't.nodeKey',
    't.formKey',
    't.assigneeId',
    't.taskState',
    't.outcome',
    't.comment',
    't.createTime',
    't.claimTime',
    't.endTime',
    't.taskName',
    't.taskNameEn',
    'i.id as instanceId',
    'i.processKey',
    'i.businessTable',
    'i.businessId',
    'i.title',
    'i.flowState',
    'i.createUser as starter',
    'i.createTime as startTime',
    'a.realName as assigneeName',
    's.realName as starterName',
    'd.name as processName',
    'd.nameEn as processNameEn',
    'd.category',
    'd.version',
  ]);

type TaskRow = Awaited<ReturnType<ReturnType<typeof taskColumns>['execute']>>[number];

/** One task (or history step) as BladeX's BladeFlow carries it. */
function taskAnswer(row: TaskRow, language: Language) {
  const millis = row.endTime ? parseDateTime(row.endTime).getTime() - parseDateTime(row.createTime).getTime() : -1;
  return {
    taskId: String(row.id),
    taskName: (language === 'en' ? row.taskNameEn : row.taskName) ?? row.nodeKey,
    taskDefinitionKey: row.nodeKey,
    formKey: row.formKey ?? '',
    assignee: row.assigneeId === null ? '' : String(row.assigneeId),
    assigneeName: row.assigneeName ?? '',
    createTime: row.createTime,
    claimTime: row.claimTime ?? '',
    endTime: row.endTime ?? '',
    status: row.taskState === TASK_OPEN ? 'todo' : 'finished',
    outcome: row.outcome ?? '',
    comment: inLanguage(row.comment ?? '', language),
    durationInMillis: millis,
    historyActivityDurationTime: millis >= 0 ? durationText(millis, language) : '',
    ...instanceAnswer(row, language),
  };
}

/** The leave's title and the default comments are written in Chinese; an English caller reads them in English. */
const inLanguage = (text: string, language: Language): string => (language === 'en' ? madeTextInEnglish(text) : text);

function instanceAnswer(
  row: Pick<
    TaskRow,
    | 'instanceId'
    | 'processKey'
    | 'businessTable'
    | 'businessId'
    | 'title'
    | 'flowState'
    | 'starter'
    | 'processName'
    | 'processNameEn'
    | 'category'
    | 'version'
  > & {
    starterName: string | null;
    startTime: string | null;
  },
  language: Language,
) {
  return {
    processInstanceId: String(row.instanceId),
    processDefinitionId: row.version === null ? row.processKey : `${row.processKey}:${row.version}`,
    processDefinitionKey: row.processKey,
    processDefinitionName: (language === 'en' ? row.processNameEn : row.processName) ?? row.processKey,
    category: row.category ?? '',
    businessTable: row.businessTable,
    businessId: String(row.businessId),
    title: inLanguage(row.title, language),
    startUser: String(row.starter ?? ''),
    startUserName: row.starterName ?? '',
    startTime: row.startTime ?? '',
    processState: row.flowState,
    processIsFinished: row.flowState !== FLOW_RUNNING,
  };
}

async function pageOfTasks(query: TaskQuery, paging: Paging, language: Language, newestBy: 'createTime' | 'endTime') {
  const counted = await query.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow();
  const rows = await taskColumns(query)
    .orderBy(`t.${newestBy}`, 'desc')
    .orderBy('t.id', 'desc')
    .limit(paging.size)
    .offset((paging.current - 1) * paging.size)
    .execute();
  return pageAnswer(
    rows.map((row) => taskAnswer(row, language)),
    Number(counted.count),
    paging,
  );
}

/**
 * The processes a person may start (BladeX: the latest deployed version of each, not suspended), less those the
 * business starts itself.
 */
/** The page whose form 发起 opens: the start event's `formKey` when it names a page with a form, else empty. */
async function startFormOf(ctx: AppContext, deployment: Deployment): Promise<string> {
  const start = Object.values(deployment.model.nodes).find((node) => node.type === 'StartEvent');
  return start?.formKey && (await processFormFields(ctx.db, start.formKey)) ? start.formKey : '';
}

export async function startList(ctx: AppContext, paging: Paging, language: Language) {
  const latest = await latestDeployments(ctx.db);
  const startable = latest.filter((deployment) => !deployment.suspended && !deployment.model.byBusiness);
  const all = await Promise.all(
    startable.map(async (deployment) => ({
      id: `${deployment.processKey}:${deployment.version}`,
      key: deployment.processKey,
      name: language === 'en' ? deployment.nameEn : deployment.name,
      category: deployment.category,
      version: deployment.version,
      deploymentId: String(deployment.id),
      suspensionState: 1,
      startForm: await startFormOf(ctx, deployment),
    })),
  );
  const from = (paging.current - 1) * paging.size;
  return pageAnswer(all.slice(from, from + paging.size), all.length, paging);
}

/**
 * Open tasks nobody holds yet whose candidate roles include one of the actor's, inside the actor's company (tasks
 * kept in no company, and every task for an administrator).
 */
export async function claimList(ctx: AppContext, actor: Actor, paging: Paging, language: Language) {
  const company = await companyDeptOf(ctx.db, firstDeptOf(actor.deptId));
  const everywhere = actor.roleAliases.includes(ADMIN_ROLE_ALIAS);
  const query = tasks(ctx)
    .where('t.taskState', '=', TASK_OPEN)
    .where('t.assigneeId', 'is', null)
    .where((eb) =>
      eb.or([
        eb('t.candidateUsers', 'like', `%,${actor.userId},%`),
        eb.and([
          eb.or(actor.roleAliases.map((alias) => eb('t.candidateRoles', 'like', `%,${alias},%`))),
          ...(everywhere
            ? []
            : [
                eb.or([
                  eb('t.candidateDept', 'is', null),
                  ...(company === null ? [] : [eb('t.candidateDept', '=', company)]),
                ]),
              ]),
        ]),
      ]),
    );
  return pageOfTasks(query, paging, language, 'createTime');
}

export function todoList(ctx: AppContext, actor: Actor, paging: Paging, language: Language) {
  const query = tasks(ctx).where('t.taskState', '=', TASK_OPEN).where('t.assigneeId', '=', actor.userId);
  return pageOfTasks(query, paging, language, 'createTime');
}

/** The approvals and rejections the actor made (their own start steps are in the sent list). */
export function doneList(ctx: AppContext, actor: Actor, paging: Paging, language: Language) {
  const query = tasks(ctx)
    .where('t.taskState', '=', TASK_DONE)
    .where('t.assigneeId', '=', actor.userId)
    .where('t.outcome', '!=', 'start');
  return pageOfTasks(query, paging, language, 'endTime');
}

/** The processes the actor started, newest first, each with where it stands now. */
export async function sendList(ctx: AppContext, actor: Actor, paging: Paging, language: Language) {
  const instances = ctx.db
    .selectFrom('blade_flow_instance as i')
    .leftJoin('blade_user as s', 's.id', 'i.createUser')
    .leftJoin('blade_flow_deployment as d', 'd.id', 'i.deploymentId')
    .where('i.isDeleted', '=', 0)
    .where('i.createUser', '=', actor.userId);
  const counted = await instances.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow();
  const rows = await instances
    .select([
      'i.id as instanceId',
      'i.processKey',
      'i.businessTable',
      'i.businessId',
      'i.title',
      'i.flowState',
      'i.createUser as starter',
      'i.createTime as startTime',
      'i.endTime',
      's.realName as starterName',
      'd.name as processName',
      'd.nameEn as processNameEn',
      'd.category',
      'd.version',
    ])
    .orderBy('i.createTime', 'desc')
    .orderBy('i.id', 'desc')
    .limit(paging.size)
    .offset((paging.current - 1) * paging.size)
    .execute();
  const open = rows.length
    ? await tasks(ctx)
        .where('t.taskState', '=', TASK_OPEN)
        .where(
          't.instanceId',
          'in',
          rows.map((row) => row.instanceId),
        )
        .select([
          't.instanceId',
          't.taskName',
          't.taskNameEn',
          'a.realName as assigneeName',
          't.candidateRoles',
          't.candidateDept',
          't.candidateUsers',
        ])
        .execute()
    : [];
  // The starter sees who will approve: the one who holds the step, or else everyone who may claim it.
  const approvers = new Map<number, string>();
  for (const task of open) {
    if (task.assigneeName || (!task.candidateRoles && !task.candidateUsers)) continue;
    const names = await candidateNames(ctx.db, task);
    approvers.set(Number(task.instanceId), names.join(language === 'en' ? ', ' : '、'));
  }
  const records = rows.map((row) => {
    const current = open.find((task) => task.instanceId === row.instanceId);
    return {
      ...instanceAnswer(row, language),
      createTime: row.startTime ?? '',
      endTime: row.endTime ?? '',
      taskName: (language === 'en' ? current?.taskNameEn : current?.taskName) ?? '',
      assigneeName: current?.assigneeName || approvers.get(Number(row.instanceId)) || '',
    };
  });
  return pageAnswer(records, Number(counted.count), paging);
}

/**
 * Every step of one process, oldest first, the open one last. Its starter, anyone who held or may claim one of its
 * tasks, and administrators may read it.
 */
export async function historyList(ctx: AppContext, actor: Actor, instanceId: number, language: Language) {
  const rows = await taskColumns(tasks(ctx).where('t.instanceId', '=', instanceId))
    .select(['t.candidateRoles', 't.candidateDept', 't.candidateUsers'])
    .orderBy('t.createTime')
    .orderBy('t.id')
    .execute();
  const company = await companyDeptOf(ctx.db, firstDeptOf(actor.deptId));
  const allowed =
    actor.roleAliases.includes(ADMIN_ROLE_ALIAS) ||
    rows.some(
      (row) =>
        row.starter === actor.userId ||
        row.assigneeId === actor.userId ||
        row.candidateUsers?.includes(`,${actor.userId},`) ||
        ((row.candidateDept === null || Number(row.candidateDept) === company) &&
          actor.roleAliases.some((alias) => row.candidateRoles?.includes(`,${alias},`))),
    );
  if (rows.length > 0 && !allowed) throw forbidden('你不能查看该流程');
  const answer = [];
  for (const row of rows) {
    const step = taskAnswer(row, language);
    // An open step nobody holds yet names who may take it, so the requester sees who will approve.
    const waiting = row.taskState === TASK_OPEN && row.assigneeId === null;
    const candidates = waiting ? await candidateNames(ctx.db, row) : [];
    answer.push({
      ...step,
      historyActivityName: step.taskName,
      candidateNames: candidates,
      ...(waiting ? { assigneeName: candidates.join(language === 'en' ? ', ' : '、') } : {}),
    });
  }
  return answer;
}
