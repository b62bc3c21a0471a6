// Process management as BladeX's flow module offers it: models being drawn (模型管理: save, deploy), deployed
// versions (部署管理: list, suspend, activate, the model's XML), and instances (流程跟踪: list, and one instance's
// diagram with the path it took and where it waits). docs/workflow.md, "Managing processes".
import type { FastifyRequest } from 'fastify';
import { recordControlChange } from '../../platform/audit/record.js';
import type { AppContext } from '../../platform/context.js';
import { nextId } from '../../platform/db/ids.js';
import { now } from '../../platform/db/time.js';
import { pageOf } from '../../platform/engine/resource.js';
import { badRequest, notFound } from '../../platform/http/envelope.js';
import type { Language } from '../../platform/http/language.js';
import { readModel } from './bpmn/model.js';
import { deploy, recordDeploy } from './deployments.js';
import { TASK_OPEN } from './engine.js';
import type { Paging } from './lists.js';

const page = <T>(records: T[], total: number, paging: Paging) => pageOf(records, total, paging.current, paging.size);
const offset = (paging: Paging) => (paging.current - 1) * paging.size;

/** Saves a model: a new one, or a change of the one named by id. Its key and name are the drawing's own. */
export async function saveModel(ctx: AppContext, userId: number, input: { id?: string; xml: string; remark?: string }) {
  const { model, problems } = await readModel(input.xml);
  if (!model.key) throw badRequest('流程模型须有流程标识');
  const row = { modelKey: model.key, name: model.name || model.key, xml: input.xml, remark: input.remark ?? null };
  if (input.id) {
    const changed = await ctx.db
      .updateTable('blade_flow_model')
      .set({ ...row, updateUser: userId, updateTime: now() })
      .where('id', '=', Number(input.id))
      .where('isDeleted', '=', 0)
      .executeTakeFirst();
    if (Number(changed.numUpdatedRows) === 0) throw notFound('流程模型不存在');
    return { id: input.id, problems };
  }
  const id = nextId();
  await ctx.db
    .insertInto('blade_flow_model')
    .values({ id, ...row, createUser: userId, createTime: now() })
    .execute();
  return { id: String(id), problems };
}

export async function modelList(ctx: AppContext, paging: Paging) {
  const query = ctx.db.selectFrom('blade_flow_model').where('isDeleted', '=', 0);
  const counted = await query.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow();
  const rows = await query
    .select(['id', 'modelKey', 'name', 'remark', 'createTime', 'updateTime'])
    .orderBy('id', 'desc')
    .limit(paging.size)
    .offset(offset(paging))
    .execute();
  const records = rows.map((row) => ({ ...row, id: String(row.id), lastUpdated: row.updateTime ?? row.createTime }));
  return page(records, Number(counted.count), paging);
}

async function modelRow(ctx: AppContext, id: number) {
  const row = await ctx.db
    .selectFrom('blade_flow_model')
    .select(['id', 'modelKey', 'name', 'xml', 'remark'])
    .where('id', '=', id)
    .where('isDeleted', '=', 0)
    .executeTakeFirst();
  if (!row) throw notFound('流程模型不存在');
  return row;
}

/** A model with what keeps it from being deployed (the engine's checks), for the modeler to show before deploy. */
export async function modelDetail(ctx: AppContext, id: number) {
  const row = await modelRow(ctx, id);
  const { problems } = await readModel(row.xml);
  return { ...row, id: String(row.id), remark: row.remark ?? '', problems };
}

/** The checks a deploy would refuse a drawing for, asked by the modeler as it is drawn, before anything is saved. */
export async function checkModel(xml: string) {
  const { problems } = await readModel(xml);
  return { problems };
}

/** Removes saved models; each one removed goes into the audit trail with it. */
export async function removeModels(ctx: AppContext, request: FastifyRequest, ids: number[]) {
  await ctx.db.transaction().execute(async (trx) => {
    const models = await trx
      .selectFrom('blade_flow_model')
      .select(['id', 'modelKey', 'name', 'xml', 'remark'])
      .where('id', 'in', ids)
      .where('isDeleted', '=', 0)
      .execute();
    await trx.updateTable('blade_flow_model').set({ isDeleted: 1 }).where('id', 'in', ids).execute();
    for (const model of models) {
      const { id, ...before } = model;
      await recordControlChange(trx, request, {
        kind: 'process_model',
        action: 'remove',
        subject: model.modelKey,
        subjectId: id,
        before,
      });
    }
  });
}

/** Deploys a saved model as the next version of its process. */
export async function deployModel(ctx: AppContext, request: FastifyRequest, modelId: number) {
  const row = await modelRow(ctx, modelId);
  return deployXml(ctx, request, row.xml);
}

/**
 * Deploys a model as the next version of its process (from a saved model, or a BPMN file uploaded on 部署管理); the
 * version before and the one deployed go into the audit trail with it.
 */
export async function deployXml(ctx: AppContext, request: FastifyRequest, xml: string) {
  const deployment = await ctx.db.transaction().execute(async (trx) => {
    const deployed = await deploy(trx, xml, request.user?.userId ?? null);
    await recordDeploy(trx, request, deployed);
    return deployed;
  });
  return {
    deploymentId: String(deployment.id),
    processDefinitionId: `${deployment.processKey}:${deployment.version}`,
    version: deployment.version,
  };
}

/** Reads `key:version` (BladeX's process definition id). */
function definitionKey(processDefinitionId: string): { key: string; version: number } {
  const [key, version] = processDefinitionId.split(':');
  if (!key || !Number.isSafeInteger(Number(version))) throw badRequest('流程定义不存在');
  return { key, version: Number(version) };
}

