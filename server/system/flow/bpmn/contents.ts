// What a process model may contain. A model is data an administrator draws: it never runs code on the server. So
// every element at any depth is walked (sub-processes, transactions, event sub-processes, boundary events, lanes,
// pools, extension elements) and only what the console runs is let through: an allowlist of element types, the
// product's own attributes, conditions and timers in the form expressions.ts reads. Anything else is refused,
// naming the element as it is written in the file. docs/workflow.md, "What a model may contain".
import { badRequest } from '../../../platform/http/envelope.js';
import { expressionProblem } from './expressions.js';

/** The largest model read: a drawing of a few hundred steps is far below it; 模型管理's field and the upload say so. */
export const MODEL_MAX_BYTES = 500_000;

export const FLOWABLE_NS = 'http://flowable.org/bpmn';
export const RIDE_NS = 'http://ride-console/bpmn';
/** Other engines' extension namespaces: their attributes ask an engine for behaviour the console does not have. */
const ENGINE_NAMESPACES = new Set([
  FLOWABLE_NS,
  'http://activiti.org/bpmn',
  'http://camunda.org/schema/1.0/bpmn',
  'http://camunda.org/schema/zeebe/1.0',
]);
/** The attributes the console reads (model.ts), per namespace. */
const PRODUCT_ATTRIBUTES = new Map([
  [FLOWABLE_NS, new Set(['assignee', 'candidateGroups', 'formKey'])],
  [RIDE_NS, new Set(['en', 'category', 'businessTable', 'launch', 'distinctApprovers'])],
]);

/** The element types the console runs or draws, and nothing else. */
const ALLOWED_TYPES = new Set([
  'bpmn:Definitions',
  'bpmn:Process',
  'bpmn:StartEvent',
  'bpmn:EndEvent',
  'bpmn:UserTask',
  'bpmn:ExclusiveGateway',
  'bpmn:ParallelGateway',
  'bpmn:SequenceFlow',
  'bpmn:BoundaryEvent',
  'bpmn:IntermediateCatchEvent',
  'bpmn:TimerEventDefinition',
  'bpmn:FormalExpression',
  'bpmn:Expression',
  // What only groups or explains the drawing: pools and lanes, notes, groups, documentation.
  'bpmn:Collaboration',
  'bpmn:Participant',
  'bpmn:LaneSet',
  'bpmn:Lane',
  'bpmn:TextAnnotation',
  'bpmn:Association',
  'bpmn:Group',
  'bpmn:Category',
  'bpmn:CategoryValue',
  'bpmn:Documentation',
  // The diagram's shapes and lines.
  'bpmndi:BPMNDiagram',
  'bpmndi:BPMNPlane',
  'bpmndi:BPMNShape',
  'bpmndi:BPMNEdge',
  'bpmndi:BPMNLabel',
  'bpmndi:BPMNLabelStyle',
  'dc:Bounds',
  'dc:Point',
  'dc:Font',
]);
/** Where an expression may stand: a flow's condition and a timer's time. */
const EXPRESSION_PLACES = new Set(['conditionExpression', 'timeDuration', 'timeDate', 'timeCycle']);
const SCRIPT_TYPES = new Set(['bpmn:ScriptTask', 'bpmn:Script']);
const CALLING_TYPES = new Set([
  'bpmn:ServiceTask',
  'bpmn:SendTask',
  'bpmn:BusinessRuleTask',
  'bpmn:ReceiveTask',
  'bpmn:CallActivity',
]);
/** The BPMN attributes that name a language, and the only values the console lets them have (the standard's defaults). */
const LANGUAGE_DEFAULTS: Record<string, string | undefined> = {
  expressionLanguage: 'http://www.w3.org/1999/XPath',
  typeLanguage: 'http://www.w3.org/2001/XMLSchema',
};
const LANGUAGE = /^(language|scriptFormat|expressionLanguage|typeLanguage)$/i;
/** A timer's time: an ISO 8601 duration (PT4H), a date and time, a repetition of a duration, or a variable `${...}`. */
const TIMER_VALUE =
  /^(R\d*\/)?P(?=\d|T\d)(\d+Y)?(\d+M)?(\d+W)?(\d+D)?(T(?=\d)(\d+H)?(\d+M)?(\d+(\.\d+)?S)?)?$|^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?$/;

export interface ModdleElement {
  $type: string;
  $attrs?: Record<string, string>;
  $parent?: ModdleElement;
  $descriptor?: { propertiesByName?: Record<string, { isReference?: boolean }> };
  id?: string;
  name?: string;
  body?: string;
  attachedToRef?: ModdleElement;
  sourceRef?: ModdleElement;
  eventDefinitions?: ModdleElement[];
  values?: ModdleElement[];
  [property: string]: unknown;
}

