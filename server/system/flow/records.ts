// What the workflow's read calls answer, as the API document and the page checks read it: typed by the answers
// themselves, so a field added to an answer must be declared here too.
import {
  type AnswerDoc,
  type Declared,
  field,
  integer,
  type RecordFields,
  shape,
  text,
} from '../../platform/docs/record.js';
import type { leaveDetail } from './leave.js';
import type { claimList, historyList, sendList, startList } from './lists.js';
import type { deploymentList, instanceList, modelList } from './manage.js';

type RecordOf<F extends (...args: never[]) => Promise<{ records: unknown[] }>> = Awaited<
  ReturnType<F>
>['records'][number];

/** Where a process stands, shared by its tasks, the processes sent and the processes followed. */
const PROCESS = {
  processInstanceId: field('id', '流程实例', 'Process instance'),
  processDefinitionId: field('text', '流程定义', 'Process definition'),
  processDefinitionKey: field('text', '流程标识', 'Process key'),
  processDefinitionName: field('text', '流程名称', 'Process name'),
  title: field('text', '标题', 'Title'),
  startUserName: field('text', '申请人', 'Requester'),
  startTime: field('datetime', '申请时间', 'Requested at'),
  processState: field('integer', '流程状态', 'Process state'),
};

const INSTANCE = {
  ...PROCESS,
  category: field('text', '流程类型', 'Process type'),
  businessTable: field('text', '业务表', 'Business table'),
  businessId: field('id', '业务主键', 'Business ID'),
  startUser: field('id', '申请人主键', 'Requester ID'),
  processIsFinished: field('boolean', '已结束', 'Finished'),
};

/** work/claim-list, todo-list, done-list: one task each. */
export const TASK_RECORD: Declared<RecordOf<typeof claimList>> = {
  ...INSTANCE,
  taskId: field('id', '任务', 'Task'),
  taskName: field('text', '当前步骤', 'Current step'),
  taskDefinitionKey: field('text', '步骤标识', 'Step key'),
  formKey: field('text', '步骤表单 (页面定义)', 'Step form (a page definition)'),
  assignee: field('id', '办理人主键', 'Assignee ID'),
  assigneeName: field('text', '办理人', 'Assignee'),
  createTime: field('datetime', '到达时间', 'Arrived at'),
  claimTime: field('datetime', '签收时间', 'Claimed at'),
  endTime: field('datetime', '办理时间', 'Handled at'),
  status: field('text', '任务状态 (todo, finished)', 'Task status'),
  outcome: field('text', '结果', 'Decision'),
  comment: field('text', '审批意见', 'Comment'),
  durationInMillis: field('integer', '用时(毫秒)', 'Time taken (ms)'),
  historyActivityDurationTime: field('text', '用时', 'Time taken'),
};

/** process/history-flow-list: one step each, oldest first. */
export const HISTORY_STEP_RECORD: Declared<Awaited<ReturnType<typeof historyList>>[number]> = {
  ...TASK_RECORD,
  historyActivityName: field('text', '步骤', 'Step'),
  candidateNames: field('array', '可签收的人', 'Who may claim it'),
};

/** work/send-list: one process the caller started, with the step it waits on. */
export const SENT_RECORD: Declared<RecordOf<typeof sendList>> = {
  ...INSTANCE,
  createTime: field('datetime', '发起时间', 'Started at'),
  endTime: field('datetime', '结束时间', 'Ended at'),
  taskName: field('text', '当前步骤', 'Current step'),
  assigneeName: field('text', '审批人', 'Approver'),
};

/** work/task-variables: the process's variables; beside its starter, each is a field of one of its forms. */
export const TASK_VARIABLES_RECORD: RecordFields = {
  starter: field(
    'id',
    '发起人主键 (其余字段为流程表单的值)',
    "Starter ID (the other fields are the process forms' values)",
  ),
};

