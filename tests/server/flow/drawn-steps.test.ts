// A process drawn in 模型管理 reaches the task lists by its names: a user task left unnamed (bpmn-js gives it an id such
// as Activity_00nt53t) is a problem before the deploy, and a deployed drawing's step and process type show in 待签 and
// 待办 as the drawing names them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Api, openApi, pageOf, rowOf } from '../engine/api.js';
import { call } from '../harness.js';

let api: Api;

beforeAll(async () => {
  api = await openApi();
});
afterAll(async () => api?.close());

/** A drawing as bpmn-js saves it: its step named `step` (none when empty), its type `category`. */
const drawing = (step: string, category: string) => `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:flowable="http://flowable.org/bpmn"
  xmlns:ride="http://ride-console/bpmn" id="Definitions_1" targetNamespace="http://bpmn.io/schema/bpmn">
  <bpmn:process id="shop_check" name="门店检查" ride:en="Shop check" ride:category="${category}" isExecutable="true">
    <bpmn:startEvent id="start" name="发起" />
    <bpmn:sequenceFlow id="Flow_1" sourceRef="start" targetRef="Activity_00nt53t" />
    <bpmn:userTask id="Activity_00nt53t"${step ? ` name="${step}" ride:en="Manager check"` : ''}
      flowable:formKey="work/todo" flowable:candidateGroups="administrator" />
    <bpmn:sequenceFlow id="Flow_2" sourceRef="Activity_00nt53t" targetRef="end" />
    <bpmn:endEvent id="end" />
  </bpmn:process>
</bpmn:definitions>`;

describe('a drawn process', () => {
  it('is told before the deploy that a user task needs a name, in both languages', async () => {
    const check = async (language: string) =>
      (
        await call(api.server, 'POST', '/api/blade-flow/model/check', {
          token: api.adminToken,
          headers: { 'accept-language': language },
          body: { xml: drawing('', '1') },
        })
      ).json().data.problems;
    expect(await check('zh')).toEqual(['用户任务 Activity_00nt53t 须有名称, 待办中以它显示步骤']);
    expect(await check('en')).toEqual(['User task Activity_00nt53t needs a name: the task lists show the step by it']);
    const saved = rowOf(await api.post('/api/blade-flow/model/submit', { body: { xml: drawing('', '1') } }));
    const refused = await api.post('/api/blade-flow/model/deploy', { query: { modelId: String(saved.id) } });
    expect(refused.msg).toMatch(/^流程模型不能部署: 用户任务 Activity_00nt53t 须有名称/);
    const deployed = pageOf(await api.get('/api/blade-flow/manager/list', { current: '1', size: '100' })).records;
    expect(deployed.map((row) => row.key)).not.toContain('shop_check');
  });

  it('shows its step by name and its process type in 待签 and 待办', async () => {
    const saved = rowOf(await api.post('/api/blade-flow/model/submit', { body: { xml: drawing('店长检查', '2') } }));
    expect(saved.problems).toEqual([]);
    const deployed = await api.post('/api/blade-flow/model/deploy', { query: { modelId: String(saved.id) } });
    expect(deployed.msg).toBe('操作成功');
    const started = await api.post('/api/blade-flow/work/start-process', {
      body: { processDefinitionId: 'shop_check', variables: {} },
    });
    expect(started.msg).toBe('操作成功');
    const waiting = pageOf(await api.get('/api/blade-flow/work/claim-list', {})).records.find(
      (task) => task.processDefinitionKey === 'shop_check',
    );
    expect(waiting).toMatchObject({ taskName: '店长检查', category: '2', taskDefinitionKey: 'Activity_00nt53t' });
    await api.post('/api/blade-flow/work/claim-task', { query: { taskId: String(waiting?.taskId) } });
    const english = await call(api.server, 'GET', '/api/blade-flow/work/todo-list', {
      token: api.adminToken,
      headers: { 'accept-language': 'en' },
    });
    expect(
      (english.json().data.records as Record<string, unknown>[]).find(
        (task) => task.processDefinitionKey === 'shop_check',
      ),
    ).toMatchObject({
      taskName: 'Manager check',
      category: '2',
    });
  });
});
