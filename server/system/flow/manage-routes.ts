// The process management calls (docs/workflow.md, "Managing processes"), BladeX's paths: /blade-flow/model/*,
// /blade-flow/manager/*, /blade-flow/follow/*, and the instance diagram. Administrators manage processes: each call
// needs its button (flow_model, flow_deploy, flow_follow), which the administrator role holds.
import type { FastifyRequest } from 'fastify';
import { type AnswerDoc, FIELD_LIMITS, integer, listOf, NOTHING, shape, text } from '../../platform/docs/record.js';
import { ID_PATTERN, IDS_PATTERN, limitsOfSchema, pageQuery } from '../../platform/engine/schemas.js';
import type { Fields } from '../../platform/engine/types.js';
import { done, ok, unauthorized } from '../../platform/http/envelope.js';
import { type Language, languageOf } from '../../platform/http/language.js';
import { inLanguage } from '../../platform/http/messages-en.js';
import type { RoutePlugin } from '../../platform/http/route-plugin.js';
import { MODEL_MAX_BYTES } from './bpmn/contents.js';
import {
  changeState,
  checkModel,
  deployModel,
  deploymentList,
  instanceDiagram,
  instanceList,
  modelDetail,
  modelList,
  removeModels,
  resourceView,
  saveModel,
} from './manage.js';
import { DEPLOYED_ANSWER, DEPLOYMENT_RECORD, FOLLOWED_RECORD, MODEL_RECORD, MODEL_XML_ANSWER } from './records.js';

const TAGS = ['流程管理'];
const ACCESS = { menu: ['work_start'] };
const DEFINITION_ID = {
  type: 'string',
  pattern: '^[A-Za-z][\\w-]{0,49}:[0-9]{1,6}$',
  description: '流程定义',
} as const;

/** A model's checks in the caller's language. */
/** What a drawn model's check finds (nothing: it can be deployed). */
const CHECK_ANSWER: AnswerDoc = {
  name: 'ModelCheck',
  data: shape({ problems: listOf(text()) }),
};

/** A saved model: its id, and what keeps it from being deployed (nothing: it can be). */
const SAVED_ANSWER: AnswerDoc = {
  name: 'ModelSaved',
  data: shape({ id: text(), problems: listOf(text()) }),
};

/** A model to draw in the modeler, with what keeps it from being deployed. */
const DETAIL_ANSWER: AnswerDoc = {
  name: 'ModelDetail',
  data: shape({
    id: text(),
    modelKey: text(),
    name: text(),
    xml: text('BPMN 2.0 XML'),
    remark: text(),
    problems: listOf(text()),
  }),
};

/** A process's diagram with the steps it went through and the ones waiting now. */
const DIAGRAM_ANSWER: AnswerDoc = {
  name: 'ProcessDiagram',
  data: shape({
    processDefinitionId: text('<process key>:<version>'),
    xml: text('BPMN 2.0 XML'),
    passed: listOf(text()),
    current: listOf(text()),
    processState: integer('流程状态'),
  }),
};

const problemsIn = <T extends { problems: string[] }>(answer: T, language: Language): T => ({
  ...answer,
  problems: answer.problems.map((problem) => inLanguage(problem, language)),
});

const userOf = (request: FastifyRequest): number => {
  if (!request.user) throw unauthorized();
  return request.user.userId;
};
/** An object of `properties`, each required unless `required` names fewer; its literal type kept for the routes. */
type ObjectSchema<Properties, Required> = {
  type: 'object';
  required: readonly Required[];
  properties: Properties;
};
function query<const Properties extends object>(
  properties: Properties,
): ObjectSchema<Properties, keyof Properties & string>;
function query<const Properties extends object, const Required extends keyof Properties & string>(
  properties: Properties,
  required: readonly Required[],
): ObjectSchema<Properties, Required>;
function query(
  properties: object,
  required: readonly string[] = Object.keys(properties),
): ObjectSchema<object, string> {
  return { type: 'object', required, properties };
}

const MODEL_BODY = query(
  {
    id: { type: 'string', pattern: `^$|${ID_PATTERN}`, description: '模型' },
    xml: { type: 'string', minLength: 1, maxLength: MODEL_MAX_BYTES, description: '流程模型' },
    remark: { type: 'string', maxLength: 500, description: '说明' },
  },
  ['xml'],
);
/** What a model's form may send, named as 模型管理 names it: the form checks the server's limits as it is typed. */
const MODEL_FIELDS: Fields = {
  id: { type: 'id', label: '模型', en: 'Model' },
  xml: { type: 'text', label: '流程模型', en: 'Process model' },
  remark: { type: 'text', label: '说明', en: 'Remark' },
};

