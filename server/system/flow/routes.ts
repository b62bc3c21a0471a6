// The workflow's calls (spec §7 "Workflow"): /blade-flow/work/* lists and task moves, the process history, and the
// leave request of /blade-desk/process/leave. Each list is its screen's menu; claim and complete need their buttons.
import type { FastifyRequest } from 'fastify';
import { NOTHING, type RecordFields } from '../../platform/docs/record.js';
import { ID_PATTERN, pageQuery } from '../../platform/engine/schemas.js';
import { done, ok, unauthorized } from '../../platform/http/envelope.js';
import { languageOf } from '../../platform/http/language.js';
import type { RoutePlugin } from '../../platform/http/route-plugin.js';
import { deployUploadRoutes } from './deploy-upload.js';
import { type Actor, claimTask, completeTask, startByForm, taskVariables } from './engine.js';
import { leaveDetail, startLeave } from './leave.js';
import { claimList, doneList, historyList, type Paging, sendList, startList, todoList } from './lists.js';
import { flowManageRoutes } from './manage-routes.js';
import {
  HISTORY_STEP_RECORD,
  LEAVE_RECORD,
  LEAVE_STARTED_ANSWER,
  SENT_RECORD,
  STARTABLE_RECORD,
  STARTED_ANSWER,
  TASK_RECORD,
  TASK_VARIABLES_RECORD,
} from './records.js';
import { flowTimers } from './timers.js';

const WORK_MENUS = ['work_start', 'work_claim', 'work_todo', 'work_send', 'work_done'];
const TAGS = ['工作流'];
const PASS_COMMENT = '同意';
const REJECT_COMMENT = '驳回';

function actorOf(request: FastifyRequest): Actor {
  if (!request.user) throw unauthorized();
  const { userId, roleAliases, deptId } = request.user;
  return { userId, roleAliases, deptId };
}

const taskQuery = {
  type: 'object',
  required: ['taskId'],
  properties: { taskId: { type: 'string', pattern: ID_PATTERN, description: '任务' } },
} as const;

/**
 * A form's values as a process's variables: plain names (what an expression can read), scalars, each text up to
 * 2000 characters, at most 50 of them.
 */
const variablesSchema = (description: string) =>
  ({
    type: 'object',
    maxProperties: 50,
    propertyNames: { pattern: '^[A-Za-z][A-Za-z0-9_]{0,49}$' },
    additionalProperties: { type: ['string', 'number', 'boolean', 'null'], maxLength: 2000 },
    description,
  }) as const;

const completeBody = {
  type: 'object',
  required: ['taskId'],
  properties: {
    taskId: { type: 'string', pattern: ID_PATTERN, description: '任务' },
    processInstanceId: { type: 'string', description: '流程实例' },
    flag: { type: 'string', enum: ['ok', 'reject'], description: '审批结果: ok 同意, reject 驳回' },
    comment: { type: 'string', maxLength: 500, description: '审批意见' },
    variables: variablesSchema('步骤表单的值, 同意时加入流程变量'),
  },
} as const;

const DATE_TIME = '^\\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\\d|3[01]) ([01]\\d|2[0-3]):[0-5]\\d:[0-5]\\d$';

const leaveBody = {
  type: 'object',
  required: ['leaveType', 'startTime', 'endTime', 'days', 'reason'],
  properties: {
    processDefinitionId: { type: 'string', description: '流程定义' },
    leaveType: { type: 'integer', minimum: 1, maximum: 99, description: '请假类型' },
    startTime: { type: 'string', pattern: DATE_TIME, description: '开始时间' },
    endTime: { type: 'string', pattern: DATE_TIME, description: '结束时间' },
    days: { type: 'integer', minimum: 1, maximum: 365, description: '请假天数' },
    reason: { type: 'string', minLength: 1, maxLength: 500, pattern: '\\S', description: '请假理由' },
    taskUser: { type: 'string', pattern: `^$|${ID_PATTERN}`, description: '审批人' },
  },
} as const;

