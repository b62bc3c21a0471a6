// The process definitions the engine runs (docs/workflow.md). A definition is code, not a drawing: each node says who
// gets its task, and `next` says where an approval goes. The `flow` dictionary names each process by its key (remark).
import { ADMIN_ROLE_ALIAS } from '../seed/organisation.js';
import { SITE_MANAGER_ROLE_ALIAS } from '../seed/site-manager.js';

/** Who a new task goes to: one user (it is at once theirs to do), or the holders of some roles (one claims it). */
export type Assignment = { node: string; assigneeId: number } | { node: string; candidateRoles: string[] };

export interface FlowRecord {
  /** The user who started the process. */
  starter: number;
  /** The approver the starter named, if any. */
  taskUser: number | null;
  days: number;
}

export interface ProcessDefinition {
  key: string;
  /** The `flow` dictionary's key for this process. */
  category: string;
  name: string;
  en: string;
  version: number;
  businessTable: string;
  /** Node key → its name, Chinese and English (also the `flow_node` dictionary). */
  nodes: Record<string, { name: string; en: string }>;
  first: (record: FlowRecord) => Assignment;
  /** Where an approval of `node` goes; null ends the process approved. */
  next: (node: string, record: FlowRecord) => Assignment | null;
}

/** The node every process starts with: the starter's own step, kept so the history shows who started and when. */
export const START_NODE = 'startApply';

/** Leaves longer than this go on to the administrator after the manager approves. */
export const LEAVE_DAYS_FOR_HR = 3;

const leave: ProcessDefinition = {
  key: 'leave',
  category: '1',
  name: '请假流程',
  en: 'Leave',
  version: 1,
  businessTable: 'biz_leave',
  nodes: {
    [START_NODE]: { name: '发起申请', en: 'Request' },
    deptLeader: { name: '主管审批', en: 'Manager approval' },
    hrAudit: { name: '人事审批', en: 'HR approval' },
  },
  // The approver the starter names gets the task; without one, any site manager or administrator may claim it.
  first: (record) =>
    record.taskUser
      ? { node: 'deptLeader', assigneeId: record.taskUser }
      : { node: 'deptLeader', candidateRoles: [SITE_MANAGER_ROLE_ALIAS, ADMIN_ROLE_ALIAS] },
  next: (node, record) =>
    node === 'deptLeader' && record.days > LEAVE_DAYS_FOR_HR
      ? { node: 'hrAudit', candidateRoles: [ADMIN_ROLE_ALIAS] }
      : null,
};

export const PROCESSES: ProcessDefinition[] = [leave];

export function processOf(key: string): ProcessDefinition | undefined {
  return PROCESSES.find((process) => process.key === key);
}

/** A process definition's id as BladeX clients carry it: `key:version`. */
export const definitionIdOf = (process: ProcessDefinition): string => `${process.key}:${process.version}`;