/** Every deployed version, newest first: suspensionState 1 active, 2 suspended (as Flowable counts). */
export async function deploymentList(ctx: AppContext, paging: Paging, language: Language) {
  const query = ctx.db.selectFrom('blade_flow_deployment').where('isDeleted', '=', 0);
  const counted = await query.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow();
  const rows = await query
    .select(['id', 'processKey', 'version', 'name', 'nameEn', 'category', 'suspended', 'createTime'])
    .orderBy('processKey')
    .orderBy('version', 'desc')
    .limit(paging.size)
    .offset(offset(paging))
    .execute();
  const records = rows.map((row) => ({
    id: `${row.processKey}:${row.version}`,
    deploymentId: String(row.id),
    key: row.processKey,
    name: language === 'en' ? row.nameEn : row.name,
    category: row.category,
    version: row.version,
    suspensionState: Number(row.suspended) === 1 ? 2 : 1,
    deploymentTime: row.createTime ?? '',
  }));
  return page(records, Number(counted.count), paging);
}

/**
 * Suspends a version (no new instance starts on it; running ones go on) or activates it again, in the audit trail
 * with its state before and after.
 */
export async function changeState(
  ctx: AppContext,
  request: FastifyRequest,
  processDefinitionId: string,
  state: 'active' | 'suspend',
) {
  const { key, version } = definitionKey(processDefinitionId);
  await ctx.db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('blade_flow_deployment')
      .select(['id', 'suspended'])
      .where('processKey', '=', key)
      .where('version', '=', version)
      .where('isDeleted', '=', 0)
      .executeTakeFirst();
    if (!row) throw notFound('流程定义不存在');
    const suspended = state === 'suspend' ? 1 : 0;
    await trx
      .updateTable('blade_flow_deployment')
      .set({ suspended, updateTime: now() })
      .where('id', '=', row.id)
      .execute();
    await recordControlChange(trx, request, {
      kind: 'process_model',
      action: state === 'suspend' ? 'suspend' : 'activate',
      subject: processDefinitionId,
      subjectId: row.id,
      before: { processKey: key, version, suspended: Number(row.suspended) === 1 },
      after: { processKey: key, version, suspended: suspended === 1 },
    });
  });
}

export async function resourceView(ctx: AppContext, processDefinitionId: string): Promise<string> {
  const { key, version } = definitionKey(processDefinitionId);
  const row = await ctx.db
    .selectFrom('blade_flow_deployment')
    .select('xml')
    .where('processKey', '=', key)
    .where('version', '=', version)
    .where('isDeleted', '=', 0)
    .executeTakeFirst();
  if (!row) throw notFound('流程定义不存在');
  return row.xml;
}

/** Instances, newest first, with their version and where they stand. */
export async function instanceList(ctx: AppContext, paging: Paging, language: Language) {
  const query = ctx.db
    .selectFrom('blade_flow_instance as i')
    .leftJoin('blade_flow_deployment as d', 'd.id', 'i.deploymentId')
    .leftJoin('blade_user as s', 's.id', 'i.createUser')
    .where('i.isDeleted', '=', 0);
  const counted = await query.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow();
  const rows = await query
    .select([
      'i.id',
      'i.processKey',
      'i.title',
      'i.flowState',
      'i.createTime',
      'i.endTime',
      'd.version',
      'd.name',
      'd.nameEn',
      's.realName as startUserName',
    ])
    .orderBy('i.createTime', 'desc')
    .orderBy('i.id', 'desc')
    .limit(paging.size)
    .offset(offset(paging))
    .execute();
  // Where each waits: its open steps (two at once after a parallel split), named in the caller's language.
  const open = rows.length
    ? await ctx.db
        .selectFrom('blade_flow_task')
        .select(['instanceId', 'taskName', 'taskNameEn', 'nodeKey'])
        .where('taskState', '=', TASK_OPEN)
        .where(
          'instanceId',
          'in',
          rows.map((row) => row.id),
        )
        .orderBy('id')
        .execute()
    : [];
  const currentOf = (id: number) =>
    open
      .filter((task) => Number(task.instanceId) === Number(id))
      .map((task) => (language === 'en' ? task.taskNameEn : task.taskName) ?? task.nodeKey)
      .join(language === 'en' ? ', ' : '、');
  const records = rows.map((row) => ({
    processInstanceId: String(row.id),
    processDefinitionId: row.version === null ? row.processKey : `${row.processKey}:${row.version}`,
    processDefinitionKey: row.processKey,
    processDefinitionName: (language === 'en' ? row.nameEn : row.name) ?? row.processKey,
    title: row.title,
    startUserName: row.startUserName ?? '',
    startTime: row.createTime ?? '',
    endTime: row.endTime ?? '',
    processState: row.flowState,
    version: row.version,
    taskName: currentOf(row.id),
  }));
  return page(records, Number(counted.count), paging);
}

/** One instance's diagram: its version's model, the elements it went through, and the steps it waits on. */
export async function instanceDiagram(ctx: AppContext, instanceId: number) {
  const row = await ctx.db
    .selectFrom('blade_flow_instance as i')
    .innerJoin('blade_flow_deployment as d', 'd.id', 'i.deploymentId')
    .select(['i.path', 'i.flowState', 'd.xml', 'd.processKey', 'd.version'])
    .where('i.id', '=', instanceId)
    .executeTakeFirst();
  if (!row) throw notFound('流程实例不存在');
  const open = await ctx.db
    .selectFrom('blade_flow_task')
    .select('nodeKey')
    .where('instanceId', '=', instanceId)
    .where('taskState', '=', TASK_OPEN)
    .execute();
  return {
    processDefinitionId: `${row.processKey}:${row.version}`,
    xml: row.xml,
    passed: row.path ? row.path.split(',') : [],
    current: open.map((task) => task.nodeKey),
    processState: row.flowState,
  };
}
