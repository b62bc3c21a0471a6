// Hostile process models. Each is refused when the modeler checks it (model/check), when it is deployed (模型管理's
// deploy and 部署管理's upload), and, written straight into the database past both, when a process would start on it.
// The scripts they carry are real: run on bpmn-engine as it comes (its vm handler) the same code writes a file
// holding the server's pid and sets a global. After every refusal neither happened. A running instance whose engine
// state is swapped for a hostile model's is stopped by the engine itself, at a step and at the timer pass.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Engine } from 'bpmn-engine';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextId } from '../../../server/platform/db/ids.js';
import { now } from '../../../server/platform/db/time.js';
import { englishOf } from '../../../server/platform/http/messages-en.js';
import { readModel } from '../../../server/system/flow/bpmn/model.js';
import { deploy } from '../../../server/system/flow/deployments.js';
import { wakeDueProcesses } from '../../../server/system/flow/engine.js';
import { type Api, openApi, pageOf, type Row, rowOf } from '../engine/api.js';
import { call } from '../harness.js';

let api: Api;
const MARK = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'ride-hostile-')), 'ran');
const ran = () => ({ file: fs.existsSync(MARK), global: (globalThis as { hostileRan?: boolean }).hostileRan });

/** Escapes bpmn-engine's vm context to the server's own process: writes the pid to a file, sets a global. */
const payload = (mark: string) =>
  `const host = this.constructor.constructor('return process')();` +
  `host.getBuiltinModule('fs').writeFileSync(${JSON.stringify(mark)}, String(host.pid));` +
  `this.constructor.constructor('return globalThis')().hostileRan = true;` +
  `if (typeof next === 'function') next(null, true);`;
const CODE = `<![CDATA[${payload(MARK)}]]>`;

const NAMESPACES = `xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL"
  xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:flowable="http://flowable.org/bpmn"
  xmlns:camunda="http://camunda.org/schema/1.0/bpmn" xmlns:ride="http://ride-console/bpmn"
  targetNamespace="http://ride-console/processes"`;
const APPROVE = `<userTask id="approve" name="审批" flowable:formKey="work/todo" flowable:candidateGroups="administrator" />`;
const END = `<sequenceFlow id="toDone" sourceRef="approve" targetRef="done" /><endEvent id="done" />`;
/** A process with its start event and `body`: what follows the start (most go on to an approval and end). */
const model = (key: string, body: string) => `<?xml version="1.0" encoding="UTF-8"?>
<definitions ${NAMESPACES}>
  <process id="${key}" name="恶意 ${key}" isExecutable="true">
    <startEvent id="start" name="发起" />
    ${body}
  </process>
</definitions>`;
const SCRIPT = `<scriptTask id="hack" name="写文件" scriptFormat="javascript"><script>${CODE}</script></scriptTask>`;
/** From the start into a container whose script runs first thing, then on to the approval. */
const through = (container: string) => `
  <sequenceFlow id="toInside" sourceRef="start" targetRef="inside" />
  <${container} id="inside" name="容器">
    <startEvent id="innerStart" />
    <sequenceFlow id="toHack" sourceRef="innerStart" targetRef="hack" />
    ${SCRIPT}
  </${container}>
  <sequenceFlow id="toApprove" sourceRef="inside" targetRef="approve" />
  ${APPROVE}${END}`;

interface Hostile {
  key: string;
  title: string;
  xml: string;
  /** What the check names (each must be among its problems). */
  names: string[];
}

