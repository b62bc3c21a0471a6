// Rental operations: companies, sites, equipment types, equipment, price plans, and the lock simulator's devices.
// Money columns are integer cents (bigint); unique keys hold among live rows (partial indexes).
import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import { withBase } from './columns.js';

const live = sql.ref('is_deleted');

export async function up(db: Kysely<unknown>): Promise<void> {
  await withBase(db.schema.createTable('biz_company'))
    .addColumn('company_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('short_name', 'varchar(50)')
    .addColumn('company_kind', 'integer', (c) => c.notNull())
    .addColumn('dept_id', 'bigint', (c) => c.notNull())
    .addColumn('contact_name', 'varchar(50)')
    .addColumn('contact_phone', 'varchar(30)')
    .addColumn('address', 'varchar(255)')
    .addColumn('remark', 'varchar(500)')
    .execute();
  await db.schema
    .createIndex('biz_company_dept_live')
    .on('biz_company')
    .column('dept_id')
    .unique()
    .where(live, '=', 0)
    .execute();

  await withBase(db.schema.createTable('biz_site'))
    .addColumn('site_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('site_kind', 'integer', (c) => c.notNull())
    .addColumn('company_id', 'bigint', (c) => c.notNull())
    .addColumn('dept_id', 'bigint', (c) => c.notNull())
    .addColumn('province_code', 'varchar(12)')
    .addColumn('city_code', 'varchar(12)')
    .addColumn('district_code', 'varchar(12)')
    .addColumn('address', 'varchar(255)')
    .addColumn('longitude', 'varchar(20)')
    .addColumn('latitude', 'varchar(20)')
    .addColumn('opening_hours', 'varchar(50)')
    .addColumn('contact_name', 'varchar(50)')
    .addColumn('contact_phone', 'varchar(30)')
    .addColumn('site_state', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('picture', 'varchar(500)')
    .addColumn('remark', 'varchar(500)')
    .execute();
  await db.schema.createIndex('biz_site_company').on('biz_site').column('company_id').execute();
  await db.schema.createIndex('biz_site_dept').on('biz_site').column('dept_id').execute();

  await withBase(db.schema.createTable('biz_type'))
    .addColumn('type_name', 'varchar(50)', (c) => c.notNull())
    .addColumn('type_kind', 'integer', (c) => c.notNull())
    .addColumn('picture', 'varchar(500)')
    .addColumn('deposit', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('sort', 'integer')
    .addColumn('remark', 'varchar(500)')
    .execute();

  await withBase(db.schema.createTable('biz_equ'))
    .addColumn('key_pair', 'varchar(64)', (c) => c.notNull())
    .addColumn('type_id', 'bigint', (c) => c.notNull())
    .addColumn('site_id', 'bigint', (c) => c.notNull())
    .addColumn('lock_no', 'varchar(64)')
    .addColumn('batch', 'varchar(64)')
    .addColumn('port', 'integer')
    .addColumn('equ_state', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('battery', 'integer')
    .addColumn('signal_strength', 'integer')
    .addColumn('last_heartbeat', 'timestamp')
    .addColumn('remark', 'varchar(500)')
    .execute();
  await db.schema
    .createIndex('biz_equ_key_live')
    .on('biz_equ')
    .column('key_pair')
    .unique()
    .where(live, '=', 0)
    .execute();
  await db.schema.createIndex('biz_equ_site').on('biz_equ').column('site_id').execute();
  await db.schema.createIndex('biz_equ_batch').on('biz_equ').column('batch').execute();

  await withBase(db.schema.createTable('biz_price'))
    .addColumn('price_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('site_id', 'bigint', (c) => c.notNull())
    .addColumn('type_id', 'bigint', (c) => c.notNull())
    .addColumn('deposit', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('first_minutes', 'integer', (c) => c.notNull())
    .addColumn('first_price', 'bigint', (c) => c.notNull())
    .addColumn('unit_minutes', 'integer', (c) => c.notNull())
    .addColumn('unit_price', 'bigint', (c) => c.notNull())
    .addColumn('free_minutes', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('daily_cap', 'bigint')
    .addColumn('effective_from', 'timestamp')
    .addColumn('price_state', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('remark', 'varchar(500)')
    .execute();
  // One plan in force per site × type: only live, active plans count.
  await db.schema
    .createIndex('biz_price_active')
    .on('biz_price')
    .columns(['site_id', 'type_id'])
    .unique()
    .where(sql<boolean>`is_deleted = 0 and price_state = 1`)
    .execute();

  // The lock simulator's devices, one row per lock number: what a real NB-IoT platform would know of each lock.
  await db.schema
    .createTable('biz_lock_sim')
    .addColumn('lock_no', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('online', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('battery', 'integer', (c) => c.notNull().defaultTo(100))
    .addColumn('signal_strength', 'integer', (c) => c.notNull().defaultTo(25))
    .addColumn('unlocked', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('update_time', 'timestamp')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['biz_lock_sim', 'biz_price', 'biz_equ', 'biz_type', 'biz_site', 'biz_company']) {
    await db.schema.dropTable(table).execute();
  }
}
