// A task may go to named people rather than a role (docs/workflow.md, "Who approves"): the people of a department
// or the starter's manager, found when the task opens and kept as `,id,id,`. Tasks opened before name none.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('blade_flow_task').addColumn('candidate_users', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('blade_flow_task').dropColumn('candidate_users').execute();
}