const HOSTILE: Hostile[] = [
  {
    key: 'nested_script',
    title: 'a script task inside a sub-process',
    xml: model('nested_script', through('subProcess')),
    names: [
      '<subProcess id="inside" name="容器">: 流程不支持此元素',
      '<scriptTask id="hack" name="写文件">: 流程不能运行脚本',
    ],
  },
  {
    key: 'transaction_script',
    title: 'a script task inside a transaction',
    xml: model('transaction_script', through('transaction')),
    names: [
      '<transaction id="inside" name="容器">: 流程不支持此元素',
      '<scriptTask id="hack" name="写文件">: 流程不能运行脚本',
    ],
  },
  {
    key: 'adhoc_script',
    title: 'a script task inside an ad-hoc sub-process, two levels down',
    xml: model(
      'adhoc_script',
      `<sequenceFlow id="toInside" sourceRef="start" targetRef="inside" />
      <adHocSubProcess id="inside"><subProcess id="deeper">${SCRIPT}</subProcess></adHocSubProcess>
      <sequenceFlow id="toApprove" sourceRef="inside" targetRef="approve" />${APPROVE}${END}`,
    ),
    names: [
      '<adHocSubProcess id="inside">: 流程不支持此元素',
      '<scriptTask id="hack" name="写文件">: 流程不能运行脚本',
    ],
  },
  {
    key: 'event_script',
    title: 'a script task inside an event sub-process',
    xml: model(
      'event_script',
      `<sequenceFlow id="toApprove" sourceRef="start" targetRef="approve" />${APPROVE}${END}
      <subProcess id="onEvent" triggeredByEvent="true">
        <startEvent id="eventStart"><timerEventDefinition><timeDuration>PT0S</timeDuration></timerEventDefinition></startEvent>
        <sequenceFlow id="toHack" sourceRef="eventStart" targetRef="hack" />${SCRIPT}
      </subProcess>`,
    ),
    names: [
      '<subProcess id="onEvent">: 流程不支持此元素',
      '<startEvent id="eventStart"> <timerEventDefinition>: 定时只能用于边界事件或中间捕获事件',
      '<scriptTask id="hack" name="写文件">: 流程不能运行脚本',
    ],
  },
  {
    key: 'boundary_script',
    title: 'a script task behind an error boundary event',
    xml: model(
      'boundary_script',
      `<sequenceFlow id="toApprove" sourceRef="start" targetRef="approve" />${APPROVE}${END}
      <boundaryEvent id="onError" attachedToRef="approve"><errorEventDefinition /></boundaryEvent>
      <sequenceFlow id="toHack" sourceRef="onError" targetRef="hack" />${SCRIPT}`,
    ),
    names: [
      '<boundaryEvent id="onError">: 须是定时事件 (一个 timerEventDefinition)',
      '<boundaryEvent id="onError"> <errorEventDefinition>: 流程不支持此元素',
      '<scriptTask id="hack" name="写文件">: 流程不能运行脚本',
    ],
  },
  {
    key: 'js_condition',
    title: 'a javascript condition on a plain sequence flow',
    xml: model(
      'js_condition',
      `<sequenceFlow id="toApprove" sourceRef="start" targetRef="approve">
        <conditionExpression xsi:type="tFormalExpression" language="javascript">${CODE}</conditionExpression>
      </sequenceFlow>${APPROVE}${END}`,
    ),
    names: ['<sequenceFlow id="toApprove"> <conditionExpression>: 不能有 language 属性: 流程不运行脚本'],
  },
  {
    key: 'js_body',
    title: 'a condition with a javascript body and no language',
    xml: model(
      'js_body',
      `<sequenceFlow id="toApprove" sourceRef="start" targetRef="approve">
        <conditionExpression xsi:type="tFormalExpression">${CODE}</conditionExpression>
      </sequenceFlow>${APPROVE}${END}`,
    ),
    names: [`<sequenceFlow id="toApprove"> 条件不可用: 表达式须写作 \${...}: const host`],
  },
  {
    key: 'host_expressions',
    title: 'expressions reaching process, constructor and global',
    xml: model(
      'host_expressions',
      `<sequenceFlow id="toApprove" sourceRef="start" targetRef="approve">
        <conditionExpression>\${false &amp;&amp; process.mainModule}</conditionExpression>
      </sequenceFlow>
      <userTask id="approve" name="审批" flowable:formKey="work/todo" flowable:assignee="\${constructor.constructor}" />
      <sequenceFlow id="toDone" sourceRef="approve" targetRef="done">
        <conditionExpression>\${global.process.env != null}</conditionExpression>
      </sequenceFlow>
      <endEvent id="done" />`,
    ),
    names: [
      '用户任务「审批」: 表达式不能读取 constructor: constructor.constructor',
      '<sequenceFlow id="toApprove"> 条件不可用: 表达式不能读取 process: process.mainModule',
      '<sequenceFlow id="toDone"> 条件不可用: 表达式不能读取 global: global.process.env',
    ],
  },
  {
    key: 'listeners',
    title: 'execution and task listeners in extension elements',
    xml: model(
      'listeners',
      `<sequenceFlow id="toApprove" sourceRef="start" targetRef="approve" />
      <userTask id="approve" name="审批" flowable:formKey="work/todo" flowable:candidateGroups="administrator">
        <extensionElements>
          <flowable:taskListener event="create" class="com.example.Hack" />
          <camunda:executionListener event="start"><camunda:script scriptFormat="javascript">${CODE}</camunda:script></camunda:executionListener>
        </extensionElements>
      </userTask>${END}`,
    ).replace(
      '<startEvent',
      `<extensionElements><flowable:executionListener event="start"><flowable:script language="javascript">${CODE}</flowable:script></flowable:executionListener></extensionElements>
    <startEvent`,
    ),
    names: [
      '<process id="listeners" name="恶意 listeners"> <extensionElements>: 不能有扩展元素 (监听器、脚本等): flowable:executionListener',
      '<userTask id="approve" name="审批"> <extensionElements>: 不能有扩展元素 (监听器、脚本等): flowable:taskListener, camunda:executionListener',
    ],
  },
  {
    key: 'timer_script',
    title: 'timers whose time is a script or an expression reaching the host',
    xml: model(
      'timer_script',
      `<sequenceFlow id="toApprove" sourceRef="start" targetRef="approve" />${APPROVE}${END}
      <boundaryEvent id="late" attachedToRef="approve" cancelActivity="false">
        <timerEventDefinition><timeDuration xsi:type="tFormalExpression" language="javascript">${CODE}</timeDuration></timerEventDefinition>
      </boundaryEvent>
      <sequenceFlow id="toLateEnd" sourceRef="late" targetRef="lateEnd" /><endEvent id="lateEnd" />
      <boundaryEvent id="later" attachedToRef="approve" cancelActivity="false">
        <timerEventDefinition><timeDuration>\${process.exit()}</timeDuration></timerEventDefinition>
      </boundaryEvent>
      <sequenceFlow id="toLaterEnd" sourceRef="later" targetRef="laterEnd" /><endEvent id="laterEnd" />`,
    ),
    names: [
      '<boundaryEvent id="late"> <timerEventDefinition> <timeDuration>: 不能有 language 属性: 流程不运行脚本',
      `<boundaryEvent id="later"> <timerEventDefinition>: 定时须写作 ISO 8601 时长 (如 PT4H)、时刻或 \${变量}: \${process.exit()}`,
    ],
  },
  {
    key: 'service_task',
    title: 'service, send and business-rule tasks and a call activity',
    xml: model(
      'service_task',
      `<sequenceFlow id="toCall" sourceRef="start" targetRef="call" />
      <serviceTask id="call" name="调用" flowable:expression="\${runtime.exec}" implementation="\${environment.services.shell}" />
      <sequenceFlow id="toSend" sourceRef="call" targetRef="send" /><sendTask id="send" />
      <sequenceFlow id="toRule" sourceRef="send" targetRef="rule" /><businessRuleTask id="rule" />
      <sequenceFlow id="toOther" sourceRef="rule" targetRef="other" /><callActivity id="other" calledElement="anything" />
      <sequenceFlow id="toApprove" sourceRef="other" targetRef="approve" />${APPROVE}${END}`,
    ),
    names: [
      '<serviceTask id="call" name="调用">: 流程不能调用服务或其他程序',
      '<serviceTask id="call" name="调用">: 不支持的属性 implementation',
      '<serviceTask id="call" name="调用">: 不支持的属性 flowable:expression',
      '<sendTask id="send">: 流程不能调用服务或其他程序',
      '<businessRuleTask id="rule">: 流程不能调用服务或其他程序',
      '<callActivity id="other">: 流程不能调用服务或其他程序',
    ],
  },
  {
    key: 'conditional_event',
    title: 'a conditional event whose condition is a script',
    xml: model(
      'conditional_event',
      `<sequenceFlow id="toWait" sourceRef="start" targetRef="wait" />
      <intermediateCatchEvent id="wait"><conditionalEventDefinition>
        <condition xsi:type="tFormalExpression" language="javascript">${CODE}</condition>
      </conditionalEventDefinition></intermediateCatchEvent>
      <sequenceFlow id="toApprove" sourceRef="wait" targetRef="approve" />${APPROVE}${END}`,
    ),
    names: [
      '<intermediateCatchEvent id="wait">: 须是定时事件 (一个 timerEventDefinition)',
      '<intermediateCatchEvent id="wait"> <conditionalEventDefinition> <condition>: 不能有 language 属性: 流程不运行脚本',
    ],
  },
  {
    key: 'second_pool',
    title: 'a second pool whose process holds a script task',
    xml: model(
      'second_pool',
      `<sequenceFlow id="toApprove" sourceRef="start" targetRef="approve" />${APPROVE}${END}`,
    ).replace(
      '<process',
      `<collaboration id="pools"><participant id="one" processRef="second_pool" /><participant id="two" processRef="hidden" /></collaboration>
  <process id="hidden" isExecutable="true"><startEvent id="hiddenStart" /><sequenceFlow id="toHack" sourceRef="hiddenStart" targetRef="hack" />${SCRIPT}</process>
  <process`,
    ),
    names: ['流程模型须有且只有一个流程', '<scriptTask id="hack" name="写文件">: 流程不能运行脚本'],
  },
];