/** A deployed version of a process, as BladeX answers a process definition. */
const DEFINITION = {
  id: field('text', '流程定义', 'Process definition'),
  key: field('text', '流程标识', 'Process key'),
  name: field('text', '流程名称', 'Process name'),
  category: field('text', '流程类型', 'Process type'),
  version: field('integer', '版本', 'Version'),
  deploymentId: field('id', '部署主键', 'Deployment ID'),
  suspensionState: field('integer', '状态 (1 激活, 2 挂起)', 'State (1 active, 2 suspended)'),
};

/** work/start-list: one process a person may start, with the form 发起 opens. */
export const STARTABLE_RECORD: Declared<RecordOf<typeof startList>> = {
  ...DEFINITION,
  startForm: field('text', '开始表单 (页面定义, 无表单时为空)', 'Start form (a page definition; empty without one)'),
};

/** model/list: one process model. */
export const MODEL_RECORD: Declared<RecordOf<typeof modelList>> = {
  id: field('id', '模型', 'Model'),
  modelKey: field('text', '模型标识', 'Model key'),
  name: field('text', '模型名称', 'Model name'),
  remark: field('text', '说明', 'Remark'),
  createTime: field('datetime', '创建时间', 'Created at'),
  updateTime: field('datetime', '修改时间', 'Updated at'),
  lastUpdated: field('datetime', '最后更新', 'Last updated'),
};

/** manager/list: one deployed version. */
export const DEPLOYMENT_RECORD: Declared<RecordOf<typeof deploymentList>> = {
  ...DEFINITION,
  deploymentTime: field('datetime', '部署时间', 'Deployed at'),
};

/** follow/list: one process instance, with the steps it waits on. */
export const FOLLOWED_RECORD: Declared<RecordOf<typeof instanceList>> = {
  ...PROCESS,
  endTime: field('datetime', '结束时间', 'Ended at'),
  version: field('integer', '版本', 'Version'),
  taskName: field('text', '当前步骤', 'Current step'),
};

/** /blade-desk/process/leave/detail: the request with where its process stands. */
export const LEAVE_RECORD: Declared<Awaited<ReturnType<typeof leaveDetail>>> = {
  id: field('id', '请假申请', 'Leave request'),
  processInstanceId: field('id', '流程实例', 'Process instance'),
  processDefinitionKey: field('text', '流程标识', 'Process key'),
  leaveType: field('integer', '请假类型', 'Leave type'),
  startTime: field('datetime', '开始时间', 'Start time'),
  endTime: field('datetime', '结束时间', 'End time'),
  days: field('integer', '请假天数', 'Days'),
  reason: field('text', '请假理由', 'Reason'),
  taskUser: field('id', '审批人主键', 'Approver ID'),
  taskUserName: field('text', '审批人', 'Approver'),
  createUser: field('id', '申请人主键', 'Requester ID'),
  createUserName: field('text', '申请人', 'Requester'),
  applyTime: field('datetime', '申请时间', 'Requested at'),
  processState: field('integer', '流程状态', 'Process state'),
  finishTime: field('datetime', '结束时间', 'Finished at'),
};

/** A deployed version of a process: its deployment, its process definition (`key:version`) and the version. */
export const DEPLOYED_ANSWER: AnswerDoc = {
  name: 'Deployed',
  data: shape({ deploymentId: text(), processDefinitionId: text('<process key>:<version>'), version: integer() }),
};

/** A process started from its start form: the instance it became. */
export const STARTED_ANSWER: AnswerDoc = { name: 'StartedProcess', data: shape({ processInstanceId: text() }) };

/** A leave request started: the request and the process deciding it. */
export const LEAVE_STARTED_ANSWER: AnswerDoc = {
  name: 'StartedLeave',
  data: shape({ id: text('the leave request'), processInstanceId: text() }),
};

/** A deployed version's model, as its XML. */
export const MODEL_XML_ANSWER: AnswerDoc = { data: text('BPMN 2.0 XML') };
