// The workflow engine's rows (docs/workflow.md): a process instance per business record, its tasks (the start step,
// then one per approval node, kept as its history), and the leave requests it runs on. The site manager's role gets
// the workflow screens on a database seeded before them, as a fresh seed grants them.
import { type Kysely, sql } from 'kysely';
import { nextId } from '../ids.js';
import type { Database } from '../schema.js';
import { withBase } from './columns.js';

const SITE_MANAGER_WORK_CODES = [
  'work',
  'work_start',
  'work_start_launch',
  'work_claim',
  'task_claim',
  'work_todo',
  'task_complete',
  'work_send',
  'work_done',
];

export async function up(db: Kysely<unknown>): Promise<void> {
  await withBase(db.schema.createTable('blade_flow_instance'))
    .addColumn('process_key', 'varchar(50)', (c) => c.notNull())
    .addColumn('business_table', 'varchar(50)', (c) => c.notNull())
    .addColumn('business_id', 'bigint', (c) => c.notNull())
    .addColumn('title', 'varchar(200)', (c) => c.notNull())
    .addColumn('flow_state', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('end_time', 'timestamp')
    .execute();
  await db.schema.createIndex('blade_flow_instance_starter').on('blade_flow_instance').column('create_user').execute();

  await db.schema
    .createTable('blade_flow_task')
    .addColumn('id', 'bigint', (c) => c.primaryKey())
    .addColumn('instance_id', 'bigint', (c) => c.notNull())
    .addColumn('node_key', 'varchar(50)', (c) => c.notNull())
    .addColumn('assignee_id', 'bigint')
    .addColumn('candidate_roles', 'varchar(200)')
    .addColumn('task_state', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('outcome', 'varchar(20)')
    .addColumn('comment', 'varchar(500)')
    .addColumn('create_time', 'timestamp', (c) => c.notNull())
    .addColumn('claim_time', 'timestamp')
    .addColumn('end_time', 'timestamp')
    .execute();
  await db.schema.createIndex('blade_flow_task_instance').on('blade_flow_task').column('instance_id').execute();
  await db.schema
    .createIndex('blade_flow_task_open')
    .on('blade_flow_task')
    .columns(['task_state', 'assignee_id'])
    .execute();

  await withBase(db.schema.createTable('biz_leave'))
    .addColumn('instance_id', 'bigint')
    .addColumn('leave_type', 'integer', (c) => c.notNull())
    .addColumn('start_time', 'timestamp', (c) => c.notNull())
    .addColumn('end_time', 'timestamp', (c) => c.notNull())
    .addColumn('days', 'integer', (c) => c.notNull())
    .addColumn('reason', 'varchar(500)', (c) => c.notNull())
    .addColumn('task_user', 'bigint')
    .execute();

  const pairs = await sql<{ menuId: number; roleId: number }>`select m.id as menu_id, r.id as role_id
    from blade_menu m, blade_role r
    where m.code in (${sql.join(SITE_MANAGER_WORK_CODES)}) and m.is_deleted = 0
      and r.role_alias = 'site_manager' and r.is_deleted = 0
      and not exists (select 1 from blade_role_menu g where g.menu_id = m.id and g.role_id = r.id)`.execute(db);
  if (pairs.rows.length === 0) return;
  await (db as Kysely<Database>)
    .insertInto('blade_role_menu')
    .values(pairs.rows.map((pair) => ({ id: nextId(), menuId: Number(pair.menuId), roleId: Number(pair.roleId) })))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('biz_leave').execute();
  await db.schema.dropTable('blade_flow_task').execute();
  await db.schema.dropTable('blade_flow_instance').execute();
}