/** A model refused before it is read at all: its answer is one refusal, not a list of problems. */
const BILLION_LAUGHS = `<?xml version="1.0"?>
<!DOCTYPE definitions [
  <!ENTITY lol "lol">
  <!ENTITY lol1 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
  <!ENTITY lol2 "&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;">
  <!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">
  <!ENTITY lol9 "&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;">
]>
${model('billion_laughs', `<sequenceFlow id="toApprove" sourceRef="start" targetRef="approve" />${APPROVE}${END}`)
  .replace('<?xml version="1.0" encoding="UTF-8"?>', '')
  .replace('name="发起"', 'name="&lol9;"')}`;
const EXTERNAL_ENTITY = `<?xml version="1.0"?>
<!DOCTYPE definitions [ <!ENTITY secret SYSTEM "file:///etc/passwd"> ]>
${model('external_entity', `<sequenceFlow id="toApprove" sourceRef="start" targetRef="approve" />${APPROVE}${END}`)
  .replace('<?xml version="1.0" encoding="UTF-8"?>', '')
  .replace('name="发起"', 'name="&secret;"')}`;
const DECLARATION = '流程模型不能含有 DOCTYPE 或 ENTITY 等声明';
/** 50 MB: a valid model padded with a note. */
const HUGE = model(
  'huge',
  `<sequenceFlow id="toApprove" sourceRef="start" targetRef="approve" />${APPROVE}${END}
  <textAnnotation id="note"><text>${'x'.repeat(50 * 1024 * 1024)}</text></textAnnotation>`,
);

