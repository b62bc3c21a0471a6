// A candidate task belongs to the company of the person who asked (docs/workflow.md): only holders of the candidate
// roles inside that company may claim it, so one franchisee's site manager never approves another's or head
// office's leave. Tasks opened before have none and stay open to every holder of the roles.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('blade_flow_task').addColumn('candidate_dept', 'bigint').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('blade_flow_task').dropColumn('candidate_dept').execute();
}
