// Deployed processes: each deployment of a model is a new version of its process; new instances start on the latest
// version not suspended, and an instance finishes on the version it started with (its engine state carries it).
// The processes the console ships (processes/*.bpmn) are deployed as version 1 when their key has none yet, and as
// the next version when the console ships a changed model (recorded in the audit trail).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyRequest } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import { recordControlChange } from '../../platform/audit/record.js';
import { nextId } from '../../platform/db/ids.js';
import type { Database } from '../../platform/db/schema.js';
import { now } from '../../platform/db/time.js';
import { badRequest, notFound } from '../../platform/http/envelope.js';
import { deployableModel, type ProcessModel } from './bpmn/model.js';

type Db = Kysely<Database> | Transaction<Database>;

export const BUNDLED_FOLDER = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..', 'processes');

export interface Deployment {
  id: number;
  processKey: string;
  version: number;
  name: string;
  nameEn: string;
  category: string;
  businessTable: string;
  xml: string;
  model: ProcessModel;
  suspended: boolean;
  createTime: string | null;
}

const columns = [
  'id',
  'processKey',
  'version',
  'name',
  'nameEn',
  'category',
  'businessTable',
  'xml',
  'model',
  'suspended',
  'createTime',
] as const;

type DeploymentRow = {
  id: number;
  processKey: string;
  version: number;
  name: string;
  nameEn: string;
  category: string;
  businessTable: string;
  xml: string;
  model: string;
  suspended: number;
  createTime: string | null;
};

const deploymentOf = (row: DeploymentRow): Deployment => ({
  ...row,
  id: Number(row.id),
  version: Number(row.version),
  model: JSON.parse(row.model) as ProcessModel,
  suspended: Number(row.suspended) === 1,
});

/** Deploys a model as the next version of its process; a model with problems is refused with them. */
export async function deploy(db: Db, xml: string, userId: number | null): Promise<Deployment> {
  const model = await deployableModel(xml);
  const latest = await db
    .selectFrom('blade_flow_deployment')
    .select((eb) => eb.fn.max('version').as('version'))
    .where('processKey', '=', model.key)
    .where('isDeleted', '=', 0)
    .executeTakeFirst();
  const id = nextId();
  const row = {
    id,
    processKey: model.key,
    version: Number(latest?.version ?? 0) + 1,
    name: model.name,
    nameEn: model.en,
    category: model.category,
    businessTable: model.businessTable,
    xml,
    model: JSON.stringify(model),
    suspended: 0,
    createUser: userId,
    createTime: now(),
  };
  await db.insertInto('blade_flow_deployment').values(row).execute();
  return deploymentOf(row);
}

/**
 * Puts a deployment in the audit trail (docs/audit.md) with the version of its process before it: `by` is the
 * request that deployed it, null for a shipped model the server deployed at start.
 */
export async function recordDeploy(db: Db, by: FastifyRequest | null, deployed: Deployment): Promise<void> {
  const { processKey, version, name, category, suspended, xml } = deployed;
  const before = await db
    .selectFrom('blade_flow_deployment')
    .select(['processKey', 'version', 'name', 'category', 'suspended', 'xml'])
    .where('processKey', '=', processKey)
    .where('version', '<', version)
    .where('isDeleted', '=', 0)
    .orderBy('version', 'desc')
    .limit(1)
    .executeTakeFirst();
  await recordControlChange(db, by, {
    kind: 'process_model',
    action: 'deploy',
    subject: processKey,
    subjectId: deployed.id,
    before: before && { ...before, suspended: Number(before.suspended) === 1 },
    after: { processKey, version, name, category, suspended, xml },
  });
}

export async function deploymentById(db: Db, id: number): Promise<Deployment> {
  const row = await db
    .selectFrom('blade_flow_deployment')
    .select(columns)
    .where('id', '=', id)
    .where('isDeleted', '=', 0)
    .executeTakeFirst();
  if (!row) throw notFound('流程部署不存在');
  return deploymentOf(row);
}

/** The version new instances of a process start on: its latest, which must not be suspended. */
export async function startingDeployment(db: Db, processKey: string): Promise<Deployment> {
  const row = await db
    .selectFrom('blade_flow_deployment')
    .select(columns)
    .where('processKey', '=', processKey)
    .where('isDeleted', '=', 0)
    .orderBy('version', 'desc')
    .executeTakeFirst();
  if (!row) {
    const bundled = await deployBundled(db, processKey);
    if (!bundled) throw notFound('流程不存在');
    return bundled;
  }
  if (Number(row.suspended) === 1) throw badRequest('流程已挂起, 不能发起');
  return deploymentOf(row);
}

/** The latest version of every process, for the start list. */
export async function latestDeployments(db: Db): Promise<Deployment[]> {
  const rows = await db
    .selectFrom('blade_flow_deployment')
    .select(columns)
    .where('isDeleted', '=', 0)
    .orderBy('processKey')
    .orderBy('version', 'desc')
    .execute();
  const seen = new Set<string>();
  return rows.filter((row) => !seen.has(row.processKey) && seen.add(row.processKey)).map(deploymentOf);
}

const bundledFiles = (): string[] =>
  fs.existsSync(BUNDLED_FOLDER) ? fs.readdirSync(BUNDLED_FOLDER).filter((file) => file.endsWith('.bpmn')) : [];

/** Deploys the shipped model of a process as its first version; undefined when none ships. */
async function deployBundled(db: Db, processKey: string): Promise<Deployment | undefined> {
  const file = bundledFiles().find((name) => name === `${processKey}.bpmn`);
  if (!file) return undefined;
  const deployment = await deploy(db, fs.readFileSync(path.join(BUNDLED_FOLDER, file), 'utf8'), null);
  // Instances started before processes were deployed ran this process: they go on on its first version.
  await db
    .updateTable('blade_flow_instance')
    .set({ deploymentId: deployment.id })
    .where('processKey', '=', processKey)
    .where('deploymentId', 'is', null)
    .execute();
  return deployment;
}

/**
 * At start: every shipped process whose key has no deployment yet gets its first version. A shipped model the console
 * changed since is deployed as the next version, unless an administrator deployed a version of their own: theirs
 * stays the latest.
 */
export async function deployShippedProcesses(db: Kysely<Database>): Promise<void> {
  for (const file of bundledFiles()) {
    const key = file.replace(/\.bpmn$/, '');
    const latest = await db
      .selectFrom('blade_flow_deployment')
      .select(['xml', 'createUser'])
      .where('processKey', '=', key)
      .orderBy('version', 'desc')
      .executeTakeFirst();
    if (!latest) await deployBundled(db, key);
    else if (latest.createUser === null) {
      const shipped = fs.readFileSync(path.join(BUNDLED_FOLDER, file), 'utf8');
      // A changed shipped model replaces what runs: in the audit trail, naming nobody.
      if (shipped !== latest.xml)
        await db.transaction().execute(async (trx) => recordDeploy(trx, null, await deploy(trx, shipped, null)));
    }
  }
}