beforeAll(async () => {
  api = await openApi();
});
afterAll(async () => {
  await api?.close();
  fs.rmSync(path.dirname(MARK), { recursive: true, force: true });
});

const check = (xml: string, headers: Record<string, string> = {}) =>
  call(api.server, 'POST', '/api/blade-flow/model/check', { token: api.adminToken, body: { xml }, headers });

function upload(xml: string) {
  const boundary = '----rideHostileModel';
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="model.bpmn"\r\nContent-Type: application/xml\r\n\r\n`;
  return call(api.server, 'POST', '/api/blade-flow/manager/deploy-upload', {
    token: api.adminToken,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    body: Buffer.concat([Buffer.from(head), Buffer.from(xml), Buffer.from(`\r\n--${boundary}--\r\n`)]),
  });
}

const count = async (table: 'blade_flow_deployment' | 'blade_flow_instance', key: string) =>
  Number(
    (
      await api.server.ctx.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('processKey', '=', key)
        .executeTakeFirstOrThrow()
    ).count,
  );

/** A version written straight into the database, as if a deploy had skipped every check. */
async function insertDeployment(key: string, xml: string, modelXml = xml): Promise<void> {
  const { model: read } = await readModel(modelXml);
  await api.server.ctx.db
    .insertInto('blade_flow_deployment')
    .values({
      id: nextId(),
      processKey: key,
      version: 1,
      name: key,
      nameEn: key,
      xml,
      model: JSON.stringify({ ...read, key }),
      createTime: now(),
    })
    .execute();
}

/**
 * Swaps a model into an instance's kept engine state, as a row changed in the database would: the engine rebuilds the
 * process from it when the instance next moves. Read here without running anything (no script is registered).
 */
async function swapModel(instanceId: number, xml: string): Promise<void> {
  const { db } = api.server.ctx;
  const reader = new Engine({
    source: xml,
    scripts: {
      register: () => undefined,
      getScript: () => {
        throw new Error('no script runs here');
      },
    },
  });
  const kept = await db
    .selectFrom('blade_flow_instance')
    .select('engineState')
    .where('id', '=', instanceId)
    .executeTakeFirstOrThrow();
  const state = JSON.parse(String(kept.engineState));
  state.definitions[0].source = (await reader.getState()).definitions[0].source;
  await db
    .updateTable('blade_flow_instance')
    .set({ engineState: JSON.stringify(state) })
    .where('id', '=', instanceId)
    .execute();
}

const startProcess = (key: string) =>
  api.post('/api/blade-flow/work/start-process', { body: { processDefinitionId: key, variables: {} } });

it('carries scripts that do run on bpmn-engine as it comes: they write the file and set the global', async () => {
  const mark = path.join(path.dirname(MARK), 'premise');
  const xml = model('premise', through('subProcess')).replace(CODE, `<![CDATA[${payload(mark)}]]>`);
  const engine = new Engine({ name: 'premise', source: xml });
  await engine.execute();
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(fs.readFileSync(mark, 'utf8')).toBe(String(process.pid));
  expect((globalThis as { hostileRan?: boolean }).hostileRan).toBe(true);
  delete (globalThis as { hostileRan?: boolean }).hostileRan;
  await engine.stop();
});

describe.each(HOSTILE)('$title', ({ key, xml, names }) => {
  it('is refused at check, at deploy and at run, naming the element, and runs nothing', async () => {
    const checked = rowOf(await api.post('/api/blade-flow/model/check', { body: { xml } }));
    const problems = checked.problems as string[];
    for (const name of names) expect(problems.some((problem) => problem.startsWith(name))).toBe(true);

    const saved = rowOf(await api.post('/api/blade-flow/model/submit', { body: { xml } }));
    expect(saved.problems).toEqual(problems);
    const deployed = await api.post('/api/blade-flow/model/deploy', { query: { modelId: String(saved.id) } });
    expect(deployed.status).toBe(400);
    expect(deployed.msg).toContain(`流程模型不能部署: ${problems[0]}`);
    const uploaded = (await upload(xml)).json();
    expect([uploaded.code, uploaded.msg]).toEqual([400, deployed.msg]);
    expect(await count('blade_flow_deployment', key)).toBe(0);

    await insertDeployment(key, xml);
    const started = await startProcess(key);
    expect(started.status).toBe(400);
    expect(started.msg).toMatch(/^流程不能运行: /);
    for (const name of names) expect(started.msg).toContain(name);
    expect(await count('blade_flow_instance', key)).toBe(0);
    expect(ran()).toEqual({ file: false, global: undefined });
  });
});

describe('entity tricks', () => {
  it.each([
    ['billion laughs', 'billion_laughs', BILLION_LAUGHS],
    ['an external entity', 'external_entity', EXTERNAL_ENTITY],
  ])('refuses %s before reading it, at check, at deploy and at run', async (_title, key, xml) => {
    const checked = await api.post('/api/blade-flow/model/check', { body: { xml } });
    expect([checked.status, checked.msg]).toEqual([400, DECLARATION]);
    const saved = await api.post('/api/blade-flow/model/submit', { body: { xml } });
    expect([saved.status, saved.msg]).toEqual([400, DECLARATION]);
    expect((await upload(xml)).json()).toMatchObject({ code: 400, msg: DECLARATION });
    expect(await count('blade_flow_deployment', key)).toBe(0);

    await insertDeployment(key, xml, xml.replace(/<!DOCTYPE[\s\S]*?\]>/, '').replace(/&\w+;/g, ''));
    const started = await startProcess(key);
    expect([started.status, started.msg]).toEqual([400, DECLARATION]);
    expect(await count('blade_flow_instance', key)).toBe(0);
  });
});

describe('a 50 MB model', () => {
  it('is refused at once at check, at deploy and at run, with a clear message', async () => {
    const began = Date.now();
    const checked = (await check(HUGE)).json();
    expect(checked).toMatchObject({ code: 413, msg: '请求体过大, 不能超过 1 MB' });
    expect((await upload(HUGE)).json()).toMatchObject({ code: 400, msg: '流程文件不能超过 500 KB' });
    await expect(deploy(api.server.ctx.db, HUGE, null)).rejects.toThrow('流程模型不能超过 500 KB');
    // Just above the limit, inside the body the server takes: the field's own limit names it.
    const over = (await check(HUGE.slice(0, 600_000))).json();
    expect(over).toMatchObject({ code: 400, msg: '流程模型长度不能超过 500000 个字符' });

    await insertDeployment('huge', HUGE, HUGE.replace(/<textAnnotation[\s\S]*<\/textAnnotation>/, ''));
    const started = await startProcess('huge');
    expect([started.status, started.msg]).toEqual([400, '流程模型不能超过 500 KB']);
    expect(Date.now() - began).toBeLessThan(30_000);
    // The server still answers.
    expect((await api.get('/api/blade-flow/model/list')).status).toBe(200);
  });
});

describe('a running instance whose engine state holds a hostile model', () => {
  const SAFE = model('steady', `<sequenceFlow id="toApprove" sourceRef="start" targetRef="approve" />${APPROVE}${END}`);
  /** Models with the same start and approval as SAFE, and something hostile after the approval. */
  const AFTER_APPROVAL: [string, string, string][] = [
    [
      'a script task',
      `<sequenceFlow id="toHack" sourceRef="approve" targetRef="hack" />${SCRIPT}`,
      '<scriptTask id="hack">: 流程不能运行脚本',
    ],
    [
      'a script task in a sub-process',
      `<sequenceFlow id="toInside" sourceRef="approve" targetRef="inside" /><subProcess id="inside"><startEvent id="innerStart" /><sequenceFlow id="toHack" sourceRef="innerStart" targetRef="hack" />${SCRIPT}</subProcess>`,
      '<scriptTask id="hack">: 流程不能运行脚本',
    ],
    [
      'a javascript condition',
      `<sequenceFlow id="toEnd" sourceRef="approve" targetRef="done"><conditionExpression xsi:type="tFormalExpression" language="javascript">${CODE}</conditionExpression></sequenceFlow><endEvent id="done" />`,
      '<sequenceFlow id="toEnd">: 流程不能运行脚本',
    ],
    [
      'a javascript condition with no language',
      `<sequenceFlow id="toEnd" sourceRef="approve" targetRef="done"><conditionExpression>${CODE}</conditionExpression></sequenceFlow><endEvent id="done" />`,
      `<sequenceFlow id="toEnd"> 条件不可用: 表达式须写作 \${...}`,
    ],
    [
      'a condition reaching constructor',
      `<sequenceFlow id="toEnd" sourceRef="approve" targetRef="done"><conditionExpression>\${constructor.constructor}</conditionExpression></sequenceFlow><endEvent id="done" />`,
      '<sequenceFlow id="toEnd"> 条件不可用: 表达式不能读取 constructor',
    ],
    [
      'a timer whose time reaches process',
      `<sequenceFlow id="toMore" sourceRef="approve" targetRef="more" />
      <userTask id="more" name="复核" flowable:formKey="work/todo" flowable:candidateGroups="administrator" />
      <boundaryEvent id="late" attachedToRef="more"><timerEventDefinition><timeDuration>\${process.exit}</timeDuration></timerEventDefinition></boundaryEvent>
      <sequenceFlow id="toLate" sourceRef="late" targetRef="done" /><sequenceFlow id="toDone" sourceRef="more" targetRef="done" /><endEvent id="done" />`,
      '表达式不能读取 process: process.exit',
    ],
    [
      'a service task',
      `<sequenceFlow id="toCall" sourceRef="approve" targetRef="call" /><serviceTask id="call" implementation="\${environment.services.shell}" />`,
      '<serviceTask id="call">: 流程不能调用服务或其他程序',
    ],
  ];

  beforeAll(async () => {
    await deploy(api.server.ctx.db, SAFE, null);
  });

  /** Starts SAFE, then swaps the hostile model into the instance's kept engine state (what recovery rebuilds). */
  async function tamperedInstance(hostileBody: string): Promise<Row> {
    const started = rowOf(await startProcess('steady'));
    const hostile = `<sequenceFlow id="toApprove" sourceRef="start" targetRef="approve" />${APPROVE}${hostileBody}`;
    await swapModel(Number(started.processInstanceId), model('steady', hostile));
    const task = pageOf(await api.get('/api/blade-flow/work/claim-list')).records.find(
      (row) => row.processInstanceId === started.processInstanceId,
    ) as Row;
    await api.post('/api/blade-flow/work/claim-task', { query: { taskId: String(task.taskId) } });
    return task;
  }

  it.each(AFTER_APPROVAL)('refuses to move past %s when the step is approved', async (_title, body, refusal) => {
    const task = await tamperedInstance(body);
    const approved = await api.post('/api/blade-flow/work/complete-task', {
      body: { taskId: String(task.taskId), processInstanceId: task.processInstanceId, flag: 'ok' },
    });
    expect(approved.status).toBe(400);
    expect(approved.msg).toMatch(/^流程不能运行: /);
    expect(approved.msg).toContain(refusal);
    // Nothing moved: the step is still open and the process still waits on it.
    const open = pageOf(await api.get('/api/blade-flow/work/todo-list')).records.find(
      (row) => row.taskId === task.taskId,
    );
    expect(open).toBeDefined();
    expect(ran()).toEqual({ file: false, global: undefined });
  });

  it('refuses at the timer pass, which goes on to the other due instances', async () => {
    const TIMED = (after: string) =>
      `<sequenceFlow id="toApprove" sourceRef="start" targetRef="approve" />${APPROVE}${END}
      <boundaryEvent id="late" attachedToRef="approve" cancelActivity="false"><timerEventDefinition><timeDuration>PT1H</timeDuration></timerEventDefinition></boundaryEvent>
      ${after}`;
    await deploy(
      api.server.ctx.db,
      model(
        'timed',
        TIMED('<sequenceFlow id="toLate" sourceRef="late" targetRef="lateEnd" /><endEvent id="lateEnd" />'),
      ),
      null,
    );
    const { db } = api.server.ctx;
    const hostileId = Number(rowOf(await startProcess('timed')).processInstanceId);
    const steadyId = Number(rowOf(await startProcess('timed')).processInstanceId);
    await swapModel(
      hostileId,
      model('timed', TIMED(`<sequenceFlow id="toLate" sourceRef="late" targetRef="hack" />${SCRIPT}`)),
    );

    const refusals: [number, string][] = [];
    const woken = await wakeDueProcesses(api.server.ctx, new Date(Date.now() + 2 * 3600_000), (id, error) =>
      refusals.push([id, error.message]),
    );
    expect(refusals).toEqual([[hostileId, '流程不能运行: <scriptTask id="hack">: 流程不能运行脚本']]);
    expect(woken).toBeGreaterThanOrEqual(1);
    const wake = async (id: number) =>
      await db
        .selectFrom('blade_flow_instance')
        .select(['wakeTime', 'flowState'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
    // The refused one is not met again every minute; the other fired its timer and waits on its step.
    expect(await wake(hostileId)).toEqual({ wakeTime: null, flowState: 1 });
    expect((await wake(steadyId)).flowState).toBe(1);
    expect(ran()).toEqual({ file: false, global: undefined });
  });
});

describe('what still passes', () => {
  it('checks the shipped models, the example and a drawing as bpmn-js saves it with no problem, in both languages', async () => {
    const drawn = `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:bpmndi="http://www.omg.org/spec/BPMN/20100524/DI"
  xmlns:dc="http://www.omg.org/spec/DD/20100524/DC" xmlns:di="http://www.omg.org/spec/DD/20100524/DI"
  xmlns:bioc="http://bpmn.io/schema/bpmn/biocolor/1.0" xmlns:flowable="http://flowable.org/bpmn" xmlns:ride="http://ride-console/bpmn"
  id="Definitions_1" targetNamespace="http://bpmn.io/schema/bpmn" exporter="bpmn-js (https://demo.bpmn.io)" exporterVersion="18.0.0">
  <bpmn:collaboration id="Collaboration_1"><bpmn:participant id="Pool_1" name="门店" processRef="drawn" /></bpmn:collaboration>
  <bpmn:process id="drawn" name="绘制" ride:en="Drawn" isExecutable="true">
    <bpmn:documentation>画出来的流程</bpmn:documentation>
    <bpmn:laneSet id="LaneSet_1"><bpmn:lane id="Lane_1" name="店长"><bpmn:flowNodeRef>start</bpmn:flowNodeRef></bpmn:lane></bpmn:laneSet>
    <bpmn:startEvent id="start" name="发起"><bpmn:outgoing>Flow_1</bpmn:outgoing></bpmn:startEvent>
    <bpmn:sequenceFlow id="Flow_1" sourceRef="start" targetRef="split" />
    <bpmn:parallelGateway id="split"><bpmn:incoming>Flow_1</bpmn:incoming></bpmn:parallelGateway>
    <bpmn:sequenceFlow id="Flow_2" sourceRef="split" targetRef="check" />
    <bpmn:userTask id="check" name="检查" flowable:formKey="work/todo" flowable:candidateGroups="administrator" />
    <bpmn:boundaryEvent id="late" attachedToRef="check" cancelActivity="false" flowable:candidateGroups="administrator">
      <bpmn:timerEventDefinition id="Timer_1"><bpmn:timeDuration xsi:type="bpmn:tFormalExpression" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">PT4H</bpmn:timeDuration></bpmn:timerEventDefinition>
    </bpmn:boundaryEvent>
    <bpmn:sequenceFlow id="Flow_3" sourceRef="check" targetRef="end" />
    <bpmn:endEvent id="end" />
    <bpmn:textAnnotation id="Note_1"><bpmn:text>超过 4 小时升级</bpmn:text></bpmn:textAnnotation>
    <bpmn:association id="Association_1" sourceRef="late" targetRef="Note_1" />
  </bpmn:process>
  <bpmndi:BPMNDiagram id="Diagram_1"><bpmndi:BPMNPlane id="Plane_1" bpmnElement="Collaboration_1">
    <bpmndi:BPMNShape id="start_di" bpmnElement="start" bioc:stroke="#1e88e5"><dc:Bounds x="152" y="102" width="36" height="36" />
      <bpmndi:BPMNLabel><dc:Bounds x="150" y="145" width="40" height="14" /></bpmndi:BPMNLabel></bpmndi:BPMNShape>
    <bpmndi:BPMNEdge id="Flow_1_di" bpmnElement="Flow_1"><di:waypoint x="188" y="120" /><di:waypoint x="240" y="120" /></bpmndi:BPMNEdge>
  </bpmndi:BPMNPlane></bpmndi:BPMNDiagram>
</bpmn:definitions>`;
    const files = ['processes/leave.bpmn', 'processes/payout_approval.bpmn', 'docs/examples/expense.bpmn'];
    for (const xml of [...files.map((file) => fs.readFileSync(file, 'utf8')), drawn]) {
      expect(rowOf(await api.post('/api/blade-flow/model/check', { body: { xml } })).problems).toEqual([]);
    }
  });

  it('answers every refusal in English to an English caller', async () => {
    const english = { 'accept-language': 'en' };
    for (const { xml } of HOSTILE) {
      const problems = (await check(xml, english)).json().data.problems as string[];
      const chinese = problems.filter((problem) =>
        /[\u4e00-\u9fff]/.test(problem.replace(/"[^"]*"|“[^”]*”|「[^」]*」/g, '')),
      );
      expect(chinese).toEqual([]);
    }
    expect((await check(BILLION_LAUGHS, english)).json().msg).toBe(englishOf(DECLARATION));
    expect(englishOf('<scriptTask id="hack" name="写文件">: 流程不能运行脚本')).toBe(
      '<scriptTask id="hack" name="写文件">: a process cannot run scripts',
    );
  });
});