export const flowManageRoutes: RoutePlugin = async (app) => {
  const model = { access: ACCESS, button: 'flow_model' };
  const deployed = { access: ACCESS, button: 'flow_deploy' };
  const follow = { access: ACCESS, button: 'flow_follow' };

  app.get(
    '/blade-flow/model/list',
    {
      config: { ...model, record: MODEL_RECORD },
      schema: { tags: TAGS, summary: '模型管理: 流程模型', querystring: pageQuery },
    },
    async (request) => ok(await modelList(app.ctx, request.query)),
  );
  app.get(
    '/blade-flow/model/detail',
    {
      config: { ...model, answer: DETAIL_ANSWER },
      schema: {
        tags: TAGS,
        summary: '流程模型及其部署前检查',
        querystring: query({ id: { type: 'string', pattern: ID_PATTERN } }),
      },
    },
    async (request) => ok(problemsIn(await modelDetail(app.ctx, Number(request.query.id)), languageOf(request))),
  );
  const modelLimits = limitsOfSchema(MODEL_BODY, MODEL_FIELDS);
  app.get(
    '/blade-flow/model/fields',
    { config: { ...model, answer: FIELD_LIMITS }, schema: { tags: TAGS, summary: '流程模型字段 (表单校验用的限制)' } },
    async () => ok(modelLimits),
  );
  app.post(
    '/blade-flow/model/submit',
    {
      config: { ...model, answer: SAVED_ANSWER, fieldMessages: { xml: '请绘制流程模型' }, fieldNames: MODEL_FIELDS },
      schema: {
        tags: TAGS,
        summary: '保存流程模型 (BPMN 2.0 XML)',
        body: MODEL_BODY,
      },
    },
    async (request) => ok(problemsIn(await saveModel(app.ctx, userOf(request), request.body), languageOf(request))),
  );
  app.post(
    '/blade-flow/model/check',
    {
      config: { ...model, answer: CHECK_ANSWER, fieldMessages: { xml: '请绘制流程模型' }, fieldNames: MODEL_FIELDS },
      schema: {
        tags: TAGS,
        summary: '检查流程模型 (部署前的检查, 不保存)',
        body: query({ xml: MODEL_BODY.properties.xml }),
      },
    },
    async (request) => ok(problemsIn(await checkModel(request.body.xml), languageOf(request))),
  );
  app.post(
    '/blade-flow/model/remove',
    {
      config: { ...model, answer: NOTHING },
      schema: {
        tags: TAGS,
        summary: '删除流程模型',
        querystring: query({ ids: { type: 'string', pattern: IDS_PATTERN } }),
      },
    },
    async (request) => {
      await removeModels(app.ctx, request, request.query.ids.split(',').map(Number));
      return done();
    },
  );
  app.post(
    '/blade-flow/model/deploy',
    {
      config: { ...deployed, answer: DEPLOYED_ANSWER, fieldMessages: { modelId: '请选择流程模型' } },
      schema: {
        tags: TAGS,
        summary: '部署流程模型为新版本',
        querystring: query({ modelId: { type: 'string', pattern: ID_PATTERN } }),
      },
    },
    async (request) => ok(await deployModel(app.ctx, request, Number(request.query.modelId))),
  );

  app.get(
    '/blade-flow/manager/list',
    {
      config: { ...deployed, record: DEPLOYMENT_RECORD },
      schema: { tags: TAGS, summary: '部署管理: 流程定义的各版本', querystring: pageQuery },
    },
    async (request) => ok(await deploymentList(app.ctx, request.query, languageOf(request))),
  );
  app.post(
    '/blade-flow/manager/change-state',
    {
      config: { answer: NOTHING, ...deployed, fieldMessages: { processId: '请选择流程定义', state: '请选择状态' } },
      schema: {
        tags: TAGS,
        summary: '挂起或激活流程定义',
        querystring: query({
          processId: DEFINITION_ID,
          state: { type: 'string', enum: ['active', 'suspend'], description: '状态: active 激活, suspend 挂起' },
        }),
      },
    },
    async (request) => {
      const { processId, state } = request.query;
      await changeState(app.ctx, request, processId, state);
      return done();
    },
  );
  app.get(
    '/blade-flow/manager/resource-view',
    {
      config: { ...deployed, answer: MODEL_XML_ANSWER },
      schema: {
        tags: TAGS,
        summary: '流程定义的模型 (XML)',
        querystring: query({ processDefinitionId: DEFINITION_ID }),
      },
    },
    async (request) => ok(await resourceView(app.ctx, request.query.processDefinitionId)),
  );

  app.get(
    '/blade-flow/follow/list',
    {
      config: { ...follow, record: FOLLOWED_RECORD },
      schema: { tags: TAGS, summary: '流程跟踪: 流程实例', querystring: pageQuery },
    },
    async (request) => ok(await instanceList(app.ctx, request.query, languageOf(request))),
  );
  app.get(
    '/blade-flow/process/diagram-view',
    {
      config: { ...follow, answer: DIAGRAM_ANSWER },
      schema: {
        tags: TAGS,
        summary: '流程图: 走过的路径和当前步骤',
        querystring: query({ processInstanceId: { type: 'string', pattern: ID_PATTERN } }),
      },
    },
    async (request) => ok(await instanceDiagram(app.ctx, Number(request.query.processInstanceId))),
  );
};