export const flowRoutes: RoutePlugin = async (app) => {
  await app.register(flowTimers);
  await app.register(flowManageRoutes);
  await app.register(deployUploadRoutes);
  const list = (
    path: string,
    menu: string,
    summary: string,
    record: RecordFields,
    answer: (request: FastifyRequest, paging: Paging) => Promise<unknown>,
  ) =>
    app.get(
      `/blade-flow/work/${path}`,
      { config: { access: { menu }, record }, schema: { tags: TAGS, summary, querystring: pageQuery } },
      async (request) => ok(await answer(request, request.query)),
    );
  list('start-list', 'work_start', '可发起的流程', STARTABLE_RECORD, async (request, paging) =>
    startList(app.ctx, paging, languageOf(request)),
  );
  list('claim-list', 'work_claim', '待签事务', TASK_RECORD, (request, paging) =>
    claimList(app.ctx, actorOf(request), paging, languageOf(request)),
  );
  list('todo-list', 'work_todo', '待办事务', TASK_RECORD, (request, paging) =>
    todoList(app.ctx, actorOf(request), paging, languageOf(request)),
  );
  list('send-list', 'work_send', '已发事务', SENT_RECORD, (request, paging) =>
    sendList(app.ctx, actorOf(request), paging, languageOf(request)),
  );
  list('done-list', 'work_done', '办结事务', TASK_RECORD, (request, paging) =>
    doneList(app.ctx, actorOf(request), paging, languageOf(request)),
  );

  app.post(
    '/blade-flow/work/start-process',
    {
      config: {
        access: { menu: 'work_start' },
        button: 'work_start_launch',
        answer: STARTED_ANSWER,
        fieldMessages: { processDefinitionId: '请选择流程' },
        fieldNames: { variables: { label: '流程变量', en: 'Process variables' } },
      },
      schema: {
        tags: TAGS,
        summary: '发起流程: 开始表单的值即流程变量',
        body: {
          type: 'object',
          required: ['processDefinitionId'],
          properties: {
            processDefinitionId: {
              type: 'string',
              pattern: '^[A-Za-z][\\w-]{0,49}(:[0-9]{1,6})?$',
              description: '流程',
            },
            variables: variablesSchema('开始表单的值'),
          },
        },
      },
    },
    async (request) => {
      const { body } = request;
      const key = body.processDefinitionId.split(':')[0];
      return ok(await startByForm(app.ctx, actorOf(request), key, body.variables ?? {}));
    },
  );

  app.post(
    '/blade-flow/work/claim-task',
    {
      config: {
        answer: NOTHING,
        access: { menu: 'work_claim' },
        button: 'task_claim',
        fieldMessages: { taskId: '请选择任务' },
      },
      schema: { tags: TAGS, summary: '签收任务', querystring: taskQuery },
    },
    async (request) => {
      await claimTask(app.ctx, actorOf(request), Number(request.query.taskId));
      return done();
    },
  );

  app.post(
    '/blade-flow/work/complete-task',
    {
      config: {
        answer: NOTHING,
        access: { menu: 'work_todo' },
        button: 'task_complete',
        fieldMessages: { taskId: '请选择任务', flag: '请选择审批结果' },
        fieldNames: { variables: { label: '流程变量', en: 'Process variables' } },
      },
      schema: { tags: TAGS, summary: '办理任务: 同意或驳回', body: completeBody },
    },
    async (request) => {
      const { body } = request;
      const pass = body.flag !== 'reject';
      const comment = body.comment?.trim() || (pass ? PASS_COMMENT : REJECT_COMMENT);
      await completeTask(app.ctx, actorOf(request), {
        taskId: Number(body.taskId),
        pass,
        comment,
        values: body.variables,
      });
      return done();
    },
  );

  app.get(
    '/blade-flow/work/task-variables',
    {
      config: {
        access: { menu: 'work_todo' },
        fieldMessages: { taskId: '请选择任务' },
        record: TASK_VARIABLES_RECORD,
        answers: 'record',
      },
      schema: { tags: TAGS, summary: '待办步骤的流程变量: 开始表单和之前步骤的值', querystring: taskQuery },
    },
    async (request) => ok(await taskVariables(app.ctx, actorOf(request), Number(request.query.taskId))),
  );

  app.get(
    '/blade-flow/process/history-flow-list',
    {
      config: {
        access: { menu: WORK_MENUS },
        fieldMessages: { processInstanceId: '请选择流程' },
        record: HISTORY_STEP_RECORD,
        answers: 'rows',
      },
      schema: {
        tags: TAGS,
        summary: '流程的每一步',
        querystring: {
          type: 'object',
          required: ['processInstanceId'],
          properties: { processInstanceId: { type: 'string', pattern: ID_PATTERN, description: '流程实例' } },
        },
      },
    },
    async (request) => {
      const { processInstanceId } = request.query;
      return ok(await historyList(app.ctx, actorOf(request), Number(processInstanceId), languageOf(request)));
    },
  );

  app.post(
    '/blade-desk/process/leave/start-process',
    {
      config: {
        access: { menu: 'work_start' },
        button: 'work_start_launch',
        answer: LEAVE_STARTED_ANSWER,
        fieldMessages: {
          leaveType: '请选择请假类型',
          startTime: '请选择开始时间',
          endTime: '请选择结束时间',
          days: '请输入请假天数',
          reason: '请输入请假理由',
          taskUser: '请选择审批人',
        },
        fieldNames: {
          leaveType: { label: '请假类型', en: 'Leave type' },
          startTime: { label: '开始时间', en: 'Start time' },
          endTime: { label: '结束时间', en: 'End time' },
          days: { label: '请假天数', en: 'Days' },
          reason: { label: '请假理由', en: 'Reason' },
          taskUser: { label: '审批人', en: 'Approver' },
        },
      },
      schema: { tags: TAGS, summary: '发起请假流程', body: leaveBody },
    },
    async (request) => {
      return ok(await startLeave(app.ctx, actorOf(request), request.body));
    },
  );

  app.get(
    '/blade-desk/process/leave/detail',
    {
      config: {
        access: { menu: WORK_MENUS },
        fieldMessages: { businessId: '请选择请假申请' },
        record: LEAVE_RECORD,
        answers: 'record',
      },
      schema: {
        tags: TAGS,
        summary: '请假申请详情',
        querystring: {
          type: 'object',
          required: ['businessId'],
          properties: { businessId: { type: 'string', pattern: ID_PATTERN, description: '请假申请' } },
        },
      },
    },
    async (request) => ok(await leaveDetail(app.ctx, Number(request.query.businessId))),
  );
};
