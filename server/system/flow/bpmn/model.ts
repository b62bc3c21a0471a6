// Reads a process model (BPMN 2.0 XML, as the console's modeler or Flowable's writes it) into what the console needs
// of it, and checks it before it may be deployed. Who does a user task is Flowable's: `flowable:assignee` (a user
// id, usually `${variable}`) and `flowable:candidateGroups` (role aliases; one of their holders claims it), and its
// form is `flowable:formKey`, the page definition whose form it shows. Names are Chinese (`name`); English is
// `ride:en`. What else a model may hold, at any depth, is contents.ts's. docs/workflow.md lists the rules.
import { BpmnModdle } from 'bpmn-moddle';
import { badRequest } from '../../../platform/http/envelope.js';
import { contentProblems, FLOWABLE_NS, type ModdleElement, RIDE_NS, refuseBeforeReading } from './contents.js';
import { expressionProblem } from './expressions.js';

export interface ModelNode {
  id: string;
  type: string;
  name: string;
  en: string;
  formKey: string;
  assignee: string;
  candidateGroups: string[];
  /** For a boundary timer: the task it watches. */
  attachedTo: string;
}

export interface ProcessModel {
  key: string;
  name: string;
  en: string;
  /** The `flow` dictionary's key for the process. */
  category: string;
  businessTable: string;
  /** Started by the business itself (`ride:launch="business"`, the payout approval): not offered in 发起事务. */
  byBusiness: boolean;
  /** Two different people (`ride:distinctApprovers="true"`): no one approves two of its steps or what they started. */
  distinctApprovers?: boolean;
  /** The start event's id: its step is the starter's, recorded done when the process starts. */
  startNode: string;
  nodes: Record<string, ModelNode>;
}

interface Element {
  $type: string;
  id: string;
  name?: string;
  $attrs?: Record<string, string>;
  flowElements?: Element[];
  sourceRef?: Element;
  targetRef?: Element;
  default?: Element;
  conditionExpression?: { body?: string };
  attachedToRef?: Element;
  isExecutable?: boolean;
}

const KEY = /^[A-Za-z][\w-]{0,49}$/;
/** A role alias, a department (`dept:<id>`, `dept:starter`) or the starter's manager (`manager`, `manager:<role>`). */
const CANDIDATE_GROUP = /^(dept:(\d{1,20}|starter)|manager(:[^:\s]{1,64})?|[^:\s]{1,64})$/;

/** The attribute of a namespace, whatever prefix the document gives it. */
function attrOf(element: Element, prefixes: Map<string, string>, ns: string, name: string): string {
  const prefix = prefixes.get(ns);
  return prefix ? String(element.$attrs?.[`${prefix}:${name}`] ?? '').trim() : '';
}

type Definitions = Element & { rootElements?: Element[] };

async function parse(xml: string): Promise<{ definitions: Definitions; warnings: { message: string }[] }> {
  refuseBeforeReading(xml);
  try {
    const { rootElement, warnings } = await new BpmnModdle().fromXML(xml);
    return { definitions: rootElement as Definitions, warnings: warnings as { message: string }[] };
  } catch (error) {
    throw badRequest(`流程模型不是有效的 BPMN 2.0 文件: ${(error as Error).message.split('\n')[0]}`);
  }
}

/** The most problems answered: a model with thousands (a hostile one) is told the first ones and how many more. */
const LISTED_PROBLEMS = 20;