/** Refuses, before it is parsed, a model too large to read or holding declarations (DOCTYPE, ENTITY: entity tricks). */
export function refuseBeforeReading(xml: string): void {
  if (Buffer.byteLength(xml, 'utf8') > MODEL_MAX_BYTES) throw badRequest('流程模型不能超过 500 KB');
  if (/<!(?!--|\[CDATA\[)/.test(xml)) throw badRequest('流程模型不能含有 DOCTYPE 或 ENTITY 等声明');
}

const isExpression = (type: string) => type === 'bpmn:FormalExpression' || type === 'bpmn:Expression';

/** An element's tag as the file writes it: `scriptTask` for `bpmn:ScriptTask`, other namespaces' with their prefix. */
export function tagOf(type: string): string {
  const [prefix, local] = type.split(':');
  return prefix === 'bpmn' && local ? local[0].toLowerCase() + local.slice(1) : type;
}

/**
 * How a problem names an element: as the file writes it, `<scriptTask id="calc" name="计算">`; one without an id after
 * the element holding it, `<sequenceFlow id="toHr"> <conditionExpression>`.
 */
function labelOf(element: ModdleElement, owner?: string, place = ''): string {
  const tag = isExpression(element.$type) ? place : tagOf(element.$type);
  if (!element.id && owner) return `${owner} <${tag}>`;
  const id = element.id ? ` id="${element.id}"` : '';
  const name = element.name?.trim() ? ` name="${element.name.trim()}"` : '';
  return `<${tag}${id}${name}>`;
}

interface Visit {
  element: ModdleElement;
  /** The property of its parent that holds it. */
  place: string;
  parent?: Visit;
  label: string;
  /** Namespace of each prefix in scope. */
  prefixes: Map<string, string>;
}

const isElement = (value: unknown): value is ModdleElement =>
  typeof value === 'object' && value !== null && typeof (value as ModdleElement).$type === 'string';

/** The elements a visited one contains (never the ones it refers to), in the order the file writes them. */
function children(visit: Visit): Visit[] {
  const { element } = visit;
  const found: Visit[] = [];
  for (const [place, value] of Object.entries(element)) {
    if (place.startsWith('$') || element.$descriptor?.propertiesByName?.[place]?.isReference) continue;
    for (const child of Array.isArray(value) ? value : [value]) {
      if (!isElement(child)) continue;
      found.push({
        element: child,
        place,
        parent: visit,
        label: labelOf(child, visit.label, place),
        prefixes: visit.prefixes,
      });
    }
  }
  return found;
}

function scopeOf(visit: Visit): Map<string, string> {
  const declared = Object.entries(visit.element.$attrs ?? {}).filter(([name]) => name.startsWith('xmlns:'));
  if (!declared.length) return visit.prefixes;
  const prefixes = new Map(visit.prefixes);
  for (const [name, uri] of declared) prefixes.set(name.slice('xmlns:'.length), uri);
  return prefixes;
}

/** The problems of an attribute from outside BPMN (`flowable:…`, `ride:…`, a modeler's colours). */
function attributeProblem(name: string, value: string, prefixes: Map<string, string>): string | null {
  if (name === 'xmlns' || name.startsWith('xmlns:')) return null;
  const [prefix, local] = name.includes(':') ? name.split(':') : ['', name];
  if (LANGUAGE.test(local)) return `不能有 ${name} 属性: 流程不运行脚本`;
  const namespace = prefixes.get(prefix) ?? '';
  const product = PRODUCT_ATTRIBUTES.get(namespace);
  if (product) return product.has(local) ? null : `不支持的属性 ${name}`;
  if (!prefix || ENGINE_NAMESPACES.has(namespace)) return `不支持的属性 ${name}`;
  return /[$#]\{/.test(value) ? `属性 ${name} 不能写表达式` : null;
}

/** The problems of one element itself (its contents are visited on their own). */
function elementProblems(visit: Visit): string[] {
  const { element, place, parent } = visit;
  const type = element.$type;
  const problems: string[] = [];
  if (type === 'bpmn:ExtensionElements') {
    const kinds = [...new Set((element.values ?? []).map((value) => value.$type))];
    return [`${visit.label}: 不能有扩展元素 (监听器、脚本等): ${kinds.join(', ') || '-'}`];
  }
  if (SCRIPT_TYPES.has(type)) problems.push(`${visit.label}: 流程不能运行脚本`);
  else if (CALLING_TYPES.has(type)) problems.push(`${visit.label}: 流程不能调用服务或其他程序`);
  else if (!ALLOWED_TYPES.has(type)) problems.push(`${visit.label}: 流程不支持此元素`);
  else if (type === 'bpmn:TimerEventDefinition') {
    const holder = parent?.element.$type;
    if (holder !== 'bpmn:BoundaryEvent' && holder !== 'bpmn:IntermediateCatchEvent') {
      problems.push(`${visit.label}: 定时只能用于边界事件或中间捕获事件`);
    }
  } else if (isExpression(type) && !EXPRESSION_PLACES.has(place)) {
    problems.push(`${visit.label}: 流程不支持此元素`);
  }
  for (const [property, value] of Object.entries(element)) {
    if (property.startsWith('$') || typeof value !== 'string' || SCRIPT_TYPES.has(type)) continue;
    if (LANGUAGE.test(property) && LANGUAGE_DEFAULTS[property] !== value) {
      problems.push(`${visit.label}: 不能有 ${property} 属性: 流程不运行脚本`);
    }
    if (property === 'implementation') problems.push(`${visit.label}: 不支持的属性 implementation`);
  }
  for (const [name, value] of Object.entries(element.$attrs ?? {})) {
    const problem = attributeProblem(name, String(value), visit.prefixes);
    if (problem) problems.push(`${visit.label}: ${problem}`);
  }
  return problems;
}

/** The problems of a flow's condition and of a timer's time, read as the engine would read them. */
function expressionProblems(visit: Visit): string[] {
  const { element, place, parent } = visit;
  if (!EXPRESSION_PLACES.has(place) || !parent) return [];
  const body = String(element.body ?? '').trim();
  if (place === 'conditionExpression') {
    const problem = expressionProblem(body);
    if (!problem) return [];
    const flow = parent.element;
    const gateway = flow.sourceRef;
    // An exclusive gateway's exits are its decision: named as the gateway's.
    return gateway?.$type === 'bpmn:ExclusiveGateway'
      ? [`网关「${gateway.name?.trim() || gateway.id}」的出口 ${flow.name?.trim() || flow.id}: ${problem}`]
      : [`${parent.label} 条件不可用: ${problem}`];
  }
  const readable = TIMER_VALUE.test(body) || (body.startsWith('${') && !expressionProblem(body));
  return readable ? [] : [`${parent.label}: 定时须写作 ISO 8601 时长 (如 PT4H)、时刻或 \${变量}: ${body}`];
}

/** The problems of a boundary or intermediate event: the console runs timers only, a boundary one on a user task. */
function eventProblems(element: ModdleElement, label: string): string[] {
  const definitions = element.eventDefinitions ?? [];
  const timers = definitions.filter((definition) => definition.$type === 'bpmn:TimerEventDefinition');
  const problems: string[] = [];
  if (element.$type === 'bpmn:BoundaryEvent' || element.$type === 'bpmn:IntermediateCatchEvent') {
    if (timers.length !== 1 || definitions.length !== 1) {
      problems.push(`${label}: 须是定时事件 (一个 timerEventDefinition)`);
    }
    if (element.$type === 'bpmn:BoundaryEvent' && element.attachedToRef?.$type !== 'bpmn:UserTask') {
      problems.push(`${label}: 边界定时只能挂在用户任务上`);
    }
    for (const timer of timers) {
      const times = ['timeDuration', 'timeDate', 'timeCycle'].filter((time) => timer[time] !== undefined);
      if (times.length !== 1) problems.push(`${label}: 定时须有且只有一个时间 (timeDuration、timeDate 或 timeCycle)`);
    }
  }
  return problems;
}

/**
 * Every problem of what a parsed model holds, in the order of the file: each element at any depth, each attribute,
 * each condition and timer. What the parser could not read is a problem too.
 */
export function contentProblems(definitions: ModdleElement, warnings: { message: string }[]): string[] {
  const problems: string[] = [];
  for (const warning of warnings) {
    const first = warning.message.split('\n')[0];
    // An unknown attribute is named with its element below; a reference to no element (a diagram's shape left
    // behind) runs nothing.
    if (/^unknown attribute|^unresolved reference/.test(first)) continue;
    problems.push(`流程模型含有无法读取的内容: ${first}`);
  }
  const root: Visit = { element: definitions, place: '', label: labelOf(definitions), prefixes: new Map() };
  root.prefixes = scopeOf(root);
  const pending = [root];
  while (pending.length) {
    const visit = pending.pop() as Visit;
    problems.push(
      ...elementProblems(visit),
      ...expressionProblems(visit),
      ...eventProblems(visit.element, visit.label),
    );
    // Extension elements are refused whole: what they hold is the engine's (listeners, scripts), never the console's.
    if (visit.element.$type === 'bpmn:ExtensionElements') continue;
    const next = children(visit).map((child) => ({ ...child, prefixes: scopeOf(child) }));
    pending.push(...next.reverse());
  }
  return problems;
}
