// Processes as data (docs/workflow.md): deployed BPMN models with their versions, saved drafts of models, and on each
// instance its deployment, the engine's kept state, the path it took (for its diagram) and when its next timer is
// due. Each task keeps the name of its
// step in both languages, so a list reads no model; the leave steps made before are named here, so their history
// reads as it did.
import { type Kysely, sql } from 'kysely';
import { withBase } from './columns.js';

const LEAVE_STEPS = [
  ['startApply', '发起申请', 'Request'],
  ['deptLeader', '主管审批', 'Manager approval'],
  ['hrAudit', '人事审批', 'HR approval'],
];

export async function up(db: Kysely<unknown>): Promise<void> {
  await withBase(db.schema.createTable('blade_flow_deployment'))
    .addColumn('process_key', 'varchar(50)', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('name_en', 'varchar(100)', (c) => c.notNull())
    .addColumn('category', 'varchar(20)', (c) => c.notNull().defaultTo(''))
    .addColumn('business_table', 'varchar(50)', (c) => c.notNull().defaultTo(''))
    .addColumn('xml', 'text', (c) => c.notNull())
    .addColumn('model', 'text', (c) => c.notNull())
    .addColumn('suspended', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createIndex('blade_flow_deployment_version')
    .unique()
    .on('blade_flow_deployment')
    .columns(['process_key', 'version'])
    .execute();

  await withBase(db.schema.createTable('blade_flow_model'))
    .addColumn('model_key', 'varchar(50)', (c) => c.notNull())
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('xml', 'text', (c) => c.notNull())
    .addColumn('remark', 'varchar(500)')
    .execute();

  await db.schema.alterTable('blade_flow_instance').addColumn('deployment_id', 'bigint').execute();
  await db.schema.alterTable('blade_flow_instance').addColumn('engine_state', 'text').execute();
  await db.schema.alterTable('blade_flow_instance').addColumn('wake_time', 'timestamp').execute();
  await db.schema.alterTable('blade_flow_instance').addColumn('path', 'text').execute();
  await db.schema.createIndex('blade_flow_instance_wake').on('blade_flow_instance').column('wake_time').execute();

  await db.schema.alterTable('blade_flow_task').addColumn('task_name', 'varchar(100)').execute();
  await db.schema.alterTable('blade_flow_task').addColumn('task_name_en', 'varchar(100)').execute();
  await db.schema.alterTable('blade_flow_task').addColumn('form_key', 'varchar(100)').execute();
  for (const [node, name, en] of LEAVE_STEPS) {
    await sql`update blade_flow_task set task_name = ${name}, task_name_en = ${en}
      where node_key = ${node} and task_name is null`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const column of ['form_key', 'task_name_en', 'task_name']) {
    await db.schema.alterTable('blade_flow_task').dropColumn(column).execute();
  }
  await db.schema.dropIndex('blade_flow_instance_wake').execute();
  for (const column of ['path', 'wake_time', 'engine_state', 'deployment_id']) {
    await db.schema.alterTable('blade_flow_instance').dropColumn(column).execute();
  }
  await db.schema.dropTable('blade_flow_model').execute();
  await db.schema.dropTable('blade_flow_deployment').execute();
}
