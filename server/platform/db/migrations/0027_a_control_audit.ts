// The audit trail of every change to a control (docs/audit.md): who changed which rule, when, from where, what it was
// before and after. Rows are only ever added; nothing edits or deletes them.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('blade_audit')
    .addColumn('id', 'bigint', (c) => c.primaryKey())
    .addColumn('kind', 'varchar(32)', (c) => c.notNull())
    .addColumn('action', 'varchar(32)', (c) => c.notNull())
    .addColumn('subject', 'varchar(255)', (c) => c.notNull())
    .addColumn('subject_id', 'bigint')
    .addColumn('before_value', 'text')
    .addColumn('after_value', 'text')
    .addColumn('user_id', 'bigint')
    .addColumn('account', 'varchar(64)')
    .addColumn('real_name', 'varchar(64)')
    .addColumn('remote_ip', 'varchar(64)')
    .addColumn('create_time', 'timestamp', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('blade_audit_time').on('blade_audit').column('create_time').execute();
  await db.schema.createIndex('blade_audit_kind').on('blade_audit').columns(['kind', 'create_time']).execute();
  await db.schema.createIndex('blade_audit_user').on('blade_audit').columns(['user_id', 'create_time']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('blade_audit').execute();
}