/** Reads a model and answers it with every problem that keeps it from being deployed (none: it may be). */
export async function readModel(xml: string): Promise<{ model: ProcessModel; problems: string[] }> {
  const { definitions, warnings } = await parse(xml);
  const prefixes = new Map<string, string>();
  for (const [attr, value] of Object.entries(definitions.$attrs ?? {})) {
    if (attr.startsWith('xmlns:')) prefixes.set(value, attr.slice('xmlns:'.length));
  }
  const processes = (definitions.rootElements ?? []).filter((element) => element.$type === 'bpmn:Process');
  const problems: string[] = [];
  if (processes.length !== 1) problems.push('流程模型须有且只有一个流程');
  const process = processes[0] ?? { $type: 'bpmn:Process', id: '', flowElements: [] };
  if (!KEY.test(process.id)) problems.push(`流程标识须以字母开头, 由字母、数字、_ 或 - 组成: ${process.id}`);
  if (!process.name?.trim()) problems.push('流程须有名称');
  const elements = process.flowElements ?? [];
  const nodes: Record<string, ModelNode> = {};
  for (const element of elements) {
    if (element.$type === 'bpmn:SequenceFlow') continue;
    nodes[element.id] = {
      id: element.id,
      type: element.$type.replace('bpmn:', ''),
      name: element.name?.trim() || element.id,
      en: attrOf(element, prefixes, RIDE_NS, 'en') || element.name?.trim() || element.id,
      formKey: attrOf(element, prefixes, FLOWABLE_NS, 'formKey'),
      assignee: attrOf(element, prefixes, FLOWABLE_NS, 'assignee'),
      candidateGroups: attrOf(element, prefixes, FLOWABLE_NS, 'candidateGroups')
        .split(',')
        .map((group) => group.trim())
        .filter(Boolean),
      attachedTo: element.attachedToRef?.id ?? '',
    };
  }
  const starts = Object.values(nodes).filter((node) => node.type === 'StartEvent');
  if (starts.length !== 1) problems.push('流程须有且只有一个开始事件');
  for (const element of elements.filter((each) => each.$type === 'bpmn:UserTask' && !each.name?.trim())) {
    // The task lists (待签, 待办, 办结) show a step by its name: without one they would show the drawing's raw id.
    problems.push(`用户任务 ${element.id} 须有名称, 待办中以它显示步骤`);
  }
  for (const node of Object.values(nodes)) {
    if (node.type !== 'UserTask') continue;
    if (!node.formKey) problems.push(`用户任务「${node.name}」须有表单 (flowable:formKey)`);
    if (!node.assignee && node.candidateGroups.length === 0) {
      problems.push(`用户任务「${node.name}」须有办理人规则 (flowable:assignee 或 flowable:candidateGroups)`);
    }
    for (const group of node.candidateGroups.filter((entry) => !CANDIDATE_GROUP.test(entry))) {
      problems.push(
        `用户任务「${node.name}」的候选组 ${group} 不可用: 须是角色别名, dept:部门编号, dept:starter 或 manager`,
      );
    }
    const assigneeProblem = node.assignee ? expressionProblem(node.assignee) : null;
    if (assigneeProblem && !/^\d+$/.test(node.assignee)) problems.push(`用户任务「${node.name}」: ${assigneeProblem}`);
  }
  // Every element, attribute, condition and timer at any depth (conditions read as the engine reads them).
  problems.push(...contentProblems(definitions as unknown as ModdleElement, warnings));
  const flows = elements.filter((element) => element.$type === 'bpmn:SequenceFlow');
  for (const gateway of elements.filter((element) => element.$type === 'bpmn:ExclusiveGateway')) {
    const outgoing = flows.filter((flow) => flow.sourceRef?.id === gateway.id);
    if (outgoing.length < 2) continue;
    for (const flow of outgoing) {
      if (flow.id === gateway.default?.id || flow.conditionExpression?.body?.trim()) continue;
      problems.push(
        `网关「${gateway.name?.trim() || gateway.id}」的出口 ${flow.name?.trim() || flow.id}须有条件或设为默认出口`,
      );
    }
  }
  const model: ProcessModel = {
    key: process.id,
    name: process.name?.trim() ?? '',
    en: attrOf(process, prefixes, RIDE_NS, 'en') || process.name?.trim() || process.id,
    category: attrOf(process, prefixes, RIDE_NS, 'category'),
    businessTable: attrOf(process, prefixes, RIDE_NS, 'businessTable'),
    byBusiness: attrOf(process, prefixes, RIDE_NS, 'launch') === 'business',
    distinctApprovers: attrOf(process, prefixes, RIDE_NS, 'distinctApprovers') === 'true',
    startNode: starts[0]?.id ?? '',
    nodes,
  };
  const unlisted = problems.length - LISTED_PROBLEMS;
  if (unlisted > 0) {
    return { model, problems: [...problems.slice(0, LISTED_PROBLEMS), `另有 ${unlisted} 处问题未列出`] };
  }
  return { model, problems };
}

/** Reads a model that must be deployable: its problems, joined, are the answer otherwise. */
export async function deployableModel(xml: string): Promise<ProcessModel> {
  const { model, problems } = await readModel(xml);
  if (problems.length) throw badRequest(`流程模型不能部署: ${problems.join('; ')}`);
  return model;
}
